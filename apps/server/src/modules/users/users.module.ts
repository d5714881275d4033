import type { FastifyPluginAsync } from 'fastify';
import { usersRoutes } from './users.routes';

export { createFirstAdmin } from './first-admin';
export { insuranceDueMinor } from './insurance';
export { partnerSystems } from './partner-systems.table';
export { sealPlainSecrets } from './secrets-at-rest';
export { announceUserChanged, sessionsChannel } from './user-news';
export { loadUser } from './users.read';
export type { NewTraderProfile, UserRow } from './users.repository';
export {
  anyUserExists,
  claimTwoFactorStep,
  feesOf,
  findUserById,
  findUserByInviteCode,
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
export { traderProfiles, users, userWebhooks } from './users.table';
export { auditSnapshot, feesView, isOnline, percentText } from './users.view';

/** The users module (DESIGN §17): its routes in the web app's API. */
export const usersModule: FastifyPluginAsync = async (app) => {
  await app.register(usersRoutes);
};
