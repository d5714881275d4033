import type { Language } from '@paydesk/contract';
import { csvEn, csvRu } from './messages.csv';
import { labelsEn, labelsRu } from './messages.labels';
import { validationEn, validationRu } from './messages.validation';

/**
 * Server-side texts: the `localized_message` of every error code and the field messages of validation.
 * Keys are stable; the web may translate codes it knows, and otherwise shows these texts.
 */
const en = {
  unauthenticated: 'Please sign in.',
  forbidden: 'You do not have access to this.',
  not_found: 'Not found.',
  conflict: 'This conflicts with the current state. Reload and try again.',
  csrf_mismatch: 'Your session token has expired. Reload the page and try again.',
  validation_failed: 'Some fields are not filled in correctly.',
  throttled: 'Too many attempts. Try again in {seconds} s.',
  invalid_credentials: 'Wrong username or password.',
  two_factor_required: 'Enter the six-digit code from your authenticator app.',
  account_blocked: 'This account is blocked. Contact your administrator.',
  account_inactive: 'This account is not active. Contact your administrator.',
  password_incorrect: 'The current password is incorrect.',
  invite_invalid: 'This invite link is not valid: it was used already, has expired or does not exist.',
  two_factor_invalid: 'The code is not valid. Enter the current code from your authenticator app.',
  two_factor_locked:
    'Too many wrong codes. Enter your password again; the account owner has been told of the attempts.',
  internal_error: 'Something went wrong on our side. Please try again.',
  service_unavailable: 'The service is briefly unavailable. Please try again in a few seconds.',
  bad_request: 'The request is malformed.',
  uri_too_long: 'The address of the request is too long.',
  headers_too_large: 'The headers of the request are too large.',
  insufficient_funds: 'There is not enough money on the balance.',
  root_protected: 'Only the root admin changes the root admin account.',
  trader_exists: 'This trader is already added!',
  api_key_invalid: 'The API key is unknown or its owner may not use the API.',
  timestamp_invalid: 'X-Timestamp is missing or more than 300 seconds away from the server clock.',
  signature_invalid: 'X-Signature does not match the request signed with the API secret.',
  idempotency_key_required: 'Send an Idempotency-Key header with every POST.',
  idempotency_key_reused: 'This Idempotency-Key was used with another request body.',
  idempotency_in_flight: 'A request with this Idempotency-Key is still being processed.',
  flow_unavailable: 'No active flow serves these currencies for this merchant.',
  rate_unavailable: 'There is no current rate for these currencies; try again later.',
  no_executor_available: 'No executor can take this order now.',
  pricing_invalid: 'The fees configured for this order pay out more than the merchant fee.',
  client_order_id_taken: 'An order with this client_order_id exists already.',
  order_status_conflict: 'The order cannot move this way from its current status.',
  terminal_status_conflict: 'The terminal cannot move to this status from its current one.',
  dispute_not_allowed: 'An appeal can be opened only on a paid order, or on a canceled one that an executor had taken.',
  dispute_exists: 'This order has an open appeal already.',
  dispute_status_conflict: 'Only an open appeal can be rejected or resolved.',
  anti_fraud_case_released: 'This case has been released already.',
  device_token_invalid: 'This device is not paired. Pair it again with a new code.',
  forwarding_token_invalid: 'This forwarding link is unknown or was revoked. Copy the current link from the terminal.',
  forwarding_signature_invalid: "The message is not signed with this terminal's key, or its app is not recognised.",
  forwarding_timestamp_invalid: 'The message was signed too long ago, or its clock is far from the server clock.',
  pairing_code_invalid: 'This pairing code is not valid: it was used already, has expired or does not exist.',
  flow_has_open_orders: 'The flow has open orders: finish or cancel them first.',
  requisite_has_open_orders: 'The requisite has open orders: its details change once they are finished.',
  return_url_not_allowed:
    "return_url is not allowed: it must be https (http only on loopback) and its host one of the merchant's payer_return_hosts.",
  ...validationEn,
  ...csvEn,
  ...labelsEn,
} as const;

export type MessageKey = keyof typeof en;

