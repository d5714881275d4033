export type { OwnEntry } from './entry-events';
export { eventCodeOf, eventParts, mainAccountOf } from './entry-events';
export { reconcileLedger } from './ledger.reconcile';
export { balancesOf, openUserAccounts, platformTotals, zeroBalances } from './ledger.repository';
export { ledgerRoutes } from './ledger.routes';
export type { AccountKey, TransferSpec } from './ledger.service';
export { accountKeyText, lockedBalances, platformAccount, postTransfers, userAccount } from './ledger.service';
export { ledgerAccounts, ledgerEntries } from './ledger.table';
