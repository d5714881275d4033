import type { z } from 'zod';
import { replies } from '../../http/replies';
import type { OpenapiOptions } from '../../plugins/openapi';

/** How a call is signed, kept idempotent and answered: one paragraph, which the Russian reference translates whole. */
export const apiCallsParagraph = [
  'Every request carries X-Api-Key, X-Timestamp (unix seconds, within 300 s of the server clock) and X-Signature:',
  'the hex HMAC-SHA256, under the API secret, of `timestamp + "." + METHOD + "." + path_with_query + "." + raw_body`',
  '(path_with_query as sent, e.g. `/api/v1/orders?client_order_id=a1`; raw_body empty for a GET).',
  'Every POST carries an Idempotency-Key: the same key with the same body answers the first answer again',
  '(header Idempotent-Replayed: true); another body is refused (422 idempotency_key_reused). The answer is kept',
  'with the change it answers, so a retry after any failure meets the first answer or nothing done; a second',
  'request while the first runs gets its answer, or 409 idempotency_in_flight (a conflict). Each key is rate',
  'limited (429 with Retry-After). Amounts are decimal strings.',
  'Answers are envelopes: { success: true, data } or { success: false, error: { code, message }, localized_message }.',
].join('\n');

const apiDescription = [
  'Machine-to-machine API of Paydesk for merchants (orders, balance) and executors (taking and confirming orders).',
  '',
  apiCallsParagraph,
].join('\n');

/** The largest JSON body of a call (a dispute's, with its file, has its own). */
export const apiBodyLimit = 64 * 1024;

/** The OpenAPI document of the merchant and executor API (DESIGN §9): how a request is signed and made idempotent. */
export const apiOpenapi: OpenapiOptions = {
  title: 'Paydesk merchant and executor API',
  bodyLimit: apiBodyLimit,
  description: apiDescription,
  securitySchemes: {
    apiKey: {
      type: 'apiKey',
      in: 'header',
      name: 'X-Api-Key',
      description: 'The API key of the merchant or executor.',
    },
    timestamp: {
      type: 'apiKey',
      in: 'header',
      name: 'X-Timestamp',
      description: 'Unix seconds; within 300 s of the server.',
    },
    signature: {
      type: 'apiKey',
      in: 'header',
      name: 'X-Signature',
      description: 'hex HMAC-SHA256(secret, timestamp + "." + METHOD + "." + path_with_query + "." + raw_body)',
    },
  },
  security: ['apiKey', 'timestamp', 'signature'],
  tags: [
    {
      name: 'merchant',
      'x-displayName': 'Merchant',
      description: 'Orders of a merchant: pay-ins and pay-outs, their appeals, and the balance.',
    },
    {
      name: 'executor',
      'x-displayName': 'Executor',
      description: 'Orders of an executor: the pay-outs it may take, and marking an order paid.',
    },
  ],
  postHeaders: {
    'Idempotency-Key': {
      description: 'Unique per request; the same key with the same body answers the first answer again (24 h).',
      maxLength: 200,
      // What the API's hook accepts: printable ASCII without spaces.
      pattern: '^[\\x21-\\x7e]+$',
    },
  },
};

const signedErrors = [401, 403, 404, 409, 422, 429] as const;
/** What each refusal means here, with the codes a client meets under it. */
const signedMeanings = {
  401: 'The request is not signed right (api_key_invalid, timestamp_invalid, signature_invalid).',
  403: "The key's owner may not make this call (forbidden, account_blocked, account_inactive).",
  404: "No such order, or another owner's (not_found).",
  409:
    'Conflicts with the current state (order_status_conflict, client_order_id_taken, idempotency_in_flight, ' +
    'dispute_exists, dispute_not_allowed).',
  422:
    'Refused: `errors` holds the messages per field (validation_failed, idempotency_key_required, ' +
    'idempotency_key_reused, flow_unavailable, rate_unavailable, no_executor_available, pricing_invalid, ' +
    'insufficient_funds).',
  429: "Beyond the key's rate: Retry-After says how many seconds to wait (throttled).",
} as const;
/** The answers of a signed call: its success and every refusal a signed call meets, each with its meaning. */
export const signedReplies = <S extends Record<number, z.ZodType>>(success: S) =>
  replies(success, signedErrors, signedMeanings);
