/**
 * The merchant and executor API's reference in Russian (issue 32 item 8): the /api screen asks for
 * `/api/v1/openapi.json?lang=ru` in Russian and gets the same document, generated from the same schemas, with its own
 * words (title, groups, operation titles, descriptions, refusals) in Russian. Each English text maps to its Russian
 * one, paragraph by paragraph; a text without a Russian one fails the test that walks the whole document, so a new
 * route cannot bring English into the Russian reference. Codes, headers and formulas stay as they are.
 */
import { apiCallsParagraph } from './api.openapi';

const russian: Record<string, string> = {
  'Paydesk merchant and executor API': 'API Paydesk для мерчантов и исполнителей',
  'Machine-to-machine API of Paydesk for merchants (orders, balance) and executors (taking and confirming orders).':
    'API Paydesk для обмена между системами: мерчантам (заказы, баланс) и исполнителям (взятие и подтверждение заказов).',
  [apiCallsParagraph]: [
    'Каждый запрос несёт X-Api-Key, X-Timestamp (секунды unix, не дальше 300 с от часов сервера) и X-Signature:',
    'шестнадцатеричный HMAC-SHA256 по секрету API от `timestamp + "." + METHOD + "." + path_with_query + "." + raw_body`',
    '(path_with_query как отправлен, например `/api/v1/orders?client_order_id=a1`; raw_body пуст для GET).',
    'Каждый POST несёт Idempotency-Key: тот же ключ с тем же телом получает первый ответ снова',
    '(заголовок Idempotent-Replayed: true); другое тело отклоняется (422 idempotency_key_reused). Ответ хранится',
    'вместе с изменением, на которое он отвечает, поэтому повтор после любого сбоя получает первый ответ или не',
    'меняет ничего; второй запрос, пока идёт первый, получает его ответ или 409 idempotency_in_flight (конфликт).',
    'Частота запросов по каждому ключу ограничена (429 с Retry-After). Суммы — десятичные строки.',
    'Ответы — конверты: { success: true, data } или { success: false, error: { code, message }, localized_message }.',
  ].join('\n'),
  'The API key of the merchant or executor.': 'Ключ API мерчанта или исполнителя.',
  'Unix seconds; within 300 s of the server.': 'Секунды unix; не дальше 300 с от часов сервера.',
  'hex HMAC-SHA256(secret, timestamp + "." + METHOD + "." + path_with_query + "." + raw_body)':
    'шестнадцатеричный HMAC-SHA256(secret, timestamp + "." + METHOD + "." + path_with_query + "." + raw_body)',
  'Unique per request; the same key with the same body answers the first answer again (24 h).':
    'Свой для каждого запроса; тот же ключ с тем же телом получает первый ответ снова (24 ч).',
  Merchant: 'Мерчант',
  Executor: 'Исполнитель',
  'Orders of a merchant: pay-ins and pay-outs, their appeals, and the balance.':
    'Заказы мерчанта: пополнения и выплаты, апелляции по ним и баланс.',
  'Orders of an executor: the pay-outs it may take, and marking an order paid.':
    'Заказы исполнителя: выплаты, которые он может взять, и отметка об оплате заказа.',
  'Create a pay-in or a pay-out': 'Создать пополнение или выплату',
  'List orders, or find one by client_order_id': 'Список заказов или поиск заказа по client_order_id',
  'One order': 'Один заказ',
  'The payer reports paying a pay-in': 'Плательщик сообщает об оплате пополнения',
  'Cancel an order': 'Отменить заказ',
  'Open an appeal on a paid order, or on a canceled one an executor had taken':
    'Открыть апелляцию по оплаченному заказу или по отменённому, который брал исполнитель',
  'The merchant balance': 'Баланс мерчанта',
  'The executor orders, and the pay-outs it may take': 'Заказы исполнителя и выплаты, которые он может взять',
  'Take a pay-out': 'Взять выплату',
  'A pay-in was paid, or a pay-out transfer was made': 'Пополнение оплачено или перевод по выплате сделан',
  'Success.': 'Успешно.',
  'A refusal: a stable code, its English message and the localized one.':
    'Отказ: постоянный код, его сообщение на английском и на языке запроса.',
  'The URL does not decode (bad_request).': 'Адрес не декодируется (bad_request).',
  'A path parameter is longer than the router reads (uri_too_long).':
    'Параметр пути длиннее, чем читает маршрутизатор (uri_too_long).',
  'The request headers are too large to read (headers_too_large).':
    'Заголовки запроса слишком велики, чтобы их прочитать (headers_too_large).',
  'The request is not signed right (api_key_invalid, timestamp_invalid, signature_invalid).':
    'Запрос подписан неверно (api_key_invalid, timestamp_invalid, signature_invalid).',
  "The key's owner may not make this call (forbidden, account_blocked, account_inactive).":
    'Владельцу ключа этот вызов не разрешён (forbidden, account_blocked, account_inactive).',
  "No such order, or another owner's (not_found).": 'Такого заказа нет, или он чужой (not_found).',
  'Conflicts with the current state (order_status_conflict, client_order_id_taken, idempotency_in_flight, dispute_exists, dispute_not_allowed).':
    'Противоречит текущему состоянию (order_status_conflict, client_order_id_taken, idempotency_in_flight, dispute_exists, dispute_not_allowed).',
  'Refused: `errors` holds the messages per field (validation_failed, idempotency_key_required, idempotency_key_reused, flow_unavailable, rate_unavailable, no_executor_available, pricing_invalid, insufficient_funds).':
    'Отклонено: в `errors` сообщения по полям (validation_failed, idempotency_key_required, idempotency_key_reused, flow_unavailable, rate_unavailable, no_executor_available, pricing_invalid, insufficient_funds).',
  "Beyond the key's rate: Retry-After says how many seconds to wait (throttled).":
    'Превышена частота запросов ключа: Retry-After говорит, сколько секунд подождать (throttled).',
};

/** Texts made with a figure in them (a route's body limit), each with its Russian form. */
const russianPatterns: [RegExp, (figure: string) => string][] = [
  [
    /^The body may be at most (\d+) bytes; a larger one is refused \(422 validation_failed\)\.$/,
    (bytes) => `Тело не больше ${bytes} байт; большее отклоняется (422 validation_failed).`,
  ],
];

/** The Russian of one text, paragraph by paragraph, or undefined when a paragraph has none. */
export function inRussian(text: string): string | undefined {
  const whole = russian[text];
  if (whole !== undefined) return whole;
  const paragraphs = text.split('\n\n');
  if (paragraphs.length === 1) {
    for (const [pattern, make] of russianPatterns) {
      const match = pattern.exec(text);
      if (match?.[1] !== undefined) return make(match[1]);
    }
    return undefined;
  }
  const translated = paragraphs.map((paragraph) => inRussian(paragraph));
  return translated.every((paragraph) => paragraph !== undefined) ? translated.join('\n\n') : undefined;
}

/** The keys of a document that hold words a reader sees (not schema names, codes or examples). */
const wordKeys = new Set(['title', 'summary', 'description', 'x-displayName']);

/** A copy of the document with every text a reader sees in Russian; a text without a translation stays English. */
export function russianDocument<T>(document: T): T {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node !== 'object' || node === null) return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        wordKeys.has(key) && typeof value === 'string' ? (inRussian(value) ?? value) : walk(value),
      ]),
    );
  };
  return walk(document) as T;
}
