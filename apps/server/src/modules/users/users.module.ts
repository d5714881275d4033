import type { FastifyPluginAsync } from 'fastify';
import { usersRoutes } from './users.routes';

export { createFirstAdmin } from './first-admin';
export { insuranceDueOf, insuranceOf, lockUnpaidInsurance, markInsurancePaid } from './insurance';
export {
  lockOwnAccount,
  saveWebhookSwitches,
  setApiCredentials,
  setNotificationKey,
  setNotificationUrl,
  setPendingTwoFactorSecret,
  turnTwoFactorOff,
  turnTwoFactorOn,
  webhookSwitchesOf,
} from './own-account';
export { partnerSystems } from './partner-systems.table';
export { isCurrentPassword, lockInvitee, replacePasswordHash, setInvitedPassword } from './passwords';
export { sealPlainSecrets } from './secrets-at-rest';
export { type SeededUser, seedUsers } from './seed-users';
export { acceptTwoFactorCode, markSignedIn, userSigningIn } from './sign-in';
export { announceUserChanged, sessionsChannel } from './user-news';
export { loadUser, ownFeeTiers, platformHasUsers, userById } from './users.read';
export type { UserRow } from './users.table';
export { traderProfiles, users, userWebhooks } from './users.table';
export { auditSnapshot, isOnline, percentText } from './users.view';

/** The users module (DESIGN §17): its routes in the web app's API. */
export const usersModule: FastifyPluginAsync = async (app) => {
  await app.register(usersRoutes);
};
