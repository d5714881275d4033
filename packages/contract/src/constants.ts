/** Wire constants with no runtime dependencies, so the web's first screen loads them without zod. */

export const languages = ['en', 'ru'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

export const languageHeader = 'x-language';
export const xsrfCookie = 'XSRF-TOKEN';
export const xsrfHeader = 'x-xsrf-token';

export const pageSizes = [10, 20, 50] as const;
export const defaultPageSize = 20;
export const maxPageSize = 100;
