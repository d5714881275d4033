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
import { typedRoutes, type ZodApp } from '../../http/route';
import { restrictionTypeViews } from '../../lib/restriction-types';
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
import { requisiteRestrictionTypes } from './restriction-types';

const tags = ['requisites'];
const one = successEnvelope(requisiteSchema);
const idParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
const restrictions = successEnvelope(z.array(restrictionSchema));

/** SPEC §7 "Requisites": the admin's list, a trader's own (role prefix /trader), add, edit and restrictions. */
export const requisitesRoutes: FastifyPluginAsyncZod = async (app) => {
  requisiteLists(app);
  requisiteChanges(app);
  restrictionRoutes(app);
};

/** The admin's list and its export, a trader's own list, and the payment types to choose from. */
function requisiteLists(app: ZodApp) {
  const { asUser, answering } = typedRoutes(app);
  const deps = { db: app.db, reference: app.reference };
  const list = {
    tags,
    querystring: requisiteListQuerySchema,
    response: replies({ 200: listEnvelope(requisiteSchema) }, readErrors),
  };

  asUser.get(
    '/requisite',
    { config: { access: 'requisites.read' }, schema: { ...list, summary: 'List requisites' } },
    (request, user) => listRequisites(deps, user, request.query, request.language),
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

  asUser.get(
    '/trader/requisite',
    { config: { access: 'requisites.own' }, schema: { ...list, summary: 'List my requisites' } },
    (request, user) => listRequisites(deps, user, request.query, request.language),
  );

  answering.get(
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
    (request) => restrictionTypeViews(requisiteRestrictionTypes, request.language),
  );
}

/** One requisite, a new one and a change of one. */
function requisiteChanges(app: ZodApp) {
  const { asUser } = typedRoutes(app);
  const deps = { db: app.db, reference: app.reference };
  asUser.get(
    '/requisite/:id',
    {
      config: { access: 'requisites.view' },
      schema: { summary: 'One requisite', tags, params: idParams, response: replies({ 200: one }, readErrors) },
    },
    (request, user) => getRequisite(deps, user, request.params.id, request.language),
  );

  asUser.post(
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
    (request, user) => createRequisite(deps, user, request.body, request.language),
  );

  asUser.put(
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
    (request, user) => updateRequisite(deps, user, request.params.id, request.body, request.language),
  );
}

/** A requisite's restrictions, read and replaced. */
function restrictionRoutes(app: ZodApp) {
  const { asUser } = typedRoutes(app);
  const deps = { db: app.db, reference: app.reference };
  asUser.get(
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
    (request, user) => requisiteRestrictions(deps, user, request.params.id),
  );

  asUser.put(
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
    (request, user) => replaceRequisiteRestrictions(deps, user, request.params.id, request.body, request.language),
  );
}
