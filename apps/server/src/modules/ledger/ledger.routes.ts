import { reconciliationSchema, successEnvelope } from '@paydesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readErrors, replies } from '../../http/replies';
import { typedRoutes } from '../../http/route';
import { reconcileLedger } from './ledger.reconcile';

/** GET /ledger/reconciliation: every balance recomputed from the entries, for an admin to see none differ. */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { answering } = typedRoutes(app);
  answering.get(
    '/ledger/reconciliation',
    {
      config: { access: 'ledger.reconcile' },
      schema: {
        summary: 'Reconcile the ledger',
        tags: ['ledger'],
        response: replies({ 200: successEnvelope(reconciliationSchema) }, readErrors),
      },
    },
    () => reconcileLedger(app.db),
  );
};
