import type { Language } from '@paydesk/contract';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from './i18n';

/**
 * The language the server answers in (`x-language`). Names and titles that come localized from the server (currency
 * and payment option names, status and rule titles, field labels) depend on it, so the query keys of those answers
 * carry it: a language switch loads them again instead of showing a mix of both languages.
 */
export function useRequestLanguage(): Language {
  // Subscribes the component to language changes; the value itself is the one every request sends.
  useTranslation();
  return currentLanguage();
}
