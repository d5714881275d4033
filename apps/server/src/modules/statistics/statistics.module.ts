import type { FastifyPluginAsync } from 'fastify';
import {
  directionsRefreshJob,
  directionsRefreshSeconds,
  refreshDirections,
  refreshStatistics,
  statisticsRefreshJob,
  statisticsRefreshSeconds,
} from './statistics.refresh';
import { statisticsRoutes } from './statistics.routes';

/** The statistics module (DESIGN §13, §17): its routes and the refreshes of its tables. */
export const statisticsModule: FastifyPluginAsync = async (app) => {
  await app.register(statisticsRoutes);
  const { db } = app.deps;
  app.jobs.define(statisticsRefreshJob, { run: () => refreshStatistics(db).then(() => undefined) });
  app.jobs.define(directionsRefreshJob, { run: () => refreshDirections(db) });
  app.jobs.schedule(statisticsRefreshJob, statisticsRefreshSeconds);
  app.jobs.schedule(directionsRefreshJob, directionsRefreshSeconds);
};
