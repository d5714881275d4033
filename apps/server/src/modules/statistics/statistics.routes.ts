import {
  directionDetailsSchema,
  directionIdSchema,
  directionQuerySchema,
  directionSchema,
  listEnvelope,
  myStatisticQuerySchema,
  statisticQuerySchema,
  statisticSchema,
  successEnvelope,
} from '@paydesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readErrors, replies } from '../../http/replies';
import { typedRoutes } from '../../http/route';
import { directionDetails, listDirections } from './directions.read';
import { type StatisticScope, statisticOf } from './statistics.read';

const tags = ['statistics'];
const statistic = replies({ 200: successEnvelope(statisticSchema) }, readErrors);

/** SPEC §7 statistic calls, DESIGN §13 directions: the admin's views and everyone's own numbers. */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { asUser, answering } = typedRoutes(app);
  const deps = { db: app.db, reference: app.reference, config: app.config };

  answering.get(
    '/order/statistic/',
    {
      config: { access: 'statistics.read' },
      schema: { summary: 'Order statistics', tags, querystring: statisticQuerySchema, response: statistic },
    },
    (request) => statisticOf(deps, { kind: 'platform' }, request.query, request.language),
  );

  asUser.get(
    '/my/order/statistic/',
    {
      config: { access: 'statistic.read' },
      schema: { summary: 'My order statistics', tags, querystring: myStatisticQuerySchema, response: statistic },
    },
    async (request, user) => {
      const scope: StatisticScope =
        user.type === 'merchant'
          ? { kind: 'merchant', userId: user.id }
          : user.type === 'agent'
            ? { kind: 'agent', userId: user.id }
            : { kind: 'executor', userId: user.id };
      return await statisticOf(deps, scope, request.query, request.language);
    },
  );

  answering.get(
    '/direction',
    {
      config: { access: 'directions.read' },
      schema: {
        summary: 'List directions',
        tags,
        querystring: directionQuerySchema,
        response: replies({ 200: listEnvelope(directionSchema) }, readErrors),
      },
    },
    (request) => listDirections(deps, request.query, request.language),
  );

  answering.get(
    '/direction/:id',
    {
      config: { access: 'directions.read' },
      schema: {
        summary: 'One direction',
        tags,
        params: z.object({ id: directionIdSchema }),
        response: replies({ 200: successEnvelope(directionDetailsSchema) }, readErrors),
      },
    },
    (request) => directionDetails(deps, request.params.id, request.language),
  );
};
