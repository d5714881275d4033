import type { executorAddSchema, Flow } from '@paydesk/contract';
import type { z } from 'zod';
import { http } from '../../../lib/http';
import { parseFlow, useFlowMutation } from './flowMutation';

export interface ExecutorAddition {
  flowId: string;
  body: z.output<typeof executorAddSchema>;
}

/** `POST /flow/{id}/executor`: a trader or a partner, once per flow ('This trader is already added!'). */
export async function addExecutor({ flowId, body }: ExecutorAddition): Promise<Flow> {
  return parseFlow(await http.post<unknown>(`/flow/${encodeURIComponent(flowId)}/executor`, body));
}

export function useAddExecutor() {
  return useFlowMutation(addExecutor);
}
