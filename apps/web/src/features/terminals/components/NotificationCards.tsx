import { Badge, Blockquote, Box, Group, Stack, Text } from '@mantine/core';
import type { TerminalNotification } from '@paydesk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { Amount } from '../../../ui/Amount';
import { CardList } from '../../../ui/CardList';
import { CopyableId } from '../../../ui/CopyableId';

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Box>
  );
}

/**
 * One bank message on a phone (issue 32): what the trader looks for first — the amount and the order it settled, with
 * what became of it — then when and through which app it came, and the message as the bank wrote it.
 */
function NotificationCard({ message }: { message: TerminalNotification }) {
  const { t } = useTranslation('terminals');
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Box>
          <Text fw={600} size="lg">
            {message.payload ? (
              <Amount amount={message.payload.amount} currency={message.payload.currency.code} />
            ) : (
              '—'
            )}
          </Text>
          {message.payload && (
            <Text size="xs" c="dimmed">
              {message.payload.operationType.title}
            </Text>
          )}
        </Box>
        <Text size="sm" ta="right">
          {message.outcome.title}
        </Text>
      </Group>
      <Labelled label={t('notifications.column.order')}>
        {message.orderGuid ? <CopyableId id={message.orderGuid} /> : <Text size="sm">—</Text>}
      </Labelled>
      <Group justify="space-between" gap="xs">
        <Group gap={6}>
          <Text size="sm">
            {message.app?.title ?? t('notifications.deviceApp')} · {message.type.title}
          </Text>
          {message.weakly_authenticated && (
            <Badge color="yellow" variant="light" size="sm">
              {t('notifications.weak')}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {formatDateTime(message.received_at)}
        </Text>
      </Group>
      {/* The sender in the text's own colour: Mantine's dimmed `cite` is below 4.5:1 in the dark theme. */}
      <Blockquote p="xs" radius="sm" style={{ overflowWrap: 'anywhere' }}>
        {message.title && (
          <Text size="sm" fw={600} inherit>
            {message.title}
          </Text>
        )}
        {message.body}
      </Blockquote>
    </Stack>
  );
}

export interface NotificationCardsProps {
  messages: TerminalNotification[];
  loading: boolean;
  emptyMessage: string;
}

/** A terminal's bank messages on a phone: one card each instead of the 1300 px table. */
export function NotificationCards({ messages, loading, emptyMessage }: NotificationCardsProps) {
  const { t } = useTranslation('terminals');
  return (
    <CardList
      rows={messages}
      rowKey={(message) => message.id}
      card={(message) => <NotificationCard message={message} />}
      label={t('notifications.table')}
      loading={loading}
      emptyMessage={emptyMessage}
    />
  );
}
