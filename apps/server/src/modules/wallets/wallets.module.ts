import type { FastifyPluginAsync } from 'fastify';
import { walletsRoutes } from './wallets.routes';

export { addressOwner, markScannedUntil, watchedAddresses } from './deposit-addresses';
export type { WalletsService } from './wallets.service';
export { createWalletsService, loadDepositKey } from './wallets.service';
export type { DepositAddressRow } from './wallets.table';
export { depositAddresses } from './wallets.table';

/** The wallets module (DESIGN §17): its routes in the web app's API. */
export const walletsModule: FastifyPluginAsync = async (app) => {
  await app.register(walletsRoutes);
};
