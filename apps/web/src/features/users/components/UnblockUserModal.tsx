import { Button, Group, Stack, Text } from '@mantine/core';
import type { User } from '@paydesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http';
import { AppModal } from '../../../ui/AppModal';
import { useRetained } from '../../../ui/useRetained';
import { useUnblockUser } from '../api/unblockUser';

export interface UnblockUserModalProps {
  user: User | null;
  onClose: () => void;
  onUnblocked: (user: User) => void;
}

/** Unblocking asks for a confirmation, showing why the user was blocked. */
export function UnblockUserModal({ user, onClose, onUnblocked }: UnblockUserModalProps) {
  const { t } = useTranslation('users');
  const unblock = useUnblockUser();
  const shown = useRetained(user);
  const [failure, setFailure] = useState<string | null>(null);

  function close() {
    setFailure(null);
    onClose();
  }

  async function confirm() {
    if (!user || unblock.isPending) return;
    setFailure(null);
    try {
      onUnblocked(await unblock.mutateAsync({ uuid: user.uuid }));
    } catch (error) {
      setFailure(isApiError(error) && error.localizedMessage ? error.localizedMessage : t('saveFailed'));
    }
  }

  return (
    <AppModal
      opened={user !== null}
      onClose={close}
      title={shown ? t('unblock.title', { username: shown.username }) : ''}
      size="sm"
    >
      <Stack gap="md">
        <Text size="sm">{t('unblock.text', { username: shown?.username ?? '' })}</Text>
        {shown?.block_comment && (
          <Text size="sm" c="dimmed">
            {t('unblock.reason', { reason: shown.block_comment })}
          </Text>
        )}
        {failure !== null && (
          <Text c="red" size="sm" role="alert">
            {failure}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={unblock.isPending}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void confirm()} loading={unblock.isPending}>
            {t('unblock.submit')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
