import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';

/**
 * The screens' toasts. Each names its close button, and a failure carries its reason in the message rather than
 * under a title, where Mantine greys the text below the contrast WCAG AA asks for.
 */
export function useToasts() {
  const { t } = useTranslation('ui');
  const closeButtonProps = { 'aria-label': t('modal.close') };
  return {
    done: (message: string) => notifications.show({ color: 'teal', message, closeButtonProps }),
    failed: (message: string) => notifications.show({ color: 'red', message, closeButtonProps }),
  };
}
