/** Every table of the platform, one file per feature; drizzle-kit reads this list. */
export * from '../modules/anti-fraud/anti-fraud.table';
export * from '../modules/audit/audit.table';
export * from '../modules/auth/auth.table';
export * from '../modules/disputes/disputes.table';
export * from '../modules/flows/flows.table';
export * from '../modules/jobs/jobs.table';
export * from '../modules/ledger/ledger.table';
export * from '../modules/orders/orders.table';
export * from '../modules/partners/partners.table';
export * from '../modules/payments/payments.table';
export * from '../modules/reference/reference.table';
export * from '../modules/requisites/requisites.table';
export * from '../modules/statistics/statistics.table';
export * from '../modules/terminals/terminals.table';
export * from '../modules/users/users.table';
export * from '../modules/wallets/wallets.table';
