import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Terminal } from '@paydesk/contract';
import { IconMessage2, IconPencil, IconPlugConnected, IconQrcode, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyableId } from '../../../ui/CopyableId';
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
        <Group gap={6} justify="flex-end" mt="auto">
          {terminal.status.slug === 'enabled' && (
            <CardAction
              label={t('actions.messages', { name })}
              word={t('actionWords.messages')}
              icon={<IconMessage2 size={16} aria-hidden />}
              onClick={() => actions.onMessages(terminal)}
            />
          )}
          {/* Anyone who sees the card sees its forwarding link; only a writer changes it (DESIGN §19). */}
          <CardAction
            label={t('actions.forwarding', { name })}
            word={t('actionWords.forwarding')}
            icon={<IconPlugConnected size={16} aria-hidden />}
            onClick={() => actions.onForwarding(terminal)}
          />
          {mayWrite && (
            <>
              <CardAction
                label={t('actions.pairingCode', { name })}
                word={t('actionWords.pairingCode')}
                icon={<IconQrcode size={16} aria-hidden />}
                loading={pairingBusy}
                onClick={() => actions.onPairingCode(terminal)}
              />
              <CardAction
                label={t('actions.edit', { name })}
                word={t('actionWords.edit')}
                icon={<IconPencil size={16} aria-hidden />}
                onClick={() => actions.onEdit(terminal)}
              />
              <CardAction
                label={t('actions.delete', { name })}
                word={t('actionWords.delete')}
                icon={<IconTrash size={16} aria-hidden />}
                color="red"
                onClick={() => actions.onDelete(terminal)}
              />
            </>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * A card's action in words beside its icon (issue 32: on a phone an icon alone leaves the trader guessing); its
 * accessible name also names the terminal, and holds the word it shows.
 */
function CardAction({
  label,
  word,
  icon,
  color = 'gray',
  loading,
  onClick,
}: {
  label: string;
  word: string;
  icon: ReactNode;
  color?: string;
  loading?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="light"
      color={color}
      size="compact-sm"
      leftSection={icon}
      aria-label={label}
      loading={loading}
      onClick={onClick}
    >
      {word}
    </Button>
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
