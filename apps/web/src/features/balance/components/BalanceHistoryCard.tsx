import { Group, Stack, Text } from '@mantine/core';
import type { BalanceHistoryRow } from '@paydesk/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { Amount } from '../../../ui/Amount';
import { CopyableId } from '../../../ui/CopyableId';
import { StatusBadge } from '../../../ui/StatusBadge';
import { Details, SignedAmount } from './historyColumns';

/**
 * One balance event on a phone (issue 32): the signed amount large with the balance it left, then what it was (its
 * type, the account, its parts and the order), its state and when. The balance before stays in the wide table.
 */
export function BalanceHistoryCard({ row }: { row: BalanceHistoryRow }) {
  const { t } = useTranslation('balance');
  return (
    <Stack gap={6}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text component="div" size="lg">
          <SignedAmount row={row} size="lg" />
        </Text>
        <StatusBadge kind="payment" slug={row.status.slug} label={row.status.title} />
      </Group>
      <Text size="sm">
        <Text span c="dimmed" inherit>
          {t('history.balanceAfter')}:
        </Text>{' '}
        <Amount amount={row.balance_after} currency={row.money.currency.code} />
      </Text>
      <Text size="sm" fw={500}>
        {t('history.part', { type: row.type.title, account: row.account.title })}
      </Text>
      <Details row={row} t={t} wrap />
      <Group justify="space-between" gap="xs">
        <CopyableId id={row.guid} />
        <Text size="xs" c="dimmed">
          {formatDateTime(row.date)}
        </Text>
      </Group>
    </Stack>
  );
}
