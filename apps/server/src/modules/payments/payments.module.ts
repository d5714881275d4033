import type { FastifyPluginAsync } from 'fastify';
import { paymentsRoutes } from './payments.routes';
import { createTronGridWatcher } from './sources/trongrid';

export type { DemoChain } from './sources/demo';
export { createDemoChain } from './sources/demo';
export { requestWithdrawal } from './withdrawals';

/** The payments module (DESIGN §4, §17): its routes and the TronGrid watcher of deposits when one is configured. */
export const paymentsModule: FastifyPluginAsync = async (app) => {
  await app.register(paymentsRoutes);
  const { db, config } = app.deps;
  if (config.TRONGRID_URL) app.jobs.define('deposits.poll', createTronGridWatcher({ db, config, log: app.log }).job);
  app.jobs.schedule('deposits.poll', config.TRONGRID_URL ? config.DEPOSIT_POLL_SECONDS : null);
};
