import type { FastifyPluginAsync } from 'fastify';
import { appEvents } from '../../app-events';
import { type ApiOptions, apiV1 } from './api.routes';
import { sweepKeys } from './idempotency';

/**
 * The merchant and executor API (DESIGN §9, §17), registered at its own prefix with its own OpenAPI document; its
 * idempotency keys are swept with the sessions.
 */
export const apiModule: FastifyPluginAsync<ApiOptions> = async (app, { openDispute }) => {
  appEvents.on('auth.swept', 'api', sweepIdempotencyKeys);
  await app.register(apiV1, { openDispute });
};

const sweepIdempotencyKeys = (db: Parameters<typeof sweepKeys>[0]) => sweepKeys(db);
