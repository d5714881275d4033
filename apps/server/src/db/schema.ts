/** Every table of the platform, one file per feature; drizzle-kit reads this list. */
export * from '../modules/auth/auth.table';
export * from '../modules/users/users.table';
