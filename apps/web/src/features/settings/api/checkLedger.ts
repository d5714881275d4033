import { type Reconciliation, reconciliationSchema } from '@paydesk/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/**
 * `GET /ledger/reconciliation` (admin but support): every balance recomputed from the ledger's entries. It reads the
 * whole ledger, so it runs when the admin asks, never on its own; that is why it is a mutation, not a query.
 */
export async function checkLedger(): Promise<Reconciliation> {
  return reconciliationSchema.parse(await http.get<unknown>('/ledger/reconciliation'));
}

export function useCheckLedger() {
  return useMutation({ mutationFn: checkLedger });
}
