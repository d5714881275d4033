import { emptyDataSchema } from '@paydesk/contract';
import { http } from '../../../lib/http';
import { useFlowMutation } from './flowMutation';

/** `DELETE /flow/{id}`: refused by the server while the flow has open orders (DESIGN §8). */
export async function deleteFlow(id: string): Promise<void> {
  emptyDataSchema.parse(await http.delete<unknown>(`/flow/${encodeURIComponent(id)}`));
}

export function useDeleteFlow() {
  return useFlowMutation(deleteFlow);
}
