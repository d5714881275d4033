import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Terminal } from '@paydesk/contract';
import { IconMessage2, IconPencil, IconPlugConnected, IconQrcode, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyableId } from '../../../ui/CopyableId';
import { IconAction } from '../../../ui/IconAction';
import { TerminalStatusLabel } from './TerminalStatusLabel';
import { WaitingMessagesButton } from './WaitingMessagesButton';

export interface TerminalCardActions {
  onEdit: (terminal: Terminal) => void;
  onDelete: (terminal: Terminal) => void;
  onMessages: (terminal: Terminal) => void;
  onPairingCode: (terminal: Terminal) => void;
  onForwarding: (terminal: Terminal) => void;
  /** Its messages received while it waited for approval (DESIGN §19). */
  onWaiting: (terminal: Terminal) => void;
}

export interface TerminalCardProps {
  terminal: Terminal;
  actions: TerminalCardActions;
  /** An admin's view of everyone's terminals names each one's owner. */
  showOwner: boolean;
  /** Edit, delete and a new pairing code (`terminals.write`). */
  mayWrite: boolean;
  /** A new pairing code is being asked for this terminal. */
  pairingBusy: boolean;
}

/**
 * One terminal of SPEC §2.18: status dot and title, name, id, and its actions. The bank messages action is there
 * only while the terminal is enabled: that is when it reads the bank's messages.
 */
export function TerminalCard({ terminal, actions, showOwner, mayWrite, pairingBusy }: TerminalCardProps) {
  const { t } = useTranslation('terminals');
  const headingId = `terminal-${terminal.guid}`;
  const name = terminal.name;
  const requisites = terminal.requisites.map((requisite) => requisite.name).join(', ');
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={headingId}>
      <Stack gap="xs" h="100%">
        <TerminalStatusLabel status={terminal.status} />
        <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Title>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" c="dimmed">
            {t('card.id')}
          </Text>
          <CopyableId id={terminal.guid} />
        </Group>
        {showOwner && <Detail label={t('card.owner')} value={terminal.user.username} />}
        <Detail label={t('card.requisites')} value={requisites || t('card.noRequisites')} />
        <WaitingMessagesButton terminal={terminal} onOpen={actions.onWaiting} />
        <Group gap={4} justify="flex-end" mt="auto">
          {terminal.status.slug === 'enabled' && (
            <IconAction label={t('actions.messages', { name })} onClick={() => actions.onMessages(terminal)}>
              <IconMessage2 size={18} aria-hidden />
            </IconAction>
          )}
          {/* Anyone who sees the card sees its forwarding link; only a writer changes it (DESIGN §19). */}
          <IconAction label={t('actions.forwarding', { name })} onClick={() => actions.onForwarding(terminal)}>
            <IconPlugConnected size={18} aria-hidden />
          </IconAction>
          {mayWrite && (
            <>
              <IconAction
                label={t('actions.pairingCode', { name })}
                loading={pairingBusy}
                onClick={() => actions.onPairingCode(terminal)}
              >
                <IconQrcode size={18} aria-hidden />
              </IconAction>
              <IconAction label={t('actions.edit', { name })} onClick={() => actions.onEdit(terminal)}>
                <IconPencil size={18} aria-hidden />
              </IconAction>
              <IconAction label={t('actions.delete', { name })} color="red" onClick={() => actions.onDelete(terminal)}>
                <IconTrash size={18} aria-hidden />
              </IconAction>
            </>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span c="dimmed" inherit>
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}
