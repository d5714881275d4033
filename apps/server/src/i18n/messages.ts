import type { Language } from '@paydesk/contract';

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
  internal_error: 'Something went wrong on our side. Please try again.',
  'validation.required': 'This field is required.',
  'validation.invalid': 'This value is not valid.',
  'validation.too_long': 'This value is too long.',
  'validation.password_min': 'The password must have at least 6 characters.',
  'validation.password_mismatch': 'The passwords do not match.',
  'validation.two_factor_code': 'The code must have 6 digits.',
  'validation.number': 'Enter a number.',
  'validation.too_large': 'This amount is too large.',
  'validation.not_negative': 'The value cannot be negative.',
  'validation.amount_decimals': 'Too many decimal places for USDT (at most 6).',
  'validation.percentage_range': 'A percentage must be between 0 and 100.',
  'validation.percentage_step': 'A percentage has at most two decimals (step 0.01).',
  'validation.fee_min_max': 'The minimum must be below the maximum.',
  'validation.fee_overlap': 'This range overlaps another fee row of the same direction.',
  'validation.duplicate': 'This entry is listed twice.',
  'validation.one_main': 'Only one team lead can be the main one.',
  'validation.username': 'A username has 3 to 50 letters, digits, dots, dashes or underscores.',
  'validation.username_taken': 'This username is already taken.',
  'validation.email': 'Enter a valid email address.',
  'validation.password_or_invite': 'Enter a password or create an invite link.',
  'validation.block_comment': 'Write why the user is blocked.',
  'validation.not_agent': 'Choose an agent.',
  'validation.profile_type': 'This setting does not apply to this type of user.',
  'validation.self_block': 'You cannot block yourself.',
  'validation.url': 'Enter an http:// or https:// address.',
  'validation.roles_admin_only': 'Only admins have roles and permissions.',
  'validation.notification_key': 'The notification key needs at least 8 characters.',
  'webhook.order.created': 'Order created',
  'webhook.order.paid': 'Order paid',
  'webhook.order.canceled': 'Order canceled',
  'webhook.dispute.opened': 'Dispute opened',
  'webhook.dispute.closed': 'Dispute closed',
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
  internal_error: 'Что-то пошло не так на нашей стороне. Повторите попытку.',
  'validation.required': 'Поле обязательно для заполнения.',
  'validation.invalid': 'Недопустимое значение.',
  'validation.too_long': 'Слишком длинное значение.',
  'validation.password_min': 'Пароль должен содержать не менее 6 символов.',
  'validation.password_mismatch': 'Пароли не совпадают.',
  'validation.two_factor_code': 'Код должен состоять из 6 цифр.',
  'validation.number': 'Введите число.',
  'validation.too_large': 'Слишком большая сумма.',
  'validation.not_negative': 'Значение не может быть отрицательным.',
  'validation.amount_decimals': 'Слишком много знаков после запятой для USDT (не более 6).',
  'validation.percentage_range': 'Процент должен быть от 0 до 100.',
  'validation.percentage_step': 'Процент указывается не более чем с двумя знаками после запятой (шаг 0,01).',
  'validation.fee_min_max': 'Минимум должен быть меньше максимума.',
  'validation.fee_overlap': 'Этот диапазон пересекается с другой строкой комиссии того же направления.',
  'validation.duplicate': 'Эта запись указана дважды.',
  'validation.one_main': 'Главным может быть только один тимлид.',
  'validation.username': 'Логин — от 3 до 50 латинских букв, цифр, точек, дефисов или подчёркиваний.',
  'validation.username_taken': 'Этот логин уже занят.',
  'validation.email': 'Введите корректный адрес электронной почты.',
  'validation.password_or_invite': 'Укажите пароль или создайте ссылку-приглашение.',
  'validation.block_comment': 'Укажите причину блокировки.',
  'validation.not_agent': 'Выберите агента.',
  'validation.profile_type': 'Эта настройка не относится к такому типу пользователя.',
  'validation.self_block': 'Нельзя заблокировать самого себя.',
  'validation.url': 'Введите адрес, начинающийся с http:// или https://.',
  'validation.roles_admin_only': 'Роли и права бывают только у администраторов.',
  'validation.notification_key': 'Ключ уведомлений должен содержать не менее 8 символов.',
  'webhook.order.created': 'Заказ создан',
  'webhook.order.paid': 'Заказ оплачен',
  'webhook.order.canceled': 'Заказ отменён',
  'webhook.dispute.opened': 'Открыт спор',
  'webhook.dispute.closed': 'Спор закрыт',
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
