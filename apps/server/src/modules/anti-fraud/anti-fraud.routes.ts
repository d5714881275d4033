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
import { evidenceBodyLimit } from '../../http/body-limit';
import { csvReplies, sendCsv, withoutPaging } from '../../http/csv';
import { readErrors, replies, writeErrors } from '../../http/replies';
import { typedRoutes, type ZodApp } from '../../http/route';
import { checkReceipt, exportCases, listCases, readSettings, releaseCase, updateSettings } from './anti-fraud.service';

const tags = ['anti-fraud'];

/** SPEC §7 "Anti-fraud and terminals": the rules' settings, the cases, their release, the receipts check. */
export const antiFraudRoutes: FastifyPluginAsyncZod = async (app) => {
  settingsRoutes(app);
  caseRoutes(app);
  receiptRoutes(app);
};

/** The rules' settings, read and changed. */
function settingsRoutes(app: ZodApp) {
  const { asUser, answering } = typedRoutes(app);
  const deps = { db: app.db, reference: app.reference };
  const settings = successEnvelope(antiFraudSettingsSchema);

  answering.get(
    '/anti_fraud/settings/',
    {
      config: { access: 'antiFraud.read' },
      schema: { summary: 'The anti-fraud settings', tags, response: replies({ 200: settings }, readErrors) },
    },
    () => readSettings(deps.db),
  );

  asUser.put(
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
    (request, user) => updateSettings(deps, user.id, request.body),
  );
}

/** The cases: their list, its export and a release. */
function caseRoutes(app: ZodApp) {
  const { asUser, answering } = typedRoutes(app);
  const deps = { db: app.db, reference: app.reference };
  answering.get(
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
    (request) => listCases(deps, request.query, request.language),
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

  asUser.patch(
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
    (request, user) => releaseCase(deps, user.id, request.params.guid, request.language),
  );
}

/** A receipt checked against the cases. */
function receiptRoutes(app: ZodApp) {
  const { asUser } = typedRoutes(app);
  const deps = { db: app.db, reference: app.reference };
  asUser.post(
    '/anti_fraud/receipt/',
    {
      bodyLimit: evidenceBodyLimit,
      config: { access: 'antiFraud.read' },
      schema: {
        summary: 'Check a receipt',
        tags,
        body: receiptCheckSchema,
        response: replies({ 200: successEnvelope(receiptCheckResultSchema) }, writeErrors),
      },
    },
    async (request, user) => {
      const viewer = { id: user.id, type: user.type, canManage: can(user, 'orders.manage') };
      return await checkReceipt(deps, viewer, request.body, request.language);
    },
  );
}
