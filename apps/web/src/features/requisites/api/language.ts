import type { Language } from '@paydesk/contract';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';

/**
 * The language the server answers in (`x-language`). Names and labels of reference data (attribute labels, restriction
 * titles, currency names) come localized from the server, so their query keys carry the language and a language
 * switch loads them again instead of showing a mix of both languages.
 */
export function useRequestLanguage(): Language {
  // Subscribes the component to language changes; the value itself is the one every request sends.
  useTranslation();
  return currentLanguage();
}
