import type { Language } from '@paydesk/contract';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';

/**
 * The language the server answers in. Rate source and restriction titles come localized from the server, so their
 * query keys carry it and a language switch loads them again.
 */
export function useAnswerLanguage(): Language {
  useTranslation();
  return currentLanguage();
}
