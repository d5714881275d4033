/** Every table of the platform, one file per feature; drizzle-kit reads this list. */
export * from '../modules/auth/auth.table';
export * from '../modules/ledger/ledger.table';
export * from '../modules/payments/payments.table';
export * from '../modules/users/users.table';
export * from '../modules/wallets/wallets.table';