const ru: Record<MessageKey, string> = {
  unauthenticated: 'Войдите в систему.',
  forbidden: 'У вас нет доступа к этому разделу.',
  not_found: 'Не найдено.',
  conflict: 'Конфликт с текущим состоянием. Обновите страницу и повторите.',
  csrf_mismatch: 'Срок действия токена сессии истёк. Обновите страницу и повторите.',
  validation_failed: 'Некоторые поля заполнены неверно.',
  throttled: 'Слишком много попыток. Повторите через {seconds} с.',
  invalid_credentials: 'Неверный логин или пароль.',
  two_factor_required: 'Введите шестизначный код из приложения-аутентификатора.',
  account_blocked: 'Учётная запись заблокирована. Обратитесь к администратору.',
  account_inactive: 'Учётная запись не активна. Обратитесь к администратору.',
  password_incorrect: 'Текущий пароль указан неверно.',
  invite_invalid: 'Ссылка-приглашение недействительна: она уже использована, истекла или не существует.',
  two_factor_invalid: 'Неверный код. Введите текущий код из приложения-аутентификатора.',
  two_factor_locked:
    'Слишком много неверных кодов. Введите пароль заново; владелец учётной записи уведомлён о попытках.',
  internal_error: 'Что-то пошло не так на нашей стороне. Повторите попытку.',
  service_unavailable: 'Сервис ненадолго недоступен. Повторите попытку через несколько секунд.',
  bad_request: 'Запрос составлен неверно.',
  uri_too_long: 'Адрес запроса слишком длинный.',
  headers_too_large: 'Заголовки запроса слишком велики.',
  insufficient_funds: 'Недостаточно средств на балансе.',
  root_protected: 'Учётную запись главного администратора меняет только он сам.',
  trader_exists: 'Этот трейдер уже добавлен!',
  api_key_invalid: 'Ключ API неизвестен, или его владельцу API недоступен.',
  timestamp_invalid: 'X-Timestamp отсутствует или отличается от часов сервера больше чем на 300 секунд.',
  signature_invalid: 'X-Signature не совпадает с подписью запроса секретом API.',
  idempotency_key_required: 'Передавайте заголовок Idempotency-Key в каждом POST.',
  idempotency_key_reused: 'Этот Idempotency-Key уже использован с другим телом запроса.',
  idempotency_in_flight: 'Запрос с этим Idempotency-Key ещё обрабатывается.',
  flow_unavailable: 'Нет активного потока для этих валют у этого мерчанта.',
  rate_unavailable: 'Нет текущего курса для этих валют; повторите позже.',
  no_executor_available: 'Сейчас нет исполнителя, который может взять этот заказ.',
  pricing_invalid: 'Настроенные комиссии заказа превышают комиссию мерчанта.',
  client_order_id_taken: 'Заказ с таким client_order_id уже существует.',
  order_status_conflict: 'Заказ не может перейти в этот статус из текущего.',
  terminal_status_conflict: 'Терминал нельзя перевести в этот статус из текущего.',
  dispute_not_allowed:
    'Апелляцию можно открыть только по оплаченному заказу или по отменённому заказу, у которого был исполнитель.',
  dispute_exists: 'По этому заказу уже открыта апелляция.',
  dispute_status_conflict: 'Отклонить или решить можно только открытую апелляцию.',
  anti_fraud_case_released: 'Этот случай уже снят.',
  device_token_invalid: 'Устройство не подключено. Подключите его заново с новым кодом.',
  forwarding_token_invalid: 'Ссылка пересылки неизвестна или отозвана. Скопируйте текущую ссылку из терминала.',
  forwarding_signature_invalid: 'Сообщение не подписано ключом этого терминала, или его приложение не распознано.',
  forwarding_timestamp_invalid: 'Сообщение подписано слишком давно, или часы телефона сильно расходятся с сервером.',
  pairing_code_invalid: 'Код подключения недействителен: он уже использован, истёк или не существует.',
  flow_has_open_orders: 'У потока есть открытые заказы: сначала завершите или отмените их.',
  requisite_has_open_orders: 'У реквизита есть открытые заказы: его данные можно изменить после их завершения.',
  return_url_not_allowed:
    'return_url не разрешён: нужен https (http только на loopback), а хост — среди payer_return_hosts мерчанта.',
  ...validationRu,
  ...csvRu,
  ...labelsRu,
};

const catalogs: Record<Language, Record<MessageKey, string>> = { en, ru };

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

/** Translates a key; an unknown key (a library's own message) falls back to the generic invalid-value text. */
export function translate(language: Language, key: string, params: Record<string, string | number> = {}): string {
  const template = isMessageKey(key) ? catalogs[language][key] : catalogs[language]['validation.invalid'];
  return template.replace(/\{(\w+)\}/g, (match, name: string) => String(params[name] ?? match));
}
