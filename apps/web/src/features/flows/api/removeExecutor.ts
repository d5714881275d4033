import type { Flow } from '@paydesk/contract';
import { http } from '../../../lib/http';
import { parseFlow, useFlowMutation } from './flowMutation';

export interface ExecutorRemoval {
  flowId: string;
  bindId: string;
}

/** `DELETE /flow/{id}/executor/{bindId}`. */
export async function removeExecutor({ flowId, bindId }: ExecutorRemoval): Promise<Flow> {
  const path = `/flow/${encodeURIComponent(flowId)}/executor/${encodeURIComponent(bindId)}`;
  return parseFlow(await http.delete<unknown>(path));
}

export function useRemoveExecutor() {
  return useFlowMutation(removeExecutor);
}
