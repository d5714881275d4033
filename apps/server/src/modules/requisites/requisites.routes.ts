import {
  listEnvelope,
  requisiteInputSchema,
  requisiteListQuerySchema,
  requisiteSchema,
  requisiteUpdateSchema,
  restrictionSchema,
  restrictionsUpdateSchema,
  restrictionTypeSchema,
  successEnvelope,
} from '@paydesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvReplies, sendCsv, withoutPaging } from '../../http/csv';
import { readErrors, replies, writeErrors } from '../../http/replies';
import { requireUser } from '../../plugins/session';
import {
  createRequisite,
  exportRequisites,
  getRequisite,
  listRequisites,
  replaceRequisiteRestrictions,
  requisiteRestrictions,
  updateRequisite,
} from './requisites.service';
import { requisiteRestrictionTypes, restrictionTypeViews } from './restriction-types';

const tags = ['requisites'];
const one = successEnvelope(requisiteSchema);
const idParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
const restrictions = successEnvelope(z.array(restrictionSchema));

/** SPEC §7 "Requisites": the admin's list, a trader's own (role prefix /trader), add, edit and restrictions. */
export const requisitesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, reference: app.reference };
  const list = {
    tags,
    querystring: requisiteListQuerySchema,
    response: replies({ 200: listEnvelope(requisiteSchema) }, readErrors),
  };

  app.get(
    '/requisite',
    { config: { access: 'requisites.read' }, schema: { ...list, summary: 'List requisites' } },
    async (request) => ({
      success: true as const,
      data: await listRequisites(deps, requireUser(request), request.query, request.language),
    }),
  );

  app.get(
    '/requisite/export.csv',
    {
      config: { access: 'requisites.read' },
      schema: {
        summary: 'Export requisites as CSV',
        tags,
        querystring: requisiteListQuerySchema.omit(withoutPaging),
        response: csvReplies,
      },
    },
    async (request, reply) =>
      sendCsv(reply, 'requisites', exportRequisites(deps, requireUser(request), request.query, request.language)),
  );

  app.get(
    '/trader/requisite',
    { config: { access: 'requisites.own' }, schema: { ...list, summary: 'List my requisites' } },
    async (request) => ({
      success: true as const,
      data: await listRequisites(deps, requireUser(request), request.query, request.language),
    }),
  );

  app.get(
    '/requisite/restriction/type',
    {
      config: { access: 'session' },
      schema: {
        summary: 'List requisite restriction types',
        tags,
        querystring: z.object({ count: z.literal('all').optional() }),
        response: replies({ 200: successEnvelope(z.array(restrictionTypeSchema)) }, readErrors),
      },
    },
    async (request) => ({
      success: true as const,
      data: restrictionTypeViews(requisiteRestrictionTypes, request.language),
    }),
  );

  app.get(
    '/requisite/:id',
    {
      config: { access: 'requisites.view' },
      schema: { summary: 'One requisite', tags, params: idParams, response: replies({ 200: one }, readErrors) },
    },
    async (request) => ({
      success: true as const,
      data: await getRequisite(deps, requireUser(request), request.params.id, request.language),
    }),
  );

  app.post(
    '/requisite',
    {
      config: { access: 'requisites.write' },
      schema: {
        summary: 'Add a requisite',
        tags,
        body: requisiteInputSchema,
        response: replies({ 200: one }, writeErrors),
      },
    },
    async (request) => ({
      success: true as const,
      data: await createRequisite(deps, requireUser(request), request.body, request.language),
    }),
  );

  app.put(
    '/requisite/:id',
    {
      config: { access: 'requisites.write' },
      schema: {
        summary: 'Edit a requisite',
        tags,
        params: idParams,
        body: requisiteUpdateSchema,
        response: replies({ 200: one }, writeErrors),
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateRequisite(deps, requireUser(request), request.params.id, request.body, request.language),
    }),
  );

  app.get(
    '/requisite/:id/restrictions',
    {
      config: { access: 'requisites.view' },
      schema: {
        summary: "A requisite's restrictions",
        tags,
        params: idParams,
        response: replies({ 200: restrictions }, readErrors),
      },
    },
    async (request) => ({
      success: true as const,
      data: await requisiteRestrictions(deps, requireUser(request), request.params.id),
    }),
  );

  app.put(
    '/requisite/:id/restrictions',
    {
      config: { access: 'requisites.write' },
      schema: {
        summary: "Set a requisite's restrictions",
        tags,
        params: idParams,
        body: restrictionsUpdateSchema,
        response: replies({ 200: restrictions }, writeErrors),
      },
    },
    async (request) => ({
      success: true as const,
      data: await replaceRequisiteRestrictions(
        deps,
        requireUser(request),
        request.params.id,
        request.body,
        request.language,
      ),
    }),
  );
};
