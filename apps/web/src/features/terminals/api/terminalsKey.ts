/**
 * Root of every terminals query; mutations invalidate the lists under it. A module of its own, without schemas,
 * because the real-time connection (part of the entry) imports it: the contract's schemas must not join the entry
 * (lib/zodWithoutEval.ts).
 */
export const terminalsKey = ['terminals'] as const;
export const terminalListsKey = [...terminalsKey, 'list'] as const;
