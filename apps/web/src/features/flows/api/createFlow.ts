import type { Flow, flowCreateSchema } from '@paydesk/contract';
import type { z } from 'zod';
import { http } from '../../../lib/http';
import { parseFlow, useFlowMutation } from './flowMutation';

export type FlowCreateBody = z.output<typeof flowCreateSchema>;

/** `POST /flow/`: a flow of a merchant for a currency pair; the rate goes along only for the manual source (SPEC §5). */
export async function createFlow(body: FlowCreateBody): Promise<Flow> {
  return parseFlow(await http.post<unknown>('/flow/', body));
}

export function useCreateFlow() {
  return useFlowMutation(createFlow);
}
