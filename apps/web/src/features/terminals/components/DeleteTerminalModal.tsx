import { Button, Group, Stack, Text } from '@mantine/core';
import type { Terminal } from '@paydesk/contract';
import { useTranslation } from 'react-i18next';
import { useFailureText } from '../../../lib/useFailureText';
import { AppModal } from '../../../ui/AppModal';
import { useRetained } from '../../../ui/useRetained';
import { useToasts } from '../../../ui/useToasts';
import { useDeleteTerminal } from '../api/deleteTerminal';

export interface DeleteTerminalModalProps {
  terminal: Terminal | null;
  onClose: () => void;
}

/** SPEC §2.18: 'Do you want to delete terminal' first; the red button deletes it. Cancel is the safe default. */
export function DeleteTerminalModal({ terminal, onClose }: DeleteTerminalModalProps) {
  const { t } = useTranslation('terminals');
  const failureText = useFailureText();
  const toasts = useToasts();
  const remove = useDeleteTerminal();
  const shown = useRetained(terminal);
  const name = shown?.name ?? '';

  function confirm() {
    if (!shown) return;
    remove.mutate(shown.guid, {
      onSuccess: () => {
        toasts.done(t('toast.deleted', { name }));
        onClose();
      },
      onError: (error) => toasts.failed(t('toast.deleteFailed', { name, reason: failureText(error, t('saveFailed')) })),
    });
  }

  return (
    <AppModal opened={terminal !== null} onClose={onClose} title={t('delete.title')} size="sm">
      <Stack gap="md">
        <Text size="sm">{t('delete.message', { name })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={remove.isPending} data-autofocus>
            {t('delete.cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            {t('delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
