import { Table } from '@mantine/core';
import type { Payment } from '@paydesk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../ui/Amount';
import { CopyableText } from '../../../ui/CopyableText';
import { StatusBadge } from '../../../ui/StatusBadge';

/** What the operator decides about: owner, sum, destination and, for a merchant withdrawal, the paying trader. */
export function PaymentSummary({ payment }: { payment: Payment }) {
  const { t } = useTranslation('payments');
  const rows: [string, ReactNode][] = [
    [t('summary.owner'), payment.payable.username],
    [t('summary.sum'), <Amount key="sum" amount={payment.money.amount} currency={payment.money.currency.code} />],
    [
      t('summary.status'),
      <StatusBadge key="status" slug={payment.status.slug} label={payment.status.title} kind="payment" />,
    ],
  ];
  if (payment.address) rows.push([t('summary.address'), <CopyableText key="address" value={payment.address} />]);
  if (payment.trader) rows.push([t('summary.trader'), payment.trader.username]);
  return (
    <Table variant="vertical" layout="fixed" withTableBorder>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={130}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
