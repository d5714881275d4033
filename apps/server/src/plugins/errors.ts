import type { ErrorCode, ErrorEnvelope } from '@paydesk/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { translate } from '../i18n/messages';
import { DomainError } from '../lib/errors';

const statusOf: Record<ErrorCode, number> = {
  unauthenticated: 401,
  invalid_credentials: 401,
  two_factor_required: 401,
  forbidden: 403,
  account_blocked: 403,
  account_inactive: 403,
  not_found: 404,
  conflict: 409,
  csrf_mismatch: 419,
  validation_failed: 422,
  password_incorrect: 422,
  invite_invalid: 422,
  two_factor_invalid: 422,
  insufficient_funds: 422,
  throttled: 429,
  internal_error: 500,
};

export function sendError(request: FastifyRequest, reply: FastifyReply, error: DomainError): FastifyReply {
  // A validation failure reads best as its first field message, which names what to fix.
  const firstField = error.code === 'validation_failed' ? Object.values(error.fields ?? {})[0]?.[0] : undefined;
  const localized = translate(request.language, firstField ?? error.code, error.params);
  const body: ErrorEnvelope = {
    success: false,
    error: { code: error.code, message: translate('en', error.code, error.params) },
    localized_message: localized,
  };
  if (error.fields) {
    body.errors = Object.fromEntries(
      Object.entries(error.fields).map(([field, keys]) => [field, keys.map((key) => translate(request.language, key))]),
    );
  }
  if (error.code === 'throttled' && error.params?.seconds !== undefined) {
    reply.header('retry-after', String(error.params.seconds));
  }
  return reply.status(statusOf[error.code]).send(body);
}

/** Turns body/query validation issues into `{ field: [message keys] }`. */
function validationFields(error: FastifyError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  if (!hasZodFastifySchemaValidationErrors(error)) return { _: ['validation.invalid'] };
  for (const issue of error.validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    const missing = issue.keyword === 'invalid_type' && issue.params.input === undefined;
    // A missing field reads "required", unless its schema names a message of its own ("Please select a trader.").
    const ownKey = issue.message?.startsWith('validation.') && issue.message !== 'validation.invalid';
    const key = missing && !ownKey ? 'validation.required' : (issue.message ?? 'validation.invalid');
    fields[field] = [...(fields[field] ?? []), key];
  }
  return fields;
}

/** Maps every failure to the envelope of DESIGN §2; a 5xx never leaks internals. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof DomainError) return sendError(request, reply, error);
      if (error.validation)
        return sendError(request, reply, new DomainError('validation_failed', validationFields(error)));
      const status = error.statusCode ?? 500;
      if (status === 415 || status === 400 || status === 413) {
        return sendError(request, reply, new DomainError('validation_failed', { _: ['validation.invalid'] }));
      }
      if (status === 429) return sendError(request, reply, new DomainError('throttled', undefined, { seconds: 60 }));
      request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, new DomainError('internal_error'));
    });
  },
  { name: 'errors', dependencies: ['context'] },
);
