/** Wire constants with no runtime dependencies, so the web's first screen loads them without zod. */

export const languages = ['en', 'ru'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

export const languageHeader = 'x-language';
export const xsrfCookie = 'XSRF-TOKEN';
export const xsrfHeader = 'x-xsrf-token';

/**
 * Cookies in which the web app mirrors the user's language and colour scheme (it keeps both in local storage), so the
 * server can send a screen's first HTML in them (its page shell). Neither is a secret nor decides anything.
 */
export const languageCookie = 'paydesk.language';
export const colorSchemeCookie = 'paydesk.color-scheme';

/**
 * The texts (the web app's namespace `auth`) of /login's page shell, the sign-in card as it first shows: the build
 * writes them into `page-shell.json` per language, the server reads them from it.
 */
export const signInFrameKeys = ['title', 'subtitle', 'username', 'password', 'submit'] as const;
export type SignInFrameTexts = Record<(typeof signInFrameKeys)[number], string>;

export const pageSizes = [10, 20, 50] as const;
export const defaultPageSize = 20;
export const maxPageSize = 100;
