import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Payment, PaymentType } from '@paydesk/contract';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../../lib/format';
import { Amount } from '../../../ui/Amount';
import { BalanceBeforeAfter } from '../../../ui/BalanceBeforeAfter';
import { CopyableId } from '../../../ui/CopyableId';
import type { DataTableColumn } from '../../../ui/DataTable';
import { NoWrap } from '../../../ui/NoWrap';
import { StatusBadge } from '../../../ui/StatusBadge';

export const noValue = '—';

export interface PaymentRowActions {
  onAccept: (payment: Payment) => void;
  onReject: (payment: Payment) => void;
  onSent: (payment: Payment) => void;
}

/** What a withdrawal allows (SPEC §2.13, §4): accept on moderation, reject until sent, report sent once approved. */
export const canAccept = (payment: Payment) => payment.status.slug === 'moderation';
export const canReject = (payment: Payment) =>
  payment.status.slug === 'moderation' || payment.status.slug === 'pending';
export const canReportSent = (payment: Payment) => payment.status.slug === 'pending';

function Status({ payment, t, withDate = false }: { payment: Payment; t: TFunction; withDate?: boolean }) {
  return (
    <Stack gap={2} align="flex-start">
      <NoWrap>
        <StatusBadge slug={payment.status.slug} label={payment.status.title} kind="payment" />
      </NoWrap>
      {withDate && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(payment.date)}
        </Text>
      )}
      {payment.comment && (
        <Text size="xs" c="dimmed" lineClamp={2} maw={200} title={payment.comment}>
          {t('reason', { comment: payment.comment })}
        </Text>
      )}
    </Stack>
  );
}

function Sum({ payment }: { payment: Payment }) {
  return <Amount amount={payment.money.amount} currency={payment.money.currency.code} />;
}

function Id({ id }: { id: string | null }) {
  return id ? (
    <NoWrap>
      <CopyableId id={id} />
    </NoWrap>
  ) : (
    noValue
  );
}

/** Where a withdrawal goes, and under it the transaction that sent it once there is one. */
function AddressAndTransaction({ payment, t }: { payment: Payment; t: TFunction }) {
  const transaction = payment.tx_hash ?? payment.order_uuid;
  return (
    <Stack gap={2}>
      <Id id={payment.address} />
      {transaction && (
        <Group gap={4} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {t('column.transaction')}
          </Text>
          <Id id={transaction} />
        </Group>
      )}
    </Stack>
  );
}

/** A withdrawal's owner over its kind (and the trader paying it out): one column, so Accept and Reject fit 1440 px. */
function OwnerAndType({ payment, t }: { payment: Payment; t: TFunction }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {payment.payable.username}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {payment.type.title}
      </Text>
      {payment.trader && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('via', { trader: payment.trader.username })}
        </Text>
      )}
    </Stack>
  );
}

function RowActions({ payment, actions, t }: { payment: Payment; actions: PaymentRowActions; t: TFunction }) {
  const any = canAccept(payment) || canReject(payment) || canReportSent(payment);
  if (!any) return noValue;
  return (
    <Group gap={4} wrap="nowrap">
      {canAccept(payment) && (
        <Button size="compact-sm" variant="light" color="teal" onClick={() => actions.onAccept(payment)}>
          {t('actions.accept')}
        </Button>
      )}
      {canReportSent(payment) && (
        <Button size="compact-sm" variant="light" onClick={() => actions.onSent(payment)}>
          {t('actions.sent')}
        </Button>
      )}
      {canReject(payment) && (
        <Button size="compact-sm" variant="light" color="red" onClick={() => actions.onReject(payment)}>
          {t('actions.reject')}
        </Button>
      )}
    </Group>
  );
}

function sourceText(source: string | null, t: TFunction): string {
  return source ? t(`source.${source}`, { defaultValue: source }) : noValue;
}

/**
 * The columns of SPEC §2.13 for one tab; deposits also show where they were seen, the hash and the address. Without
 * `actions` (a support admin, who moves no money) withdrawals have no action column.
 */
export function paymentColumns(
  type: PaymentType,
  t: TFunction,
  actions: PaymentRowActions | null,
): DataTableColumn<Payment>[] {
  const guid: DataTableColumn<Payment> = {
    key: 'guid',
    title: t('column.guid'),
    render: (payment) => <Id id={payment.guid} />,
  };
  const owner: DataTableColumn<Payment> = {
    key: 'owner',
    title: t('column.owner'),
    render: (payment) => (
      <Text size="sm" fw={500}>
        {payment.payable.username}
      </Text>
    ),
  };
  const status: DataTableColumn<Payment> = {
    key: 'status',
    title: t('column.status'),
    render: (payment) => <Status payment={payment} t={t} />,
  };
  const date: DataTableColumn<Payment> = {
    key: 'date',
    title: t('column.date'),
    render: (payment) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(payment.date)}</span>,
  };
  const sum: DataTableColumn<Payment> = {
    key: 'sum',
    title: t('column.sum'),
    render: (payment) => <Sum payment={payment} />,
  };

  if (type === 'deposit') {
    return [
      guid,
      owner,
      status,
      date,
      sum,
      {
        key: 'source',
        title: t('column.source'),
        render: (payment) => (
          <Badge variant="default" tt="none">
            {sourceText(payment.source, t)}
          </Badge>
        ),
      },
      { key: 'tx_hash', title: t('column.txHash'), render: (payment) => <Id id={payment.tx_hash} /> },
      { key: 'address', title: t('column.address'), render: (payment) => <Id id={payment.address} /> },
    ];
  }
  return [
    guid,
    { ...owner, title: t('column.ownerType'), render: (payment) => <OwnerAndType payment={payment} t={t} /> },
    sum,
    // Where the money goes, shortened and copyable (the confirmation shows it in full), over the transaction that sent it.
    {
      key: 'address',
      title: t('column.addressTransaction'),
      render: (payment) => <AddressAndTransaction payment={payment} t={t} />,
    },
    // The date under the status, as the order lists show it: Accept and Reject fit a 1440 px screen.
    { ...status, title: t('column.statusDate'), render: (payment) => <Status payment={payment} t={t} withDate /> },
    // Before and after in one column (SPEC §2.13 lists both): the row's Accept and Reject fit a 1440 px screen.
    {
      key: 'balance',
      title: t('column.balance'),
      render: (payment) => (
        <BalanceBeforeAfter
          before={payment.balance_before}
          after={payment.balance_after}
          currency={payment.money.currency.code}
          labels={{ before: t('column.before'), after: t('column.after') }}
        />
      ),
    },
    ...(actions
      ? [
          {
            key: 'actions',
            title: t('column.actions'),
            pinned: true,
            render: (payment: Payment) => <RowActions payment={payment} actions={actions} t={t} />,
          },
        ]
      : []),
  ];
}
