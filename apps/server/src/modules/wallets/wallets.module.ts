import type { FastifyPluginAsync } from 'fastify';
import { walletsRoutes } from './wallets.routes';

export type { DepositAddressRow } from './wallets.repository';
export { allAddresses, findAddress, setScannedUntil } from './wallets.repository';
export type { WalletsService } from './wallets.service';
export { createWalletsService, loadDepositKey } from './wallets.service';
export { depositAddresses } from './wallets.table';

/** The wallets module (DESIGN §17): its routes in the web app's API. */
export const walletsModule: FastifyPluginAsync = async (app) => {
  await app.register(walletsRoutes);
};
