import type { IncomingMessage } from 'node:http';
import type { ErrorCode, ErrorEnvelope } from '@paydesk/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isMessageKey, translate } from '../i18n/messages';
import { DomainError } from '../lib/errors';

const statusOf: Record<ErrorCode, number> = {
  unauthenticated: 401,
  invalid_credentials: 401,
  api_key_invalid: 401,
  timestamp_invalid: 401,
  signature_invalid: 401,
  two_factor_required: 401,
  two_factor_locked: 401,
  forbidden: 403,
  account_blocked: 403,
  account_inactive: 403,
  root_protected: 403,
  not_found: 404,
  conflict: 409,
  trader_exists: 409,
  idempotency_in_flight: 409,
  client_order_id_taken: 409,
  order_status_conflict: 409,
  terminal_status_conflict: 409,
  dispute_not_allowed: 409,
  dispute_exists: 409,
  dispute_status_conflict: 409,
  anti_fraud_case_released: 409,
  device_token_invalid: 401,
  forwarding_token_invalid: 401,
  forwarding_signature_invalid: 401,
  forwarding_timestamp_invalid: 401,
  pairing_code_invalid: 422,
  flow_has_open_orders: 409,
  requisite_has_open_orders: 409,
  csrf_mismatch: 419,
  validation_failed: 422,
  password_incorrect: 422,
  invite_invalid: 422,
  two_factor_invalid: 422,
  insufficient_funds: 422,
  idempotency_key_required: 422,
  idempotency_key_reused: 422,
  flow_unavailable: 422,
  rate_unavailable: 422,
  no_executor_available: 422,
  pricing_invalid: 422,
  return_url_not_allowed: 422,
  throttled: 429,
  internal_error: 500,
  service_unavailable: 503,
  bad_request: 400,
  uri_too_long: 414,
  headers_too_large: 431,
};

/**
 * Codes and messages of a database that refused, dropped or did not answer a connection or a statement: the
 * platform is briefly unavailable (503, retry), not broken (500).
 */
const unavailableCodes = new Set([
  'DATABASE_UNAVAILABLE',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '25P03', // idle_in_transaction_session_timeout
]);
const unavailableMessages =
  /Query read timeout|timeout exceeded when trying to connect|Connection terminated|connection timeout|Client has encountered a connection error|Connection ended unexpectedly|Client was closed and is not queryable/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 5; depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (unavailableCodes.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && unavailableMessages.test(message)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** How long a client is asked to wait (Retry-After) when the platform is briefly unavailable. */
const unavailableRetrySeconds = 5;

/** The HTTP status of a domain error code; the OpenAPI document lists the same statuses. */
export const httpStatusOf = (code: ErrorCode): number => statusOf[code];

export function sendError(request: FastifyRequest, reply: FastifyReply, error: DomainError): FastifyReply {
  // A validation failure reads best as its first field message, which names what to fix.
  const firstKey = error.code === 'validation_failed' ? Object.values(error.fields ?? {})[0]?.[0] : undefined;
  const firstText = Object.values(error.localizedFields ?? {})[0]?.[0];
  const localized = firstKey
    ? translate(request.language, firstKey, error.params)
    : (firstText ?? translate(request.language, error.code, error.params));
  const body: ErrorEnvelope = {
    success: false,
    error: { code: error.code, message: translate('en', error.code, error.params) },
    localized_message: localized,
  };
  if (error.fields || error.localizedFields) {
    body.errors = {
      ...Object.fromEntries(
        Object.entries(error.fields ?? {}).map(([field, keys]) => [
          field,
          keys.map((key) => translate(request.language, key)),
        ]),
      ),
      ...error.localizedFields,
    };
  }
  if (error.code === 'throttled' && error.params?.seconds !== undefined) {
    reply.header('retry-after', String(error.params.seconds));
  }
  // Briefly unavailable (the database, a shutdown): the client is told when to try again.
  if (error.code === 'service_unavailable') reply.header('retry-after', String(unavailableRetrySeconds));
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
    const ownKey = issue.message !== undefined && isMessageKey(issue.message) && issue.message !== 'validation.invalid';
    const key = missing && !ownKey ? 'validation.required' : (issue.message ?? 'validation.invalid');
    fields[field] = [...(fields[field] ?? []), key];
  }
  return fields;
}

