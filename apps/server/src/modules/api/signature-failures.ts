import type { FastifyRequest } from 'fastify';
import {
  type ApiSignatureFailureReason,
  apiKeyFailureWindowSeconds,
  apiSignatureFailureReasons,
  countApiSignatureFailure,
} from '../../lib/metrics';

/**
 * Failures naming one key in its window at which the log says so once (issue 31, F0); the alert
 * `PaydeskApiKeyFailingSignatures` fires at the same count (deploy/prometheus/alerts.yml).
 */
export const apiKeyFailureWarning = 50;

export const isSignatureFailure = (code: string): code is ApiSignatureFailureReason =>
  (apiSignatureFailureReasons as readonly string[]).includes(code);

/**
 * A refused signed request, measured (the metrics) rather than held against the key it names: the key id travels in
 * every request and is no secret, and its owner's correctly signed requests must go on. When one key's failures reach
 * `apiKeyFailureWarning` in a window, one warning names the key, so an operator can tell its owner.
 */
export function noteSignatureFailure(request: FastifyRequest, reason: ApiSignatureFailureReason): void {
  const header = request.headers['x-api-key'];
  const apiKey = typeof header === 'string' && header.length <= 200 ? header : null;
  const failures = countApiSignatureFailure(reason, apiKey);
  if (failures === apiKeyFailureWarning) {
    request.log.warn(
      { apiKey, failures, windowSeconds: apiKeyFailureWindowSeconds },
      'API key failing signatures: someone who knows this key id sends requests it cannot sign',
    );
  }
}
