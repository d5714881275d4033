import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../lib/errors';
import { createFailureLimit } from '../../lib/failure-limit';
import { requireUser } from '../../plugins/session';
import { createApiAuth } from './api.auth';
import { apiBodyLimit } from './api.openapi';
import { idempotencyPlugin } from './idempotency.plugin';
import { createRateLimit } from './rate-limit';
import { isSignatureFailure, noteSignatureFailure } from './signature-failures';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body was not JSON: refused once the signature has been checked. */
    bodyUnreadable: boolean;
  }
}

/**
 * What every request of the API meets before and after its route (DESIGN §9): the body kept as sent and parsed, the
 * signature checked (wrong ones throttled per address), the rate limit per key, the Idempotency-Key claimed, and its
 * answer kept or replayed.
 */
export async function registerApiHooks(app: FastifyInstance): Promise<void> {
  keepRawBody(app);
  app.decorateRequest('bodyUnreadable', false);
  app.decorateRequest('rawBody', '');

  const authenticate = createApiAuth(app, app.deps.secrets);
  const rateLimit = createRateLimit(app.config.API_RATE_LIMIT_PER_SECOND);
  const authFailures = createFailureLimit(app.config.LOGIN_MAX_FAILURES_PER_IP, app.config.LOGIN_WINDOW_SECONDS);
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config.signed) return;
    // Per address only (DESIGN §3): a key id is no secret, and a key's own signed requests are never refused for
    // failures elsewhere; those naming a key are measured instead.
    const failureKeys = [`ip:${request.ip}`];
    authFailures.assertAllowed(failureKeys);
    try {
      await authenticate(request);
    } catch (error) {
      if (error instanceof DomainError && isSignatureFailure(error.code)) {
        authFailures.recordFailure(failureKeys);
        noteSignatureFailure(request, error.code);
      }
      throw error;
    }
    if (request.bodyUnreadable) throw new DomainError('validation_failed', { _: ['validation.invalid'] });
    rateLimit(requireUser(request).id);
  });
  await app.register(idempotencyPlugin, {
    db: app.db,
    ownerOf: (request) => (request.routeOptions.config.signed ? requireUser(request).id : null),
  });
}

/** The signature covers the body as sent: the API keeps it, then parses it. */
function keepRawBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: apiBodyLimit },
    (request, body, done) => {
      request.rawBody = body as string;
      if (body === '') return done(null, undefined);
      try {
        done(null, JSON.parse(body as string));
      } catch {
        // Refused only after the signature is checked: an unsigned request learns nothing but 401.
        request.bodyUnreadable = true;
        done(null, undefined);
      }
    },
  );
}