/**
 * Text no column can keep: a NUL character, or half of a UTF-16 surrogate pair (`"A\ud800"`), which is no character
 * at all. PostgreSQL refuses both in JSON and text (a 500) or stores the half as U+FFFD, silently changed.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL character is exactly what is refused here.
const invalidText = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first string (or object key) that holds invalid text. */
function invalidTextPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return invalidText.test(value) ? path || '_' : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (invalidText.test(key)) return path || '_';
    const found = invalidTextPath(item, here, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * What an internal error may leave in the log: its kind, its message without the query's parameters (a failed query
 * carries the values it was given: password hashes, secrets), the database's code and the stack frames. Never a value.
 */
export function loggableError(error: unknown): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  if (!(error instanceof Error))
    return { type: typeof error, message: 'a thrown value that is not an Error', stack: '' };
  const redact = (text: string) => text.replace(/\nparams:[\s\S]*$/, '\nparams: [redacted]');
  const cause = error.cause as { code?: unknown; message?: unknown; routine?: unknown } | undefined;
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  return {
    type: error.name,
    message: redact(error.message),
    ...(cause && typeof cause === 'object'
      ? {
          cause: {
            code: typeof cause.code === 'string' ? cause.code : undefined,
            message: typeof cause.message === 'string' ? redact(cause.message) : undefined,
          },
        }
      : {}),
    stack: frames.join('\n'),
  };
}

/** Maps every failure to the envelope of DESIGN §2; a user's mistake is a 4xx, and a 5xx never leaks internals. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    // A NUL character or a lone surrogate is a user's mistake, not a server error: refused before any route sees it.
    app.addHook('preValidation', (request, _reply, done) => {
      for (const value of [request.body, request.query, request.params]) {
        const path = invalidTextPath(value, '');
        if (path) return done(new DomainError('validation_failed', { [path]: ['validation.nul'] }));
      }
      done();
    });

    // Shutting down (DESIGN §18): a request that arrives on a connection still open once the server stops taking new
    // ones is a 503 in the envelope with Retry-After, like a database fault, instead of Fastify's own body (app.ts
    // turns that off). Decided as it arrives, as Fastify decides it: a request taken before still runs to its end.
    // Fastify stops routing and then runs the preClose hooks, this one first of them.
    let closing = false;
    const refused = new WeakSet<IncomingMessage>();
    app.server.prependListener('request', (raw: IncomingMessage) => {
      if (closing) refused.add(raw);
    });
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onRequest', (request, reply, done) => {
      if (!refused.has(request.raw)) return done();
      // Answered before any route runs: the envelope as it is, not through the route's own schema (/readyz's 503).
      reply.serializer((payload: unknown) => JSON.stringify(payload));
      sendError(request, reply, new DomainError('service_unavailable'));
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof DomainError) return sendError(request, reply, error);
      if (error.validation)
        return sendError(request, reply, new DomainError('validation_failed', validationFields(error)));
      const status = error.statusCode ?? 500;
      if (status === 413) {
        return sendError(request, reply, new DomainError('validation_failed', { _: ['validation.request_too_large'] }));
      }
      if (status === 415 || status === 400) {
        return sendError(request, reply, new DomainError('validation_failed', { _: ['validation.invalid'] }));
      }
      if (status === 429) return sendError(request, reply, new DomainError('throttled', undefined, { seconds: 60 }));
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ failure: loggableError(error) }, 'database unavailable');
        return sendError(request, reply, new DomainError('service_unavailable'));
      }
      request.log.error({ failure: loggableError(error) }, 'request failed');
      return sendError(request, reply, new DomainError('internal_error'));
    });
  },
  { name: 'errors', dependencies: ['context'] },
);
