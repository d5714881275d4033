import { z } from 'zod';

/** Wire conventions of DESIGN §2: every response is an envelope, every list has context and pagination. */

export * from './constants';

import { defaultPageSize, maxPageSize } from './constants';
import { lazySchema } from './lazy';

export const errorCodes = [
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'csrf_mismatch',
  'validation_failed',
  'throttled',
  'invalid_credentials',
  'two_factor_required',
  'account_blocked',
  'account_inactive',
  'password_incorrect',
  'invite_invalid',
  'two_factor_invalid',
  'two_factor_locked',
  'insufficient_funds',
  'root_protected',
  'trader_exists',
  'api_key_invalid',
  'timestamp_invalid',
  'signature_invalid',
  'idempotency_key_required',
  'idempotency_key_reused',
  'idempotency_in_flight',
  'flow_unavailable',
  'rate_unavailable',
  'no_executor_available',
  'pricing_invalid',
  'client_order_id_taken',
  'return_url_not_allowed',
  'order_status_conflict',
  'flow_has_open_orders',
  'requisite_has_open_orders',
  'pairing_code_invalid',
  'device_token_invalid',
  'forwarding_token_invalid',
  'forwarding_signature_invalid',
  'forwarding_timestamp_invalid',
  'terminal_status_conflict',
  'dispute_not_allowed',
  'dispute_exists',
  'dispute_status_conflict',
  'anti_fraud_case_released',
  'internal_error',
  'service_unavailable',
  'bad_request',
  'uri_too_long',
  'headers_too_large',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorEnvelopeSchema = lazySchema(() =>
  z
    .object({
      success: z.literal(false),
      error: z.object({ code: z.string(), message: z.string() }),
      localized_message: z.string(),
      errors: z.record(z.string(), z.array(z.string())).optional(),
    })
    .meta({ id: 'ErrorEnvelope', description: 'A refusal: a stable code, its English message and the localized one.' }),
);
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/** The data of an answer that says only that it was done (sign-out, a password set, a deletion). */
export const emptyDataSchema = lazySchema(() => z.null());

export const paginationSchema = lazySchema(() =>
  z
    .object({
      total_count: z.number().int(),
      per_page: z.number().int(),
      current_page: z.number().int(),
      page_number: z.number().int(),
      /** Set when the total is the database's estimate: a very long list is not counted row by row on every page. */
      total_is_estimate: z.boolean().optional(),
    })
    .meta({ id: 'Pagination' }),
);
export type Pagination = z.infer<typeof paginationSchema>;

/** The pagination of a list that also pages by keyset (the balance history): the next page's `cursor`. */
export const keysetPaginationSchema = lazySchema(() =>
  paginationSchema.extend({ next_cursor: z.string().nullable() }).meta({ id: 'KeysetPagination' }),
);
export type KeysetPagination = z.infer<typeof keysetPaginationSchema>;

export const filterOptionSchema = lazySchema(() => z.object({ value: z.string(), label: z.string() }));

/** A filter the server accepts for a list, rendered by the web's filter bar. */
export const availableFilterSchema = lazySchema(() =>
  z
    .object({
      name: z.string(),
      label: z.string(),
      type: z.enum(['text', 'select', 'multiselect', 'boolean', 'date']),
      options: z.array(filterOptionSchema).optional(),
    })
    .meta({ id: 'AvailableFilter' }),
);
export type AvailableFilter = z.infer<typeof availableFilterSchema>;

export function listEnvelope<T extends z.ZodType>(item: T) {
  return successEnvelope(
    z.object({
      items: z.array(item),
      context: z.object({ available_filters: z.array(availableFilterSchema), pagination: paginationSchema }),
    }),
  );
}

/** A list that pages by keyset as well as by number: its pagination carries the next page's cursor. */
export function keysetListEnvelope<T extends z.ZodType>(item: T) {
  return successEnvelope(
    z.object({
      items: z.array(item),
      context: z.object({ available_filters: z.array(availableFilterSchema), pagination: keysetPaginationSchema }),
    }),
  );
}

export interface KeysetListData<T> {
  items: T[];
  context: { available_filters: AvailableFilter[]; pagination: KeysetPagination };
}

/** A list whose context also carries a total of its own (the partner systems' balance in all). */
export function listEnvelopeWithTotal<T extends z.ZodType, Total extends z.ZodType>(item: T, total: Total) {
  return successEnvelope(
    z.object({
      items: z.array(item),
      context: z.object({
        available_filters: z.array(availableFilterSchema),
        pagination: paginationSchema,
        total,
      }),
    }),
  );
}

export interface ListData<T> {
  items: T[];
  context: { available_filters: AvailableFilter[]; pagination: Pagination };
}

/** `page` from 1, `count` one of any size up to the maximum, `sort` as `-created_at`. */
export const listQuerySchema = lazySchema(() =>
  z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    count: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
    sort: z
      .string()
      .regex(/^-?[a-z_]+$/)
      .optional(),
  }),
);
export type ListQuery = z.infer<typeof listQuerySchema>;

export function paginate(total: number, query: { page: number; count: number }, estimated = false): Pagination {
  return {
    total_count: total,
    per_page: query.count,
    current_page: query.page,
    page_number: Math.max(1, Math.ceil(total / query.count)),
    ...(estimated ? { total_is_estimate: true } : {}),
  };
}
