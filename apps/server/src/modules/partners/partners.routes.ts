import {
  balanceLogEntrySchema,
  balanceLogQuerySchema,
  listEnvelope,
  partnerSystemCreateSchema,
  partnerSystemListQuerySchema,
  partnerSystemListSchema,
  partnerSystemSchema,
  partnerSystemUpdateSchema,
  successEnvelope,
} from '@paydesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readErrors, replies, writeErrors } from '../../http/replies';
import { typedRoutes, type ZodApp } from '../../http/route';
import {
  createPartnerSystem,
  getPartnerSystem,
  listPartnerSystems,
  partnerBalanceLog,
  updatePartnerSystem,
} from './partners.service';

const tags = ['partners'];
const slugParams = z.object({ slug: z.string().trim().min(1).max(100) });
const one = successEnvelope(partnerSystemSchema);

/** SPEC §7 "Flows and partners" and §2.20: partner payment systems (read by admins, changed by full admins). */
export const partnersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, reference: app.reference };
  partnerReads(app, deps);
  partnerWrites(app, deps);
};

type Deps = { db: ZodApp['db']; reference: ZodApp['reference'] };

/** The partner systems' list, one of them and its balance log. */
function partnerReads(app: ZodApp, deps: Deps) {
  const { answering } = typedRoutes(app);
  answering.get(
    '/partner-system',
    {
      config: { access: 'partners.read' },
      schema: {
        summary: 'List partner systems',
        tags,
        querystring: partnerSystemListQuerySchema,
        response: replies({ 200: partnerSystemListSchema }, readErrors),
      },
    },
    (request) => listPartnerSystems(deps, request.query, request.language),
  );

  answering.get(
    '/partner-system/:slug',
    {
      config: { access: 'partners.read' },
      schema: { summary: 'One partner system', tags, params: slugParams, response: replies({ 200: one }, readErrors) },
    },
    (request) => getPartnerSystem(deps, request.params.slug, request.language),
  );

  answering.get(
    '/partner-system/:slug/balance-log',
    {
      config: { access: 'partners.read' },
      schema: {
        summary: "A partner system's balance log",
        tags,
        params: slugParams,
        querystring: balanceLogQuerySchema,
        response: replies({ 200: listEnvelope(balanceLogEntrySchema) }, readErrors),
      },
    },
    (request) => partnerBalanceLog(deps, request.params.slug, request.query, request.language),
  );
}

/** A new partner system, and a change of one. */
function partnerWrites(app: ZodApp, deps: Deps) {
  const { asUser } = typedRoutes(app);
  asUser.post(
    '/partner-system',
    {
      config: { access: 'partners.manage' },
      schema: {
        summary: 'Create a partner system',
        tags,
        body: partnerSystemCreateSchema,
        response: replies({ 200: one }, writeErrors),
      },
    },
    (request, user) => createPartnerSystem(deps, user.id, request.body, request.language),
  );

  asUser.put(
    '/partner-system/:slug',
    {
      config: { access: 'partners.manage' },
      schema: {
        summary: 'Edit a partner system',
        tags,
        params: slugParams,
        body: partnerSystemUpdateSchema,
        response: replies({ 200: one }, writeErrors),
      },
    },
    (request, user) => updatePartnerSystem(deps, user.id, request.params.slug, request.body, request.language),
  );
}
