/** The pieces the bank message corpus is written with (corpus.ts). */
import type { BankSlug, IncomingBankMessage, ParsedBankMessage } from './parser-kit';

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

/**
 * Bodies built to make the parsers' patterns backtrack: a thousand-digit amount, and 4,096-character runs of what the
 * patterns look for. The parsers must read each as nothing, without throwing; bench/bank-messages.ts times them beside
 * ordinary messages (a test never times anything).
 */
export const hostileBodies: readonly string[] = [
  `Зачисление ${'9'.repeat(1_000)}р`,
  `Зачисление ${'9'.repeat(900)}р`,
  '1 '.repeat(2_048),
  'перевод от '.repeat(400),
  `Зачисление ${'1 000 '.repeat(700)}`,
  '*'.repeat(4_096),
  `Перевод ${'А'.repeat(4_000)} от ${'Иван '.repeat(10)}`,
  'от Иван '.repeat(600),
];

/** The senders the hostile bodies are sent from: a bank's short number, a bank's name, a phone. */
export const hostileSenders: readonly string[] = ['900', 'GPB', '+79991234567'];
