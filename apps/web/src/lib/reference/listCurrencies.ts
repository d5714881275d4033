import { currencySchema } from '@paydesk/contract';
import { type ReferenceList, useReferenceList } from './referenceQuery';

export type CurrencyKind = 'fiat' | 'crypto';

/** `GET /currency/fiat/` and `GET /currency/crypto/`: the currencies of the platform, named in the request's language. */
export const currencies = (kind: CurrencyKind): ReferenceList<typeof currencySchema> => ({
  name: `${kind}-currencies`,
  path: `/currency/${kind}/`,
  item: currencySchema,
});

export function useCurrencies(kind: CurrencyKind, enabled = true) {
  return useReferenceList(currencies(kind), enabled);
}
