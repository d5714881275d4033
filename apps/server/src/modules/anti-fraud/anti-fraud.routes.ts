import {
  antiFraudCaseSchema,
  antiFraudListQuerySchema,
  antiFraudSettingsSchema,
  antiFraudSettingsUpdateSchema,
  can,
  listEnvelope,
  receiptCheckResultSchema,
  receiptCheckSchema,
  successEnvelope,
} from '@paydesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvReplies, sendCsv, withoutPaging } from '../../http/csv';
import { readErrors, replies, writeErrors } from '../../http/replies';
import { requireUser } from '../../plugins/session';
import { disputeBodyLimit } from '../disputes/disputes.module';
import { checkReceipt, exportCases, listCases, readSettings, releaseCase, updateSettings } from './anti-fraud.service';

const tags = ['anti-fraud'];

/** SPEC §7 "Anti-fraud and terminals": the rules' settings, the cases, their release, the receipts check. */
export const antiFraudRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, reference: app.reference };
  const settings = successEnvelope(antiFraudSettingsSchema);

  app.get(
    '/anti_fraud/settings/',
    {
      config: { access: 'antiFraud.read' },
      schema: { summary: 'The anti-fraud settings', tags, response: replies({ 200: settings }, readErrors) },
    },
    async () => ({ success: true as const, data: await readSettings(deps.db) }),
  );

  app.put(
    '/anti_fraud/settings/',
    {
      config: { access: 'antiFraud.manage' },
      schema: {
        summary: 'Change the anti-fraud settings',
        tags,
        body: antiFraudSettingsUpdateSchema,
        response: replies({ 200: settings }, writeErrors),
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateSettings(deps, requireUser(request).id, request.body),
    }),
  );

  app.get(
    '/anti_fraud/',
    {
      config: { access: 'antiFraud.read' },
      schema: {
        summary: 'List anti-fraud cases',
        tags,
        querystring: antiFraudListQuerySchema,
        response: replies({ 200: listEnvelope(antiFraudCaseSchema) }, readErrors),
      },
    },
    async (request) => ({ success: true as const, data: await listCases(deps, request.query, request.language) }),
  );

  app.get(
    '/anti_fraud/export.csv',
    {
      config: { access: 'antiFraud.read' },
      schema: {
        summary: 'Export anti-fraud cases as CSV',
        tags,
        querystring: antiFraudListQuerySchema.omit(withoutPaging),
        response: csvReplies,
      },
    },
    async (request, reply) => sendCsv(reply, 'anti-fraud', exportCases(deps, request.query, request.language)),
  );

  app.patch(
    '/anti_fraud/:guid/release',
    {
      config: { access: 'antiFraud.manage' },
      schema: {
        summary: 'Release an anti-fraud case',
        tags,
        params: z.object({ guid: z.uuid({ error: 'validation.invalid' }) }),
        response: replies({ 200: successEnvelope(antiFraudCaseSchema) }, writeErrors),
      },
    },
    async (request) => ({
      success: true as const,
      data: await releaseCase(deps, requireUser(request).id, request.params.guid, request.language),
    }),
  );

  app.post(
    '/anti_fraud/receipt/',
    {
      bodyLimit: disputeBodyLimit,
      config: { access: 'antiFraud.read' },
      schema: {
        summary: 'Check a receipt',
        tags,
        body: receiptCheckSchema,
        response: replies({ 200: successEnvelope(receiptCheckResultSchema) }, writeErrors),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const viewer = { id: user.id, type: user.type, canManage: can(user, 'orders.manage') };
      return { success: true as const, data: await checkReceipt(deps, viewer, request.body, request.language) };
    },
  );
};
