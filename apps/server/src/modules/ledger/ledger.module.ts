import type { FastifyPluginAsync } from 'fastify';
import { ledgerRoutes } from './ledger.routes';

export type { OwnEntry } from './entry-events';
export { eventCodeOf, eventParts, mainAccountOf } from './entry-events';
export { reconcileLedger } from './ledger.reconcile';
export { balancesOf, openUserAccounts, platformTotals, zeroBalances } from './ledger.repository';
export type { AccountKey, TransferSpec } from './ledger.service';
export {
  accountKeyText,
  lockedBalances,
  platformAccount,
  postTransfers,
  postTransfersAtEnd,
  userAccount,
} from './ledger.service';
export { ledgerAccounts, ledgerEntries } from './ledger.table';

/** The ledger module (DESIGN §17): its routes in the web app's API. */
export const ledgerModule: FastifyPluginAsync = async (app) => {
  await app.register(ledgerRoutes);
};
