import { errorEnvelopeSchema } from '@paydesk/contract';
import type { z } from 'zod';

/** The statuses a route may answer a refusal with (DESIGN §2), each documented with its own schema. */
export type ErrorStatus = 401 | 403 | 404 | 409 | 419 | 422 | 429;

/** What each refusal means, as the OpenAPI document tells it. */
const meaning: Record<ErrorStatus, string> = {
  401: 'Not signed in (unauthenticated, invalid_credentials, two_factor_required).',
  403: 'Not allowed to this user (forbidden, account_blocked, account_inactive, root_protected).',
  404: "Not found, or another owner's.",
  409: 'Conflicts with the current state (conflict).',
  419: 'The XSRF token is missing or wrong (csrf_mismatch).',
  422: 'Invalid input: `errors` holds the messages per field (validation_failed and the domain refusals).',
  429: 'Too many attempts: Retry-After says how many seconds to wait (throttled).',
};

/** A guarded read: not signed in, not allowed, not found (or another owner's), a bad query. */
export const readErrors = [401, 403, 404, 422] as const satisfies readonly ErrorStatus[];
/** A guarded change: the read refusals, a conflict with the current state, the CSRF token, throttling. */
export const writeErrors = [401, 403, 404, 409, 419, 422, 429] as const satisfies readonly ErrorStatus[];

/**
 * The response schemas of a route: its successes, and the error envelope under each refusal status it can answer.
 * One schema per status, never a `4xx` range, so the OpenAPI document says exactly what a client meets.
 */
export function replies<S extends Record<number, z.ZodType>, E extends readonly ErrorStatus[]>(
  success: S,
  errors: E,
  meanings: Partial<Record<ErrorStatus, string>> = {},
) {
  const refusals = Object.fromEntries(
    errors.map((status) => [status, errorEnvelopeSchema.describe(meanings[status] ?? meaning[status])]),
  ) as Record<E[number], typeof errorEnvelopeSchema>;
  const described = Object.fromEntries(
    Object.entries(success).map(([status, schema]) => [status, schema.describe(schema.description ?? 'Success.')]),
  ) as S;
  return { ...described, ...refusals };
}
