import { normalizeText, readAmount } from '../../../lib/rouble-text';

/**
 * What every bank's parser shares (DESIGN §11): the shapes of a forwarded message and of what it is read into, and
 * the helpers that read card tails and names (text and amounts are read by lib/rouble-text.ts). banks.ts builds each
 * bank's parser from these, and
 * parse.ts recognises the bank and calls its parser; this file imports neither.
 */
export type BankSlug = 'sberbank' | 'tbank' | 'alfabank' | 'vtb' | 'ozonbank' | 'sbp';

export interface IncomingBankMessage {
  /** Android package of the app that posted the notification, e.g. 'ru.sberbankmobile'; null for SMS. */
  package: string | null;
  /** SMS sender or notification title, e.g. '900', 'Tinkoff', 'T-Bank', 'Alfa-Bank', 'VTB', 'Ozon Bank'. */
  sender: string | null;
  body: string;
}

/**
 * `amount` is a decimal text with exactly two decimals and no grouping ('15000.00'), for the money module to turn
 * into minor units. `counterparty` is the other side of the operation when the message names it: the payer of an
 * income, the recipient of an outgoing transfer.
 */
export type ParsedBankMessage =
  | {
      kind: 'operation';
      bank: BankSlug;
      operation: 'income' | 'outcome';
      amount: string;
      currency: 'RUB';
      tail: string | null;
      counterparty: string | null;
    }
  | { kind: 'blocked'; bank: BankSlug; tail: string | null };

/** One bank of the registry. Adding a bank is adding one of these to BANK_PARSERS in banks.ts. */
export interface BankParser {
  slug: BankSlug;
  /** Tested against the SMS sender or notification title, whitespace-normalized. */
  senders: RegExp[];
  /** Android packages of the bank's own apps. */
  packages: string[];
  /** Whether the text alone names this bank; asked only when neither the sender nor the package is known. */
  matchesText(body: string): boolean;
  parse(body: string): ParsedBankMessage | null;
}

/** A phrase that tells the direction of the money. A bank's rules are tried in order and the first match decides. */
export interface OperationRule {
  operation: 'income' | 'outcome';
  pattern: RegExp;
}

export interface OperationVocabulary {
  rules: readonly OperationRule[];
  /** A bank-specific way of naming the other party, tried when neither 'от …' nor 'Получатель: …' names it. */
  readCounterparty?: (head: string, amountEnd: number) => string | null;
}

/** One-time codes: the operation they confirm has not happened yet. */
const CONFIRMATION_CODE =
  /(?<![а-яёa-z])(?:код|пароль|code|kod)(?:а|ом|ы)?(?![а-яёa-z])|никому не (?:сообщайте|говорите|называйте)/i;

const BLOCK_WORD = /(?<![а-яёa-z])(?:за)?блокир(?:ован|овк)/i;
/** Block words that do not mean the requisite is blocked now: it was unblocked, or the bank warns of a block. */
const NOT_A_BLOCK =
  /разблокирован|сняти[еяи] блокировк|блокировк[аи]? снят|может быть (?:за)?блокир|во избежание|чтобы избежать/i;
const LAW_115 = /(?<!\d)115 ?-? ?фз/i;
const REQUISITE_WORD = /(?<![а-яёa-z])(?:карт|сч[её]т|card|karta|schet)/i;

/** Texts that name an amount without money having moved: ads, offers, cashback, bonuses. */
const PROMOTION =
  /(?<![а-яёa-z])(?:кэшб[эе]к|cashback|бонус|кредит(?!н)|акци[яиюй]|скидк|предлож|одобрен|предодобрен|выгод|подключите|оформите|получите|розыгрыш|до \d)/i;
const DECLINED =
  /(?<![а-яёa-z])(?:отказ|недостаточно|отклон[её]н|неуспешн|отмен[аеёи]|otkaz|otklon|nedostatochno)|не (?:выполнен|проведен|зачислен|прош|удал)/i;
const PENDING =
  /будет (?:списан|зачислен|переведен|выполнен|проведен|оплачен)|(?<![а-яёa-z])(?:ожида|запланирован|предстоящ|напомина)|в обработке/i;
