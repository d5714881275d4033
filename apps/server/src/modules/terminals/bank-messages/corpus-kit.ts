/** The pieces the bank message corpus is written with (corpus.ts). */
import type { BankSlug, IncomingBankMessage, ParsedBankMessage } from './parse';

export interface CorpusEntry {
  name: string;
  message: IncomingBankMessage;
  expected: ParsedBankMessage | null;
}

export const sms = (sender: string, body: string): IncomingBankMessage => ({ package: null, sender, body });
export const push = (packageName: string, sender: string | null, body: string): IncomingBankMessage => ({
  package: packageName,
  sender,
  body,
});

export function income(
  bank: BankSlug,
  amount: string,
  tail: string | null,
  counterparty: string | null,
): ParsedBankMessage {
  return { kind: 'operation', bank, operation: 'income', amount, currency: 'RUB', tail, counterparty };
}
export function outcome(
  bank: BankSlug,
  amount: string,
  tail: string | null,
  counterparty: string | null,
): ParsedBankMessage {
  return { kind: 'operation', bank, operation: 'outcome', amount, currency: 'RUB', tail, counterparty };
}
export const blocked = (bank: BankSlug, tail: string | null): ParsedBankMessage => ({ kind: 'blocked', bank, tail });

export const SBER_APP = 'ru.sberbankmobile';
export const TBANK_APP = 'com.idamob.tinkoff.android';
export const ALFA_APP = 'ru.alfabank.mobile.android';
export const VTB_APP = 'ru.vtb24.mobilebanking.android';
export const OZON_APP = 'ru.ozon.fintech.finance';
