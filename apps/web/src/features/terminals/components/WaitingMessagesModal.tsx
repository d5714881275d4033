import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import type { Terminal, WaitingMatched } from '@paydesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureText } from '../../../lib/useFailureText';
import { ItemModal } from '../../../ui/AppModal';
import { useMatchWaiting } from '../api/matchWaiting';
import { NotificationsTable } from './NotificationsModal';

export interface WaitingMessagesModalProps {
  /** The terminal whose waiting messages are shown; null when the modal is closed. */
  terminal: Terminal | null;
  /** Opened by the admin's approval of the terminal: the modal says so and offers to match at once. */
  justApproved: boolean;
  /** Matching them needs `devices.manage`; the trader and a support admin only read them. */
  mayManage: boolean;
  onClose: () => void;
}

/**
 * The bank messages a terminal received while it waited for an admin's approval (DESIGN §19): kept, settling nothing,
 * until an admin matches them with open pay-ins by the rule of any message (an authenticated one pays its pay-in, a
 * weak one waits for the trader's confirmation). The admin's approval opens it when there are any; the outcome's
 * counts replace the offer once matched.
 */
export function WaitingMessagesModal({ terminal, justApproved, mayManage, onClose }: WaitingMessagesModalProps) {
  const { t } = useTranslation('terminals');
  return (
    <ItemModal item={terminal} onClose={onClose} title={(shown) => t('waiting.title', { name: shown.name })} size="xl">
      {(shown) => (
        <WaitingMessages
          key={shown.guid}
          terminal={shown}
          justApproved={justApproved}
          mayManage={mayManage}
          onClose={onClose}
        />
      )}
    </ItemModal>
  );
}

function WaitingMessages({
  terminal,
  justApproved,
  mayManage,
  onClose,
}: WaitingMessagesModalProps & { terminal: Terminal }) {
  const { t } = useTranslation('terminals');
  const failureText = useFailureText();
  const match = useMatchWaiting();
  const [result, setResult] = useState<WaitingMatched | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const ready = terminal.status.slug === 'enabled' && terminal.deposit_open;
  const count = terminal.waiting_messages;

  function onMatch() {
    setFailure(null);
    match.mutate(terminal.guid, {
      onSuccess: setResult,
      onError: (error) => setFailure(failureText(error, t('waiting.failed'))),
    });
  }

  return (
    <Stack gap="md">
      {justApproved && result === null && (
        <Text size="sm" fw={600}>
          {t('waiting.approved', { name: terminal.name })}
        </Text>
      )}
      {result === null && <Text size="sm">{t('waiting.explain', { count })}</Text>}
      {result !== null && (
        <Alert color="teal" title={t('waiting.resultTitle')} role="status">
          <List size="sm" spacing={2}>
            <List.Item>{t('waiting.resultMatched', { count: result.matched })}</List.Item>
            <List.Item>{t('waiting.resultToConfirm', { count: result.to_confirm })}</List.Item>
            <List.Item>{t('waiting.resultUnmatched', { count: result.unmatched })}</List.Item>
          </List>
          <Text size="sm" mt="xs">
            {t('waiting.resultTotal', { count: result.total })}
          </Text>
        </Alert>
      )}
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {/* Once matched, the list is empty: the outcome above says where they went. */}
      {result === null && <NotificationsTable guid={terminal.guid} outcome="waiting" />}
      {mayManage && result === null && !ready && (
        <Text size="sm" c="dimmed">
          {t('waiting.notReady')}
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={match.isPending}>
          {t(result === null && mayManage ? 'waiting.later' : 'waiting.close')}
        </Button>
        {mayManage && result === null && (
          // On a phone the Russian label is wider than the screen: it wraps instead of being cut.
          <Button
            onClick={onMatch}
            loading={match.isPending}
            disabled={!ready || count === 0}
            h="auto"
            py={6}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
          >
            {t('waiting.match', { count })}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
