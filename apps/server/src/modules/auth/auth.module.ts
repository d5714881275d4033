import type { FastifyPluginAsync } from 'fastify';
import { appEvents } from '../../app-events';
import { authSweepJob } from './auth.maintenance';
import { authRoutes } from './auth.routes';
import { endAllSessions } from './sessions';

export type { CurrentUsers } from './current-user';
export { createCurrentUsers } from './current-user';
export { sessionStore, socketSessions } from './sessions';
export { createThrottle } from './throttle';

/**
 * The auth module (DESIGN §3, §17): sign-in, sessions and passwords; ends a user's sessions when users revoke the
 * user's access, and sweeps what has ended.
 */
export const authModule: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  appEvents.on('user.access_revoked', 'auth', endAllSessions);
  const { db, config } = app.deps;
  app.jobs.define('auth.sweep', authSweepJob(db, config.SESSION_IDLE_MINUTES));
  app.jobs.schedule('auth.sweep', config.SESSION_SWEEP_SECONDS);
};
