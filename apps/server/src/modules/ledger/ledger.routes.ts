import { errorEnvelopeSchema, reconciliationSchema, successEnvelope } from '@paydesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reconcileLedger } from './ledger.reconcile';

/** GET /ledger/reconciliation: every balance recomputed from the entries, for an admin to see none differ. */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ledger/reconciliation',
    {
      config: { access: 'ledger' },
      schema: {
        tags: ['ledger'],
        response: { 200: successEnvelope(reconciliationSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async () => ({ success: true as const, data: await reconcileLedger(app.db) }),
  );
};
