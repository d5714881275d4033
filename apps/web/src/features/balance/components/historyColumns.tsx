import { Box, Group, Stack, Text } from '@mantine/core';
import type { BalanceHistoryRow } from '@paydesk/contract';
import { formatDateTime, shortenId } from '../../../lib/format';
import { Amount } from '../../../ui/Amount';
import { BalanceBeforeAfter } from '../../../ui/BalanceBeforeAfter';
import { CopyableId } from '../../../ui/CopyableId';
import type { DataTableColumn } from '../../../ui/DataTable';
import { StatusBadge } from '../../../ui/StatusBadge';

type Translate = (key: string, options?: Record<string, string>) => string;

const isCredit = (row: BalanceHistoryRow) => row.action.slug === 'in';

/** What the row did to the account ("Credit", "Debit"), under its signed amount: the sign and colour say it first. */
function AmountAndAction({ row }: { row: BalanceHistoryRow }) {
  return (
    <Stack gap={0}>
      <SignedAmount row={row} />
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {row.action.title}
      </Text>
    </Stack>
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
      // The event's parts sit under its name rather than in a column of their own, a part's amount under its name when the
      // column is narrow: the table fits 1440 px in Russian.
      render: (row) => (
        <Stack gap={4}>
          <Text component="span" size="sm">
            {row.type.title}
          </Text>
          <Details row={row} t={t} wrap />
        </Stack>
      ),
    },
    { key: 'account', title: t('history.account'), render: (row) => row.account.title },
    // The action under the amount and both balances in one column (SPEC §2.6 lists each): the history fits 1440 px in
    // Russian, whose words are longer, without scrolling sideways.
    { key: 'amount', title: t('history.amountAction'), render: (row) => <AmountAndAction row={row} /> },
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
      key: 'balance',
      title: t('history.balance'),
      render: (row) => (
        <BalanceBeforeAfter
          before={row.balance_before}
          after={row.balance_after}
          currency={row.money.currency.code}
          labels={{ before: t('history.before'), after: t('history.after') }}
        />
      ),
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
