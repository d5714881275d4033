/**
 * A list's date filter as instants: `date_from` starts its UTC day, `date_to` includes its whole UTC day. Every list
 * with `filter[date_from]` and `filter[date_to]` reads them through this one function.
 */
export function dateRange(from: string | undefined, to: string | undefined) {
  const dayMs = 24 * 3_600_000;
  return {
    from: from ? new Date(`${from}T00:00:00Z`) : undefined,
    until: to ? new Date(new Date(`${to}T00:00:00Z`).getTime() + dayMs) : undefined,
  };
}
