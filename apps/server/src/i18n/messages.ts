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
  internal_error: 'Something went wrong on our side. Please try again.',
  'validation.required': 'This field is required.',
  'validation.invalid': 'This value is not valid.',
  'validation.too_long': 'This value is too long.',
  'validation.password_min': 'The password must have at least 6 characters.',
  'validation.password_mismatch': 'The passwords do not match.',
  'validation.two_factor_code': 'The code must have 6 digits.',
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
  internal_error: 'Что-то пошло не так на нашей стороне. Повторите попытку.',
  'validation.required': 'Поле обязательно для заполнения.',
  'validation.invalid': 'Недопустимое значение.',
  'validation.too_long': 'Слишком длинное значение.',
  'validation.password_min': 'Пароль должен содержать не менее 6 символов.',
  'validation.password_mismatch': 'Пароли не совпадают.',
  'validation.two_factor_code': 'Код должен состоять из 6 цифр.',
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
