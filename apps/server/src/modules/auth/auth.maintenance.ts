import type { FastifyInstance } from 'fastify';
import { deleteStaleSessions } from './sessions.repository';
import { deleteEndedWindows } from './throttle.repository';

const intervalMs = 10 * 60_000;

/** Removes ended sessions and throttling windows; any number of processes may run it at once. */
export async function sweepAuthState(app: FastifyInstance, now = new Date()): Promise<void> {
  const idleSince = new Date(now.getTime() - app.config.SESSION_IDLE_MINUTES * 60_000);
  await deleteStaleSessions(app.db, idleSince);
  await deleteEndedWindows(app.db, now);
}

export async function authMaintenance(app: FastifyInstance): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      sweepAuthState(app).catch((error: unknown) => app.log.warn({ err: error }, 'auth sweep failed'));
    }, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
