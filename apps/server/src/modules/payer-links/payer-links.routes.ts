import { payerPageSettingsSchema, payerPageSettingsUpdateSchema, successEnvelope } from '@paydesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readErrors, replies, writeErrors } from '../../http/replies';
import { requireUser } from '../../plugins/session';
import { readPayerPageSettings, updatePayerPageSettings } from './payer-links.settings';

const tags = ['settings'];
const settings = successEnvelope(payerPageSettingsSchema);

/** The merchant's settings of its payer's page (DESIGN §20), beside its other settings in the web app's API. */
export const payerPageSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/payer_page',
    {
      config: { access: 'payerPage.manage' },
      schema: { summary: "My payer's page settings", tags, response: replies({ 200: settings }, readErrors) },
    },
    async (request) => ({ success: true as const, data: await readPayerPageSettings(app.db, requireUser(request).id) }),
  );

  app.put(
    '/user/payer_page',
    {
      config: { access: 'payerPage.manage' },
      schema: {
        summary: "Change my payer's page settings",
        tags,
        body: payerPageSettingsUpdateSchema,
        response: replies({ 200: settings }, writeErrors),
      },
    },
    async (request) => ({
      success: true as const,
      data: await updatePayerPageSettings(app.db, requireUser(request).id, request.body),
    }),
  );
};
