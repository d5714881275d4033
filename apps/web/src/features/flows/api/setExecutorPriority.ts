import type { Flow } from '@paydesk/contract';
import { http } from '../../../lib/http';
import { parseFlow, useFlowMutation } from './flowMutation';

export interface PriorityChange {
  flowId: string;
  bindId: string;
  priority: number;
}

/** `PATCH /flow/{id}/executor/priority`: 0 to 10, 10 is served first. */
export async function setExecutorPriority({ flowId, bindId, priority }: PriorityChange): Promise<Flow> {
  const path = `/flow/${encodeURIComponent(flowId)}/executor/priority`;
  return parseFlow(await http.patch<unknown>(path, { bind_id: bindId, priority }));
}

export function useSetExecutorPriority() {
  return useFlowMutation(setExecutorPriority);
}
