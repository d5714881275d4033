import { reconciliationSchema, successEnvelope } from '@paydesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readErrors, replies } from '../../http/replies';
import { reconcileLedger } from './ledger.reconcile';

/** GET /ledger/reconciliation: every balance recomputed from the entries, for an admin to see none differ. */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ledger/reconciliation',
    {
      config: { access: 'ledger.reconcile' },
      schema: {
        summary: 'Reconcile the ledger',
        tags: ['ledger'],
        response: replies({ 200: successEnvelope(reconciliationSchema) }, readErrors),
      },
    },
    async () => ({ success: true as const, data: await reconcileLedger(app.db) }),
  );
};
