/** PostgreSQL's code for a unique violation, as `pg` reports it and as Drizzle wraps it (in `cause`). */
const uniqueViolation = '23505';

/** Whether a query failed on a unique index: two writers raced for the same row, or a value is taken. */
export function isUniqueViolation(error: unknown): boolean {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  return code === uniqueViolation || cause?.code === uniqueViolation;
}
