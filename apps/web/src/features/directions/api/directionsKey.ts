/**
 * Root of every directions query. A module of its own, without schemas, because the real-time connection (part of
 * the entry) imports it to refresh the list on order events: the contract's schemas must not join the entry
 * (lib/zodWithoutEval.ts).
 */
export const directionsKey = ['directions'] as const;
export const directionListsKey = [...directionsKey, 'list'] as const;
