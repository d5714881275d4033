import type { Flow, RateSource } from '@paydesk/contract';
import { http } from '../../../lib/http';
import { parseFlow, useFlowMutation } from './flowMutation';

export interface RateSourceChange {
  flowId: string;
  source: RateSource;
  /** Sent only with the manual source. */
  rate?: string;
}

/** `PATCH /flow/{flow_uuid}/currency_rate_source`: the source, and its rate when manual. */
export async function setRateSource({ flowId, source, rate }: RateSourceChange): Promise<Flow> {
  const body = source === 'manual' ? { source, rate } : { source };
  return parseFlow(await http.patch<unknown>(`/flow/${encodeURIComponent(flowId)}/currency_rate_source`, body));
}

export function useSetRateSource() {
  return useFlowMutation(setRateSource);
}
