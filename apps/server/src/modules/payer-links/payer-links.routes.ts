import { payerPageSettingsSchema, payerPageSettingsUpdateSchema, successEnvelope } from '@paydesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readErrors, replies, writeErrors } from '../../http/replies';
import { typedRoutes } from '../../http/route';
import { readPayerPageSettings, updatePayerPageSettings } from './payer-links.settings';

const tags = ['settings'];
const settings = successEnvelope(payerPageSettingsSchema);

/** The merchant's settings of its payer's page (DESIGN §20), beside its other settings in the web app's API. */
export const payerPageSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { asUser } = typedRoutes(app);
  asUser.get(
    '/user/payer_page',
    {
      config: { access: 'payerPage.manage' },
      schema: { summary: "My payer's page settings", tags, response: replies({ 200: settings }, readErrors) },
    },
    (_request, user) => readPayerPageSettings(app.db, user.id),
  );

  asUser.put(
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
    (request, user) => updatePayerPageSettings(app.db, user.id, request.body),
  );
};
