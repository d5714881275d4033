import { useTranslation } from 'react-i18next';
import { isApiError } from './http';

/**
 * What to tell the user about a failed call: the server's own words when it sent some, a "request failed" when no
 * answer came, else `fallback` (SPEC §8 fallbacks such as "Update failed." or "Load failed.").
 */
export function useFailureText(): (error: unknown, fallback: string) => string {
  const { t } = useTranslation('app');
  return (error, fallback) => {
    if (!isApiError(error)) return fallback;
    if (error.isNetworkError) return t('errors.requestFailed');
    return error.localizedMessage ?? fallback;
  };
}
