import type { FastifyPluginAsync } from 'fastify';
import { bankMessageRoutes } from './bank-messages/bank-messages.routes';
import { terminalsRoutes } from './terminals.routes';
import { heartbeatSweepJob, heartbeatSweepSeconds, sweepLostConnections } from './terminals.service';

export type { MessageResult } from './bank-messages/settle';
export { receiveBankMessages } from './bank-messages/settle';
export { deviceApi } from './device.routes';
export { placeTerminal } from './place-terminal';
export type { RequisiteBlockedByBank } from './terminal-news';
export type { DeviceDetails } from './terminals.table';
export { terminalRequisites, terminals } from './terminals.table';

/**
 * The terminals module (DESIGN §11, §17): its routes in the web app's API and the sweep of devices gone quiet. The
 * device API (`deviceApi`) is registered beside, at its own prefix.
 */
export const terminalsModule: FastifyPluginAsync = async (app) => {
  await app.register(terminalsRoutes);
  await app.register(bankMessageRoutes);
  app.jobs.define(heartbeatSweepJob, { run: () => sweepLostConnections(app.deps).then(() => undefined) });
  app.jobs.schedule(heartbeatSweepJob, heartbeatSweepSeconds);
};
