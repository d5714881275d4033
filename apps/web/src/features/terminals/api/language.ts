import type { Language } from '@paydesk/contract';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';

/**
 * The language the server answers in (`x-language`). Status titles, message types and outcomes come localized from
 * the server, so the query keys carry the language and a language switch loads them again.
 */
export function useRequestLanguage(): Language {
  // Subscribes the component to language changes; the value itself is the one every request sends.
  useTranslation();
  return currentLanguage();
}
