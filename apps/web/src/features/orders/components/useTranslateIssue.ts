import { useTranslation } from 'react-i18next';

/** Turns the contract's message keys (`disputes.errors.reason`, `validation.required`) into the orders' words. */
export function useTranslateIssue() {
  const { t } = useTranslation('orders');
  return (key: string) => t(`issue.${key}`, { defaultValue: t('issue.validation.invalid') });
}
