import type { FastifyPluginAsync } from 'fastify';
import { appEvents } from '../../app-events';
import {
  type AntiFraudEvent,
  antiFraudCheckJob,
  antiFraudSweepJob,
  antiFraudSweepSeconds,
  checkOfOrders,
} from './anti-fraud.jobs';
import { antiFraudRoutes } from './anti-fraud.routes';
import { caseOfBlockedRequisite } from './anti-fraud.rules';
import { runChecks, runOverdueSweep } from './anti-fraud.service';

export { antiFraudSettings } from './anti-fraud.table';

/**
 * The anti-fraud module (DESIGN §13, §17): its routes, the checks of the order events orders announce, the overdue
 * sweep, and a case on every requisite a bank blocked.
 */
export const antiFraudModule: FastifyPluginAsync = async (app) => {
  await app.register(antiFraudRoutes);
  appEvents.on('order.checks', 'anti-fraud', checkOfOrders);
  appEvents.on('requisite.blocked_by_bank', 'anti-fraud', caseOfBlockedRequisite);
  const { db } = app.deps;
  app.jobs.define(antiFraudCheckJob, {
    run: async ({ payload }) => {
      const event = String(payload.event) as AntiFraudEvent;
      await runChecks(db, (payload.orderIds as string[]) ?? [], event);
    },
  });
  app.jobs.define(antiFraudSweepJob, { run: () => runOverdueSweep(db).then(() => undefined) });
  app.jobs.schedule(antiFraudSweepJob, antiFraudSweepSeconds);
};
