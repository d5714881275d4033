import { Text } from '@mantine/core';
import type { BalanceLogEntry } from '@paydesk/contract';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../../lib/format';
import { Amount } from '../../../ui/Amount';
import type { DataTableColumn } from '../../../ui/DataTable';
import { Id } from './partnerColumns';

const isDebit = (entry: BalanceLogEntry) => entry.change.amount.trim().startsWith('-');

/** What moved: green with "+" in, red with "−" (U+2212) out; the sign is read from the wire's decimal string. */
function Change({ entry }: { entry: BalanceLogEntry }) {
  const debit = isDebit(entry);
  const magnitude = entry.change.amount.trim().replace(/^[+-]/, '');
  return (
    <Text component="span" size="sm" fw={600} c={debit ? 'red' : 'green'} style={{ whiteSpace: 'nowrap' }}>
      {debit ? '−' : '+'}
      <Amount amount={magnitude} currency={entry.change.currency.code} />
    </Text>
  );
}

/** The partner's balance history of SPEC §2.20: when, what kind of movement, how much moved and the balance after. */
export function balanceLogColumns(t: TFunction): DataTableColumn<BalanceLogEntry>[] {
  return [
    {
      key: 'created_at',
      title: t('log.date'),
      render: (entry) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at)}</span>,
    },
    { key: 'type', title: t('log.type'), render: (entry) => entry.type.title },
    { key: 'change', title: t('log.change'), render: (entry) => <Change entry={entry} /> },
    {
      key: 'balance',
      title: t('log.balance'),
      render: (entry) => <Amount amount={entry.balance.amount} currency={entry.balance.currency.code} />,
    },
    { key: 'guid', title: t('log.guid'), render: (entry) => <Id id={entry.guid} /> },
  ];
}
