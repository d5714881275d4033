import { Group, Stack, Text, Title } from '@mantine/core';
import type { Payment } from '@paydesk/contract';
import type { TFunction } from 'i18next';
import { type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { Amount } from '../../../ui/Amount';
import { CopyableId } from '../../../ui/CopyableId';
import type { DataTableColumn } from '../../../ui/DataTable';
import { ListTable } from '../../../ui/ListTable';
import { NoWrap } from '../../../ui/NoWrap';
import { StatusBadge } from '../../../ui/StatusBadge';
import { useListParams } from '../../../ui/useListParams';
import { useMyWithdrawals } from '../api/listMyWithdrawals';

const noValue = '—';

function Copyable({ value }: { value: string | null }) {
  return value ? (
    <NoWrap>
      <CopyableId id={value} />
    </NoWrap>
  ) : (
    noValue
  );
}

/** The state, and under a rejected one the admin's reason, as written. */
function State({ payment, t }: { payment: Payment; t: TFunction }) {
  return (
    <Stack gap={2} align="flex-start">
      <NoWrap>
        <StatusBadge slug={payment.status.slug} label={payment.status.title} kind="payment" />
      </NoWrap>
      {payment.status.slug === 'rejected' && payment.comment && (
        <Text size="xs" c="dimmed" maw={260} style={{ overflowWrap: 'anywhere' }}>
          {t('withdrawals.reason', { comment: payment.comment })}
        </Text>
      )}
    </Stack>
  );
}

export function withdrawalColumns(t: TFunction): DataTableColumn<Payment>[] {
  return [
    {
      key: 'date',
      title: t('withdrawals.date'),
      render: (payment) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(payment.date)}</span>,
    },
    {
      key: 'amount',
      title: t('withdrawals.amount'),
      render: (payment) => <Amount amount={payment.money.amount} currency={payment.money.currency.code} />,
    },
    // The state before the address: on a phone it is the column read without scrolling.
    { key: 'status', title: t('withdrawals.status'), render: (payment) => <State payment={payment} t={t} /> },
    { key: 'address', title: t('withdrawals.address'), render: (payment) => <Copyable value={payment.address} /> },
    { key: 'tx_hash', title: t('withdrawals.txHash'), render: (payment) => <Copyable value={payment.tx_hash} /> },
  ];
}

/** A labelled line of a withdrawal's card: what it is, dimmed, then its value. */
function CardLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}:
      </Text>
      <Text size="sm" component="div" miw={0}>
        {children}
      </Text>
    </Group>
  );
}

/** One withdrawal on a phone: the amount and its state (the admin's reason under a rejected one), then where it went. */
export function WithdrawalCard({ payment, t }: { payment: Payment; t: TFunction }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text size="lg" fw={600}>
          <Amount amount={payment.money.amount} currency={payment.money.currency.code} />
        </Text>
        <State payment={payment} t={t} />
      </Group>
      <CardLine label={t('withdrawals.address')}>
        <Copyable value={payment.address} />
      </CardLine>
      <CardLine label={t('withdrawals.txHash')}>
        <Copyable value={payment.tx_hash} />
      </CardLine>
      <Text size="xs" c="dimmed">
        {formatDateTime(payment.date)}
      </Text>
    </Stack>
  );
}

/**
 * The user's own USDT withdrawals (issue 32): when each was asked for, how much, to which address, where it stands,
 * the transaction's hash once sent, and the administrator's reason when one was rejected.
 */
export function WithdrawalsSection() {
  const { t } = useTranslation('balance');
  const list = useListParams();
  const withdrawals = useMyWithdrawals(list.params);
  const titleId = useId();
  const columns = useMemo(() => withdrawalColumns(t), [t]);
  const phoneCards = useMemo(
    () => ({
      label: t('withdrawals.title'),
      card: (payment: Payment) => <WithdrawalCard payment={payment} t={t} />,
    }),
    [t],
  );
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('withdrawals.title')}
      </Title>
      <ListTable
        list={list}
        query={withdrawals}
        namespace="balance"
        columns={columns}
        rowKey={(payment) => payment.guid}
        emptyMessage={t('withdrawals.empty')}
        minWidthPx={760}
        scrollRegionLabel={t('withdrawals.table')}
        phoneCards={phoneCards}
      />
    </Stack>
  );
}
