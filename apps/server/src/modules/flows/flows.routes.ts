import {
  executorAddSchema,
  executorPrioritySchema,
  flowCreateSchema,
  flowListQuerySchema,
  flowSchema,
  flowUpdateSchema,
  listEnvelope,
  rateSourceQuerySchema,
  rateSourceSchema,
  rateSourceUpdateSchema,
  restrictionTypeSchema,
  successEnvelope,
  traderRestrictionCreateSchema,
  traderRestrictionQuerySchema,
  traderRestrictionSchema,
} from '@paydesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readErrors, replies, writeErrors } from '../../http/replies';
import { typedRoutes, type ZodApp } from '../../http/route';
import { restrictionTypeViews } from '../../lib/restriction-types';
import {
  addExecutor,
  createFlow,
  deleteFlow,
  deleteTraderRestriction,
  listFlows,
  listTraderRestrictions,
  rateSources,
  removeExecutor,
  setExecutorPriority,
  setRateSource,
  setTraderRestriction,
  updateFlow,
} from './flows.service';
import { traderRestrictionTypes } from './trader-restriction-types';

const tags = ['flows'];
const one = replies({ 200: successEnvelope(flowSchema) }, writeErrors);
const idParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
const manage = { access: 'flows.manage' as const };

/** SPEC §7 "Flows and partners": flows, their executors, rates and the traders' restrictions (admin, not support). */
export const flowsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config, reference: app.reference };
  flowRoutes(app, deps);
  executorRoutes(app, deps);
  restrictionRoutes(app, deps);
};

type Deps = { db: ZodApp['db']; config: ZodApp['config']; reference: ZodApp['reference'] };

/** Flows: list, create, edit, delete, and the rate sources to choose from. */
function flowRoutes(app: ZodApp, deps: Deps) {
  const { asUser, answering } = typedRoutes(app);
  answering.get(
    '/flow',
    {
      config: manage,
      schema: {
        summary: 'List flows',
        tags,
        querystring: flowListQuerySchema,
        response: replies({ 200: listEnvelope(flowSchema) }, readErrors),
      },
    },
    (request) => listFlows(deps, request.query),
  );

  asUser.post(
    '/flow/',
    { config: manage, schema: { summary: 'Create a flow', tags, body: flowCreateSchema, response: one } },
    (request, user) => createFlow(deps, user.id, request.body),
  );

  answering.get(
    '/flow/currency_rate_source',
    {
      config: manage,
      schema: {
        summary: 'List rate sources',
        tags,
        querystring: rateSourceQuerySchema,
        response: replies({ 200: successEnvelope(z.array(rateSourceSchema)) }, readErrors),
      },
    },
    (request) => rateSources(deps, request.query.fiat_currency, request.query.crypto_currency, request.language),
  );

  asUser.patch(
    '/flow/:id',
    {
      config: manage,
      schema: { summary: 'Edit a flow', tags, params: idParams, body: flowUpdateSchema, response: one },
    },
    (request, user) => updateFlow(deps, user.id, request.params.id, request.body),
  );

  asUser.delete(
    '/flow/:id',
    {
      config: manage,
      schema: {
        summary: 'Delete a flow',
        tags,
        params: idParams,
        response: replies({ 200: successEnvelope(z.null()) }, writeErrors),
      },
    },
    async (request, user) => {
      await deleteFlow(deps, user.id, request.params.id);
      return null;
    },
  );
}

/** A flow's executors, their priority and its rate source. */
function executorRoutes(app: ZodApp, deps: Deps) {
  const { asUser } = typedRoutes(app);
  asUser.post(
    '/flow/:id/executor',
    {
      config: manage,
      schema: { summary: 'Add an executor to a flow', tags, params: idParams, body: executorAddSchema, response: one },
    },
    (request, user) => addExecutor(deps, user.id, request.params.id, request.body),
  );

  asUser.delete(
    '/flow/:id/executor/:bindId',
    {
      config: manage,
      schema: {
        summary: 'Remove an executor from a flow',
        tags,
        params: z.object({
          id: z.uuid({ error: 'validation.invalid' }),
          bindId: z.uuid({ error: 'validation.invalid' }),
        }),
        response: one,
      },
    },
    (request, user) => removeExecutor(deps, user.id, request.params.id, request.params.bindId),
  );

  asUser.patch(
    '/flow/:id/executor/priority',
    {
      config: manage,
      schema: {
        summary: "Order a flow's executors",
        tags,
        params: idParams,
        body: executorPrioritySchema,
        response: one,
      },
    },
    (request, user) =>
      setExecutorPriority(deps, user.id, request.params.id, request.body.bind_id, request.body.priority),
  );

  asUser.patch(
    '/flow/:id/currency_rate_source',
    {
      config: manage,
      schema: {
        summary: "Set a flow's rate source",
        tags,
        params: idParams,
        body: rateSourceUpdateSchema,
        response: one,
      },
    },
    (request, user) => setRateSource(deps, user.id, request.params.id, request.body.source, request.body.rate),
  );
}

/** The traders' restrictions on a flow. */
function restrictionRoutes(app: ZodApp, deps: Deps) {
  const { asUser, answering } = typedRoutes(app);
  answering.get(
    '/trader_restriction',
    {
      config: manage,
      schema: {
        summary: 'List trader restrictions',
        tags,
        querystring: traderRestrictionQuerySchema,
        response: replies({ 200: successEnvelope(z.array(traderRestrictionSchema)) }, readErrors),
      },
    },
    (request) =>
      listTraderRestrictions(
        deps,
        { traderId: request.query['filter[trader_uuid]'], flowId: request.query['filter[flow_uuid]'] },
        request.language,
      ),
  );

  answering.get(
    '/trader_restriction/type',
    {
      config: manage,
      schema: {
        summary: 'List trader restriction types',
        tags,
        response: replies({ 200: successEnvelope(z.array(restrictionTypeSchema)) }, readErrors),
      },
    },
    (request) =>
      restrictionTypeViews(traderRestrictionTypes, request.language, [...app.reference.paymentOptions.keys()]),
  );

  asUser.post(
    '/trader_restriction',
    {
      config: manage,
      schema: {
        summary: 'Add a trader restriction',
        tags,
        body: traderRestrictionCreateSchema,
        response: replies({ 200: successEnvelope(traderRestrictionSchema) }, writeErrors),
      },
    },
    (request, user) => setTraderRestriction(deps, user.id, request.body, request.language),
  );

  asUser.delete(
    '/trader_restriction/:id',
    {
      config: manage,
      schema: {
        summary: 'Remove a trader restriction',
        tags,
        params: idParams,
        response: replies({ 200: successEnvelope(z.null()) }, writeErrors),
      },
    },
    async (request, user) => {
      await deleteTraderRestriction(deps, user.id, request.params.id);
      return null;
    },
  );
}
