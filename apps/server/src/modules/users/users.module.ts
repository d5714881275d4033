export { createFirstAdmin } from './first-admin';
export { insuranceDueMinor } from './insurance';
export { sealPlainSecrets } from './secrets-at-rest';
export type { NewTraderProfile, UserRow } from './users.repository';
export {
  anyUserExists,
  claimTwoFactorStep,
  feesOf,
  findUserById,
  findUserByUsername,
  findUserWithProfile,
  insertUser,
  lockTraderProfile,
  markSeen,
  replaceAgentLinks,
  replaceFees,
  updatePasswordHash,
  updateTraderProfile,
  updateUser,
  upsertWebhooks,
  webhooksOf,
} from './users.repository';
export { usersRoutes } from './users.routes';
export { traderProfiles, users, userWebhooks } from './users.table';
export { feesView, isOnline, percentText } from './users.view';
