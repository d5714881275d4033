import type { Flow, flowUpdateSchema } from '@paydesk/contract';
import type { z } from 'zod';
import { http } from '../../../lib/http';
import { parseFlow, useFlowMutation } from './flowMutation';

export interface FlowChange {
  id: string;
  changes: z.output<typeof flowUpdateSchema>;
}

/** `PATCH /flow/{id}`: the name, and whether orders may use the flow. */
export async function updateFlow({ id, changes }: FlowChange): Promise<Flow> {
  return parseFlow(await http.patch<unknown>(`/flow/${encodeURIComponent(id)}`, changes));
}

export function useUpdateFlow() {
  return useFlowMutation(updateFlow);
}
