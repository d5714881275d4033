/**
 * Root key of every query whose answer depends on balances: wallets, balance summaries, histories, payments, real
 * wallets, the system balance. The real-time connection and every money mutation invalidate it whole, so no screen
 * keeps showing a balance the ledger no longer has. A module of its own, without schemas, because the real-time
 * connection (part of the entry) imports it: the contract's schemas must not join the entry (lib/zodWithoutEval.ts).
 */
export const moneyKey = ['money'] as const;
