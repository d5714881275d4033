import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';

/**
 * The toasts of the order screens: a success in teal, a refusal in red with the server's words in the message (not a
 * title, which Mantine greys below the contrast WCAG AA asks for), each with a named close button.
 */
export function useOrderToasts() {
  const { t } = useTranslation('ui');
  const closeButtonProps = { 'aria-label': t('modal.close') };
  return {
    done: (message: string) => notifications.show({ color: 'teal', message, closeButtonProps }),
    failed: (message: string) => notifications.show({ color: 'red', message, closeButtonProps }),
  };
}

/** Turns the contract's message keys (`disputes.errors.reason`, `validation.required`) into the orders' words. */
export function useTranslateIssue() {
  const { t } = useTranslation('orders');
  return (key: string) => t(`issue.${key}`, { defaultValue: t('issue.validation.invalid') });
}
