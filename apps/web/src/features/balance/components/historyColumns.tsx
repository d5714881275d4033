import { Box, Group, Stack, Text } from '@mantine/core';
import type { BalanceHistoryRow } from '@paydesk/contract';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { formatDateTime, shortenId } from '../../../lib/format';
import { Amount } from '../../../ui/Amount';
import { CopyableId } from '../../../ui/CopyableId';
import type { DataTableColumn } from '../../../ui/DataTable';
import { StatusBadge } from '../../../ui/StatusBadge';

type Translate = (key: string, options?: Record<string, string>) => string;

const isCredit = (row: BalanceHistoryRow) => row.action.slug === 'in';

/** A credit reads green with "+", a debit red with "−" (U+2212, the minus sign, as wide as the plus). */
function Action({ row }: { row: BalanceHistoryRow }) {
  const credit = isCredit(row);
  const Icon = credit ? IconPlus : IconMinus;
  return (
    <Group gap={4} wrap="nowrap" c={credit ? 'green' : 'red'}>
      <Icon size={14} stroke={2.2} aria-hidden />
      <Text component="span" size="sm" fw={500}>
        {row.action.title}
      </Text>
    </Group>
  );
}

export function SignedAmount({ row, size = 'sm' }: { row: BalanceHistoryRow; size?: 'sm' | 'lg' }) {
  const credit = isCredit(row);
  return (
    <Text component="span" size={size} fw={600} c={credit ? 'green' : 'red'} style={{ whiteSpace: 'nowrap' }}>
      {credit ? '+' : '−'}
      <Amount amount={row.money.amount} currency={row.money.currency.code} />
    </Text>
  );
}

/** A part's signed amount: "+" green, "−" red, the amount cut for reading with the exact value on hover. */
function SignedPart({ amount, currency }: { amount: string; currency: string }) {
  const debit = amount.startsWith('-');
  return (
    <Text component="span" size="xs" fw={500} c={debit ? 'red' : 'green'} style={{ whiteSpace: 'nowrap' }}>
      {debit ? '−' : '+'}
      <Amount amount={debit ? amount.slice(1) : amount} currency={currency} />
    </Text>
  );
}

/**
 * The event's parts (issue 21): what moved on each of the user's accounts and why — a settlement's hold taken and
 * reward paid — and the order it belongs to. A single part that is the row itself adds nothing and is not repeated.
 */
export function Details({ row, t, wrap = false }: { row: BalanceHistoryRow; t: Translate; wrap?: boolean }) {
  const parts = row.parts.length > 1 ? row.parts : [];
  // On a phone's card a part's amount goes under its name rather than past the card's edge.
  const line = wrap ? undefined : ({ whiteSpace: 'nowrap' } as const);
  return (
    <Stack gap={2}>
      {row.order_guid && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('history.order', { id: shortenId(row.order_guid) })}
        </Text>
      )}
      {parts.map((part) => (
        <Group key={`${part.account.slug}:${part.type.slug}:${part.amount}`} gap={6} wrap={wrap ? 'wrap' : 'nowrap'}>
          <Text size="xs" style={line}>
            {t('history.part', { type: part.type.title, account: part.account.title })}
          </Text>
          <SignedPart amount={part.amount} currency={row.money.currency.code} />
        </Group>
      ))}
    </Stack>
  );
}

/**
 * The balance history of SPEC §2.6 / §3: one row per business event on the user's accounts (a deposit, an order's
 * hold, its settlement), its parts in the details, newest first by default.
 */
export function historyColumns(t: Translate): DataTableColumn<BalanceHistoryRow>[] {
  return [
    {
      key: 'date',
      title: t('history.date'),
      sortable: true,
      sortKey: 'created_at',
      render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.date)}</span>,
    },
    {
      key: 'type',
      title: t('history.type'),
      // The event's parts sit under its name rather than in a column of their own: the table stays as wide as it was.
      render: (row) => (
        <Stack gap={4}>
          <Text component="span" size="sm">
            {row.type.title}
          </Text>
          <Details row={row} t={t} />
        </Stack>
      ),
    },
    { key: 'account', title: t('history.account'), render: (row) => row.account.title },
    { key: 'action', title: t('history.action'), render: (row) => <Action row={row} /> },
    { key: 'amount', title: t('history.amount'), render: (row) => <SignedAmount row={row} /> },
    {
      key: 'status',
      title: t('history.status'),
      render: (row) => (
        // The table would otherwise squeeze the badge and cut its label.
        <Box miw="max-content">
          <StatusBadge kind="payment" slug={row.status.slug} label={row.status.title} />
        </Box>
      ),
    },
    {
      key: 'before',
      title: t('history.balanceBefore'),
      render: (row) => <Amount amount={row.balance_before} currency={row.money.currency.code} />,
    },
    {
      key: 'after',
      title: t('history.balanceAfter'),
      render: (row) => <Amount amount={row.balance_after} currency={row.money.currency.code} />,
    },
    {
      key: 'guid',
      title: t('history.guid'),
      render: (row) => (
        <Box style={{ whiteSpace: 'nowrap' }}>
          <CopyableId id={row.guid} />
        </Box>
      ),
    },
  ];
}
