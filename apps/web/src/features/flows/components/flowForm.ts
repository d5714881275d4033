import { type Flow, type FlowCreate, flowDefaults, type RateSource } from '@paydesk/contract';

/** What the create form holds; the rate is the text as typed. */
export interface FlowFormValues {
  name: string;
  merchant_uuid: string;
  fiat_currency: string;
  crypto_currency: string;
  is_active: boolean;
  currency_rate_source: RateSource;
  currency_rate: string;
}

/** A new flow starts as the draft of SPEC §3 and §9: RUB to USDT, inactive, at a manual rate. */
export const emptyFlowForm: FlowFormValues = {
  name: '',
  merchant_uuid: '',
  fiat_currency: flowDefaults.fiat_currency,
  crypto_currency: flowDefaults.crypto_currency,
  is_active: flowDefaults.is_active,
  currency_rate_source: 'manual',
  currency_rate: '',
};

/** The create body before the contract checks it: the rate goes along only with the manual source (SPEC §5). */
export function createInput(values: FlowFormValues): FlowCreate {
  const { currency_rate, ...rest } = values;
  return rest.currency_rate_source === 'manual' ? { ...rest, currency_rate } : rest;
}

/** The edit form's values: the name and whether orders may use the flow. */
export interface FlowEditValues {
  name: string;
  is_active: boolean;
}

export const editValuesOf = (flow: Flow): FlowEditValues => ({ name: flow.name, is_active: flow.is_active });

/** The PATCH body: only what changed (blanks around the name do not count), or null when nothing did. */
export function editChanges(flow: Flow, values: FlowEditValues): Partial<FlowEditValues> | null {
  const changes: Partial<FlowEditValues> = {};
  if (values.name.trim() !== flow.name) changes.name = values.name;
  if (values.is_active !== flow.is_active) changes.is_active = values.is_active;
  return Object.keys(changes).length > 0 ? changes : null;
}

/** The contract's messages are keys such as `flows.errors.rate`; inside this namespace they are `errors.rate`. */
export const contractKey = (key: string) => key.replace(/^flows\./, '');