/** A refund is money in, but nobody's payment: matched to an order it would confirm a payment nobody made. */
const REFUND = /(?<![а-яёa-z])(?:возврат|vozvrat)/i;
const NOT_AN_OPERATION = [PROMOTION, DECLINED, PENDING, REFUND];

const BALANCE = /(?<![а-яёa-z])(?:баланс|доступн|остат|ост[.:]|дост[.:]|balans|dostupno|ostatok)/i;
const FOREIGN_CURRENCY =
  /[$€£¥]|(?<![a-z])(?:usd|eur|cny|gbp|kzt|byn|aed|jpy)(?![a-z])|(?<![а-яёa-z])(?:долл|евро|юан|тенге)/i;

const TAIL =
  /[*•·∙]{1,4} ?(\d{4})(?!\d)|(?<![а-яёa-z])(?:mir|мир|visa|ecmc|mc|maestro|maes|сч[её]т|card)-?(\d{4})(?!\d)/i;

/** A name as banks print it: up to four capitalised words ('Иван И.', 'ИВАН ИВАНОВИЧ И.', 'ООО ТОРГСЕРВИС'). */
const NAME = '[А-ЯЁA-Z][А-ЯЁа-яёA-Za-z-]{0,40}(?: [А-ЯЁA-Z][А-ЯЁа-яёA-Za-z-]{0,40}){0,3}\\.?';
const PAYER = new RegExp(`(?<![А-ЯЁа-яёA-Za-z])(?:[Оо]т |[Оо]тправитель:? ?)(${NAME})`);
const RECIPIENT = new RegExp(`(?<![А-ЯЁа-яёA-Za-z])[Пп]олучатель:? ?(${NAME})`);

/**
 * The pipeline every bank shares, in this order: a confirmation code is never an operation; a block notice wins over
 * anything else the text says; ads, declines, pending operations and refunds are not operations; then the balance
 * part is cut off, so that only the operation's own amount can be read, and the direction, amount, tail and
 * counterparty are read from what remains.
 */
export function parseOperationMessage(
  bank: BankSlug,
  body: string,
  vocabulary: OperationVocabulary,
): ParsedBankMessage | null {
  const text = normalizeText(body);
  if (CONFIRMATION_CODE.test(text)) return null;
  if (isBlockNotice(text)) return { kind: 'blocked', bank, tail: readTail(text) };
  if (NOT_AN_OPERATION.some((pattern) => pattern.test(text))) return null;
  const head = cutBalance(text);
  const operation = vocabulary.rules.find((rule) => rule.pattern.test(head))?.operation;
  if (operation === undefined || FOREIGN_CURRENCY.test(head)) return null;
  const amount = readAmount(head);
  if (amount === null) return null;
  const named = operation === 'income' ? readName(PAYER, head) : readName(RECIPIENT, head);
  return {
    kind: 'operation',
    bank,
    operation,
    amount: amount.value,
    currency: 'RUB',
    tail: readTail(head) ?? readTail(text),
    counterparty: named ?? vocabulary.readCounterparty?.(head, amount.end) ?? null,
  };
}

function isBlockNotice(text: string): boolean {
  if (LAW_115.test(text)) return true;
  return BLOCK_WORD.test(text) && !NOT_A_BLOCK.test(text) && (REQUISITE_WORD.test(text) || readTail(text) !== null);
}

/** Everything from the first balance word on ('Баланс', 'Доступно', 'Остаток', 'Ост.') is dropped. */
export function cutBalance(text: string): string {
  const balance = BALANCE.exec(text);
  return balance === null ? text : text.slice(0, balance.index);
}

/** The last four digits of the first card or account the text names: '*1234', '•• 1234', 'MIR-1234', 'СЧЁТ1234'. */
export function readTail(text: string): string | null {
  const match = TAIL.exec(text);
  return match === null ? null : (match[1] ?? match[2] ?? null);
}

/**
 * The name captured by `pattern`, trimmed. A final dot belongs to an initial ('Иван И.') and is kept; after a whole
 * word it ends the sentence and is dropped.
 */
export function readName(pattern: RegExp, text: string): string | null {
  const name = pattern.exec(text)?.[1]?.trim();
  if (name === undefined || name === '') return null;
  return /(?:^|[ -])[^ -]{2,}\.$/.test(name) ? name.slice(0, -1) : name;
}
