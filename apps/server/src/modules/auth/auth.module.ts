export { authSweepJob } from './auth.maintenance';
export { authRoutes } from './auth.routes';
export type { CurrentUsers } from './current-user';
export { createCurrentUsers } from './current-user';
export {
  announceUserChanged,
  endSessions,
  findLiveSession,
  findSocketUser,
  liveSocketTokens,
  sessionsChannel,
  touchSession,
} from './sessions.repository';
export { createThrottle } from './throttle';
