import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useFailureText } from '../../../lib/useFailureText';

/**
 * The toasts of the flows screen (SPEC §8 flow messages). A failure names what failed and then the server's reason,
 * in the message itself: Mantine greys a title's text below the contrast WCAG AA asks for.
 */
export function useFlowToasts() {
  const { t } = useTranslation('ui');
  const failureText = useFailureText();
  const closeButtonProps = { 'aria-label': t('modal.close') };
  return {
    done: (message: string) => notifications.show({ color: 'teal', message, closeButtonProps }),
    failed: (what: string, error: unknown) => {
      const reason = failureText(error, '');
      notifications.show({ color: 'red', message: reason ? `${what}: ${reason}` : what, closeButtonProps });
    },
  };
}
