/**
 * Root of every anti-fraud query: a release, a settings change or a new case reloads what hangs under it. A module of
 * its own, without schemas, because the real-time connection (part of the entry) imports it: the contract's schemas
 * must not join the entry, which sets zod's configuration before any schema is made (lib/zodWithoutEval.ts).
 */
export const antiFraudKey = ['anti-fraud'] as const;
export const caseListsKey = [...antiFraudKey, 'cases'] as const;
