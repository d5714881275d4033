import { Badge, Paper, Stack, Text } from '@mantine/core';
import type { BankMessageOutcome, Terminal, TerminalNotification } from '@paydesk/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { usePhone } from '../../../lib/viewport';
import { Amount } from '../../../ui/Amount';
import { ItemModal } from '../../../ui/AppModal';
import { CopyableId } from '../../../ui/CopyableId';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { ListPagination } from '../../../ui/ListPagination';
import { useListParams } from '../../../ui/useListParams';
import { useTerminalNotifications } from '../api/listTerminalNotifications';
import { NotificationCards } from './NotificationCards';

export interface NotificationsModalProps {
  /** The terminal whose bank messages are shown; null when the modal is closed. */
  terminal: Terminal | null;
  onClose: () => void;
}

/** The bank messages a terminal forwarded (SPEC §2.17, §2.18, §3): one modal for the terminal cards and the devices. */
export function NotificationsModal({ terminal, onClose }: NotificationsModalProps) {
  const { t } = useTranslation('terminals');
  return (
    <ItemModal
      item={terminal}
      onClose={onClose}
      title={(shown) => t('notifications.title', { name: shown.name })}
      size="xl"
    >
      {/* Each terminal starts on its first page. */}
      {(shown) => <NotificationsTable key={shown.guid} guid={shown.guid} />}
    </ItemModal>
  );
}

const dash = '—';

function notificationColumns(t: (key: string) => string): DataTableColumn<TerminalNotification>[] {
  return [
    {
      key: 'received_at',
      title: t('notifications.column.receivedAt'),
      render: (message) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(message.received_at)}</span>,
    },
    { key: 'title', title: t('notifications.column.title'), render: (message) => message.title },
    { key: 'type', title: t('notifications.column.type'), render: (message) => message.type.title },
    {
      key: 'app',
      title: t('notifications.column.app'),
      render: (message) => (
        <Stack gap={2}>
          <Text size="sm">{message.app?.title ?? t('notifications.deviceApp')}</Text>
          {message.weakly_authenticated && (
            // The whole word: the column is as wide as the badge, never the badge cut to the column.
            <Badge color="yellow" variant="light" size="sm" styles={{ label: { overflow: 'visible' } }}>
              {t('notifications.weak')}
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      key: 'body',
      title: t('notifications.column.body'),
      render: (message) => (
        <Text size="sm" maw={320} style={{ overflowWrap: 'anywhere' }}>
          {message.body}
        </Text>
      ),
    },
    {
      key: 'operation',
      title: t('notifications.column.operation'),
      render: (message) => message.payload?.operationType.title ?? dash,
    },
    {
      key: 'amount',
      title: t('notifications.column.amount'),
      render: (message) =>
        message.payload ? <Amount amount={message.payload.amount} currency={message.payload.currency.code} /> : dash,
    },
    { key: 'outcome', title: t('notifications.column.outcome'), render: (message) => message.outcome.title },
    {
      key: 'order',
      title: t('notifications.column.order'),
      render: (message) => (message.orderGuid ? <CopyableId id={message.orderGuid} /> : dash),
    },
  ];
}

/**
 * The paginated table. A failed load is silent, as SPEC §8 has it for terminal notifications: no toast and no
 * server text, only 'Some problems.' where the messages would be, so an empty list is never claimed. With `outcome`,
 * only the messages of it (the waiting ones).
 */
export function NotificationsTable({ guid, outcome }: { guid: string; outcome?: BankMessageOutcome }) {
  const { t } = useTranslation('terminals');
  const list = useListParams();
  const messages = useTerminalNotifications(guid, list.params, outcome);
  const columns = useMemo(() => notificationColumns(t), [t]);
  const pagination = messages.isError ? undefined : messages.data?.context.pagination;
  const rows = messages.isError ? [] : (messages.data?.items ?? []);
  const emptyMessage = messages.isError ? t('notifications.someProblems') : t('notifications.empty');
  const phone = usePhone();
  // The table is wider than the modal: a bordered, padded box of its own keeps its first and last columns off the
  // modal's edge and shows where it scrolls.
  return (
    <Stack gap="sm">
      {phone ? (
        <NotificationCards messages={rows} loading={messages.isFetching} emptyMessage={emptyMessage} />
      ) : (
        <Paper withBorder radius="sm" px="sm" py="xs">
          <DataTable
            columns={columns}
            rows={rows}
            rowKey={(message) => message.id}
            loading={messages.isFetching}
            emptyMessage={emptyMessage}
            caption={t('notifications.table')}
            scrollRegionLabel={t('notifications.table')}
            minWidthPx={1300}
          />
        </Paper>
      )}
      {pagination && (
        <ListPagination pagination={pagination} onPageChange={list.setPage} onPageSizeChange={list.setCount} />
      )}
    </Stack>
  );
}
