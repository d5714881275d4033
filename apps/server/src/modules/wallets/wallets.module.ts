export type { DepositAddressRow } from './wallets.repository';
export { allAddresses, findAddress, setScannedUntil } from './wallets.repository';
export { walletsRoutes } from './wallets.routes';
export type { WalletsService } from './wallets.service';
export { createWalletsService, loadDepositKey } from './wallets.service';
export { depositAddresses } from './wallets.table';
