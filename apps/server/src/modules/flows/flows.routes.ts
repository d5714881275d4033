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
import { requireUser } from '../../plugins/session';
import { restrictionTypeViews } from '../requisites/requisites.module';
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

  app.get(
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
    async (request) => ({ success: true as const, data: await listFlows(deps, request.query) }),
  );

  app.post(
    '/flow/',
    { config: manage, schema: { summary: 'Create a flow', tags, body: flowCreateSchema, response: one } },
    async (request) => ({
      success: true as const,
      data: await createFlow(deps, requireUser(request).id, request.body),
    }),
  );

  app.get(
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
    async (request) => ({
      success: true as const,
      data: await rateSources(deps, request.query.fiat_currency, request.query.crypto_currency, request.language),
    }),
  );

  app.patch(
    '/flow/:id',
    {
      config: manage,
      schema: { summary: 'Edit a flow', tags, params: idParams, body: flowUpdateSchema, response: one },
    },
    async (request) => ({
      success: true as const,
      data: await updateFlow(deps, requireUser(request).id, request.params.id, request.body),
    }),
  );

  app.delete(
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
    async (request) => {
      await deleteFlow(deps, requireUser(request).id, request.params.id);
      return { success: true as const, data: null };
    },
  );

  app.post(
    '/flow/:id/executor',
    {
      config: manage,
      schema: { summary: 'Add an executor to a flow', tags, params: idParams, body: executorAddSchema, response: one },
    },
    async (request) => ({
      success: true as const,
      data: await addExecutor(deps, requireUser(request).id, request.params.id, request.body),
    }),
  );

  app.delete(
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
    async (request) => ({
      success: true as const,
      data: await removeExecutor(deps, requireUser(request).id, request.params.id, request.params.bindId),
    }),
  );

  app.patch(
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
    async (request) => ({
      success: true as const,
      data: await setExecutorPriority(
        deps,
        requireUser(request).id,
        request.params.id,
        request.body.bind_id,
        request.body.priority,
      ),
    }),
  );

  app.patch(
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
    async (request) => ({
      success: true as const,
      data: await setRateSource(
        deps,
        requireUser(request).id,
        request.params.id,
        request.body.source,
        request.body.rate,
      ),
    }),
  );

  app.get(
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
    async (request) => ({
      success: true as const,
      data: await listTraderRestrictions(
        deps,
        { traderId: request.query['filter[trader_uuid]'], flowId: request.query['filter[flow_uuid]'] },
        request.language,
      ),
    }),
  );

  app.get(
    '/trader_restriction/type',
    {
      config: manage,
      schema: {
        summary: 'List trader restriction types',
        tags,
        response: replies({ 200: successEnvelope(z.array(restrictionTypeSchema)) }, readErrors),
      },
    },
    async (request) => ({
      success: true as const,
      data: restrictionTypeViews(traderRestrictionTypes, request.language, [...app.reference.paymentOptions.keys()]),
    }),
  );

  app.post(
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
    async (request) => ({
      success: true as const,
      data: await setTraderRestriction(deps, requireUser(request).id, request.body, request.language),
    }),
  );

  app.delete(
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
    async (request) => {
      await deleteTraderRestriction(deps, requireUser(request).id, request.params.id);
      return { success: true as const, data: null };
    },
  );
};
