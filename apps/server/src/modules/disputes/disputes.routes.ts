import {
  disputeCreateSchema,
  disputeListQuerySchema,
  disputeReasonSchema,
  disputeSchema,
  disputeStatusUpdateSchema,
  listEnvelope,
  successEnvelope,
} from '@paydesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { evidenceBodyLimit } from '../../http/body-limit';
import { csvReplies, sendCsv, withoutPaging } from '../../http/csv';
import { readErrors, replies, writeErrors } from '../../http/replies';
import { typedRoutes, type ZodApp } from '../../http/route';
import { sendStoredFile, storedFileSchema } from '../../http/stored-file';
import { requireUser } from '../../plugins/session';
import {
  closeDispute,
  type DisputeDeps,
  exportDisputes,
  listDisputes,
  openDispute,
  readDisputeFile,
} from './disputes.service';
import { disputeReasonList } from './disputes.view';

const tags = ['disputes'];
const one = successEnvelope(disputeSchema);
const uuidParams = z.object({ uuid: z.uuid({ error: 'validation.invalid' }) });

/** SPEC §7 "Orders and disputes": the reasons, the APPEALS lists, opening and closing disputes, the evidence. */
export const disputesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config, reference: app.reference, files: app.files };
  listRoutes(app, deps);
  disputeRoutes(app, deps);
};

/** What the disputes are: their reasons, the lists of each role and the export. */
function listRoutes(app: ZodApp, deps: DisputeDeps) {
  const { asUser, answering } = typedRoutes(app);
  answering.get(
    '/dispute/reason',
    {
      config: { access: 'orders.read' },
      schema: {
        summary: 'List dispute reasons',
        tags,
        response: replies({ 200: successEnvelope(z.array(disputeReasonSchema)) }, readErrors),
      },
    },
    () => disputeReasonList(),
  );

  // The role paths of the order lists (SPEC §6, §7): each role sees the disputes of its own orders.
  for (const [path, access, summary] of [
    ['/dispute/', 'orders.all', 'List disputes'],
    ['/merchant/dispute/', 'orders.merchant', 'List my disputes (merchant)'],
    ['/trader/dispute/', 'orders.trader', 'List my disputes (trader)'],
    ['/partner/dispute/', 'orders.partner', 'List my disputes (partner)'],
  ] as const) {
    asUser.get(
      path,
      {
        config: { access },
        schema: {
          summary,
          tags,
          querystring: disputeListQuerySchema,
          response: replies({ 200: listEnvelope(disputeSchema) }, readErrors),
        },
      },
      (request, user) => listDisputes(deps, user, request.query, request.language),
    );
  }

  app.get(
    '/dispute/export.csv',
    {
      config: { access: 'orders.all' },
      schema: {
        summary: 'Export disputes as CSV',
        tags,
        querystring: disputeListQuerySchema.omit(withoutPaging),
        response: csvReplies,
      },
    },
    async (request, reply) =>
      sendCsv(reply, 'disputes', exportDisputes(deps, requireUser(request), request.query, request.language)),
  );
}

/** One dispute: opening it, resolving it, and its files. */
function disputeRoutes(app: ZodApp, deps: DisputeDeps) {
  const { asUser } = typedRoutes(app);
  asUser.post(
    '/dispute',
    {
      bodyLimit: evidenceBodyLimit,
      config: { access: 'disputes.manage' },
      schema: {
        summary: 'Open a dispute',
        tags,
        body: disputeCreateSchema,
        response: replies({ 200: one }, writeErrors),
      },
    },
    async (request, user) => {
      const { order_uuid: orderId, ...body } = request.body;
      return await openDispute(deps, user, orderId, body, request.language);
    },
  );

  asUser.put(
    '/dispute/:uuid/status',
    {
      config: { access: 'disputes.manage' },
      schema: {
        summary: 'Resolve a dispute',
        tags,
        params: uuidParams,
        body: disputeStatusUpdateSchema,
        response: replies({ 200: one }, writeErrors),
      },
    },
    (request, user) => closeDispute(deps, user.id, request.params.uuid, request.body, request.language),
  );

  app.get(
    '/dispute/file/:uuid',
    {
      config: { access: 'orders.read' },
      schema: {
        tags,
        params: uuidParams,
        summary: 'A file of a dispute, to an admin, its merchant and its executor',
        ...storedFileSchema,
      },
    },
    async (request, reply) =>
      sendStoredFile(reply, await readDisputeFile(deps, requireUser(request), request.params.uuid)),
  );
}
