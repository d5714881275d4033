import type { FastifyPluginAsync } from 'fastify';
import { ledgerRoutes } from './ledger.routes';

export type { AccountKey } from './accounts';
export { accountKeyText, openUserAccounts } from './accounts';
export type { OwnEntry } from './entry-events';
export { eventCodeOf, eventParts, mainAccountOf } from './entry-events';
export { balancesOf, platformTotals, zeroBalances } from './ledger.read';
export { reconcileLedger } from './ledger.reconcile';
export type { TransferSpec } from './ledger.service';
export { lockedBalances, platformAccount, postTransfers, postTransfersAtEnd, userAccount } from './ledger.service';
export { ledgerAccounts, ledgerEntries } from './ledger.table';

/** The ledger module (DESIGN §17): its routes in the web app's API. */
export const ledgerModule: FastifyPluginAsync = async (app) => {
  await app.register(ledgerRoutes);
};
