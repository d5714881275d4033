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
import { requireUser } from '../../plugins/session';
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

  app.get(
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
    async (request) => ({
      success: true as const,
      data: await listPartnerSystems(deps, request.query, request.language),
    }),
  );

  app.get(
    '/partner-system/:slug',
    {
      config: { access: 'partners.read' },
      schema: { summary: 'One partner system', tags, params: slugParams, response: replies({ 200: one }, readErrors) },
    },
    async (request) => ({
      success: true as const,
      data: await getPartnerSystem(deps, request.params.slug, request.language),
    }),
  );

  app.get(
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
    async (request) => ({
      success: true as const,
      data: await partnerBalanceLog(deps, request.params.slug, request.query, request.language),
    }),
  );

  app.post(
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
    async (request) => ({
      success: true as const,
      data: await createPartnerSystem(deps, requireUser(request).id, request.body, request.language),
    }),
  );

  app.put(
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
    async (request) => ({
      success: true as const,
      data: await updatePartnerSystem(
        deps,
        requireUser(request).id,
        request.params.slug,
        request.body,
        request.language,
      ),
    }),
  );
};
