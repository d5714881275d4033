/**
 * The registry of bank parsers (DESIGN §11). Each bank is one object: how its SMS sender or notification title reads,
 * the packages of its apps, how its text signs itself, and how its messages say which way the money went.
 */
import {
  type BankParser,
  type OperationRule,
  type OperationVocabulary,
  parseOperationMessage,
  readName,
} from './parser-kit';

/** A pattern that matches `stems` only at the start of a word, in either case. */
function wordStart(stems: string): RegExp {
  return new RegExp(`(?<![а-яёa-z])(?:${stems})`, 'i');
}

function rule(operation: OperationRule['operation'], stems: string): OperationRule {
  return { operation, pattern: wordStart(stems) };
}

/**
 * The phrasing the Russian banks share, strongest first. Phrases said only of money leaving come before the income
 * words because an outgoing notice may go on to mention its recipient's side ('Списание … Перевод по СБП'). A
 * 'Перевод' alone is ambiguous: with a payer ('от Иван И.', 'Отправитель:') or a source bank ('из Т-Банк') it is
 * incoming; otherwise, as in Sberbank's 'Перевод 3 000р Баланс: …' and T-Bank's 'Перевод. Счет RUB. …', it is
 * outgoing.
 */
const COMMON_RULES: readonly OperationRule[] = [
  rule('outcome', 'вы (?:перевели|отправили|оплатили)|исходящ|покупк|снятие|выдача|списан'),
  rule(
    'income',
    'зачисл|поступ(?:лен|ил)|пополнен|вам (?:перевели|отправили|приш)|перев[её]л(?:\\(а\\)|а)? вам|входящ|получен',
  ),
  rule('income', 'перевод(?: по сбп)? из |перевод.*?(?<![а-яёa-z])(?:от|отправитель:?) '),
  rule('outcome', 'оплат|плат[её]ж|перевод'),
];

/** Alfa-Bank's older SMS are transliterated: '1234****5678 Postuplenie Uspeshno Summa: 15000,00 RUR Ostatok: …'. */
const ALFA_TRANSLITERATED_RULES: readonly OperationRule[] = [
  rule('outcome', 'pokupka|spisanie|oplata|snyatie|vydacha'),
  rule('income', 'postuplenie|popolnenie|zachislenie'),
];

/** Sberbank's app writes the payer before the verb: 'Иван Иванович И. перевёл(а) вам 1 500 ₽'. */
const SBER_PAYER_BEFORE_VERB = /^([А-ЯЁ][а-яё]{1,40}(?: [А-ЯЁ][а-яё]{1,40}){0,2} [А-ЯЁ]\.) перев[её]л/;

/** T-Bank names the other party right after the amount: 'Пополнение, счет RUB. 3 000 ₽. Иван И. Доступно …'. */
const TBANK_NAME_AFTER_AMOUNT = /^[.,]? ([А-ЯЁ][а-яё]{1,40}(?: [А-ЯЁ][а-яё]{1,40})? [А-ЯЁ]\.)/;

const SBER: OperationVocabulary = {
  rules: COMMON_RULES,
  readCounterparty: (head) => readName(SBER_PAYER_BEFORE_VERB, head),
};
const TBANK: OperationVocabulary = {
  rules: COMMON_RULES,
  readCounterparty: (head, amountEnd) => readName(TBANK_NAME_AFTER_AMOUNT, head.slice(amountEnd)),
};
const ALFA: OperationVocabulary = { rules: [...ALFA_TRANSLITERATED_RULES, ...COMMON_RULES] };
const COMMON: OperationVocabulary = { rules: COMMON_RULES };

/**
 * A bank recognised by its text alone must sign the text at its very start ('ВТБ: Поступление …'). A bank's name
 * anywhere else proves nothing: 'Перевод из Т-Банк' arrives at another bank.
 */
function signedBy(names: string): (body: string) => boolean {
  const signature = new RegExp(`^(?:${names}) ?[:.!]`, 'i');
  return (body) => signature.test(body);
}

const SBP_TEXT = /(?<![а-яёa-z])(?:сбп|sbp)(?![а-яёa-z])|систем[аеыу] быстрых платежей/i;

export const BANK_PARSERS: readonly BankParser[] = [
  {
    slug: 'sberbank',
    senders: [/^(?:900|9000|9001)$/, /^(?:sber|sberbank|сбер|сбербанк)(?: онлайн| online)?$/i],
    packages: ['ru.sberbankmobile'],
    matchesText: signedBy('сбербанк|сбер|sberbank'),
    parse: (body) => parseOperationMessage('sberbank', body, SBER),
  },
  {
    slug: 'tbank',
    senders: [/^(?:tinkoff|тинькофф)(?: ?bank| ?банк)?$/i, /^[tт]-? ?(?:bank|банк)$/i],
    packages: ['com.idamob.tinkoff.android'],
    matchesText: signedBy('т-банк|t-bank|тинькофф|tinkoff'),
    parse: (body) => parseOperationMessage('tbank', body, TBANK),
  },
  {
    slug: 'alfabank',
    senders: [/^(?:alfa|альфа)-? ?(?:bank|банк)$/i],
    packages: ['ru.alfabank.mobile.android'],
    matchesText: signedBy('альфа-банк|alfa-bank'),
    parse: (body) => parseOperationMessage('alfabank', body, ALFA),
  },
  {
    slug: 'vtb',
    senders: [/^(?:vtb|втб)(?: ?24)?(?: онлайн| online)?$/i],
    packages: ['ru.vtb24.mobilebanking.android'],
    matchesText: signedBy('втб|vtb'),
    parse: (body) => parseOperationMessage('vtb', body, COMMON),
  },
  {
    slug: 'ozonbank',
    senders: [/^(?:ozon|озон)(?: ?(?:bank|банк))?$/i],
    packages: ['ru.ozon.fintech.finance'],
    matchesText: signedBy('озон банк|ozon банк|ozon bank'),
    parse: (body) => parseOperationMessage('ozonbank', body, COMMON),
  },
  // SBP is not a bank and sends nothing itself; it stands for any other bank's notice of an SBP transfer. It comes
  // last so that a bank recognised by its signature keeps its message.
  {
    slug: 'sbp',
    senders: [],
    packages: [],
    matchesText: (body) => SBP_TEXT.test(body),
    parse: (body) => parseOperationMessage('sbp', body, COMMON),
  },
];
