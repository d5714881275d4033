import { Stack, Text } from '@mantine/core';
import type { Dispute } from '@paydesk/contract';
import type { TFunction } from 'i18next';
import { formatAmountDisplay, formatDateTime } from '../../../lib/format';
import { Amount } from '../../../ui/Amount';
import { CopyableId } from '../../../ui/CopyableId';
import type { DataTableColumn } from '../../../ui/DataTable';
import { StatusBadge } from '../../../ui/StatusBadge';
import { CheckButton } from './CheckPreview';
import { type DisputeStatusChoice, DisputeStatusSelect } from './DisputeStatusSelect';
import { noValue } from './orderColumns';

const money = (value: { amount: string; currency: { code: string } }) =>
  `${formatAmountDisplay(value.amount)} ${value.currency.code}`;

export interface AppealRowActions {
  /** The admin's status selector (`disputes.manage`), on open disputes. */
  onStatus?: (dispute: Dispute, status: DisputeStatusChoice) => void;
  /** The status change in flight: its selector shows it and waits, the others of the list too. */
  busy: { uuid: string; status: DisputeStatusChoice } | null;
  /** Show check (SPEC §6: the admin's). */
  onShowCheck?: (dispute: Dispute) => void;
}

function AmountCell({ dispute, t }: { dispute: Dispute; t: TFunction }) {
  const corrected = dispute.resolved_fiat_amount;
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500} component="span">
        <Amount amount={dispute.fiat_amount.amount} currency={dispute.fiat_amount.currency.code} />
      </Text>
      {corrected && (
        <Text size="xs" c="dimmed" component="span" style={{ whiteSpace: 'nowrap' }}>
          {t('appeals.correctedAmount', { amount: money(corrected) })}
        </Text>
      )}
    </Stack>
  );
}

/** The reason, and what the payer said about the payment: how much, when, in its own words. */
function ReasonCell({ dispute, t }: { dispute: Dispute; t: TFunction }) {
  const { paid_amount: paidAmount, paid_at: paidAt, comment } = dispute.fields;
  const currency = dispute.fiat_amount.currency.code;
  return (
    <Stack gap={0} maw={260}>
      <Text size="sm">{dispute.reason.title}</Text>
      {paidAmount && (
        <Text size="xs" c="dimmed">
          {t('appeals.paidAmount', { amount: money({ amount: paidAmount, currency: { code: currency } }) })}
        </Text>
      )}
      {paidAt && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('appeals.paidAt', { date: formatDateTime(paidAt) })}
        </Text>
      )}
      {comment && (
        <Text size="xs" c="dimmed" lineClamp={2} title={comment} style={{ overflowWrap: 'anywhere' }}>
          {comment}
        </Text>
      )}
    </Stack>
  );
}

function StatusCell({ dispute, t }: { dispute: Dispute; t: TFunction }) {
  return (
    <Stack gap={2} align="flex-start">
      <StatusBadge slug={dispute.status.slug} label={dispute.status.title} kind="dispute" />
      {dispute.closed_at && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('appeals.closedAt', { date: formatDateTime(dispute.closed_at) })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The APPEALS table of SPEC §2.12: order id, fiat amount, merchant, executor, reason, created date, appeal id and
 * status; for an admin who may change it, the status selector of open disputes; for an admin, Show check.
 */
export function appealColumns(t: TFunction, actions: AppealRowActions): DataTableColumn<Dispute>[] {
  const columns: DataTableColumn<Dispute>[] = [
    { key: 'order', title: t('appeals.column.order'), render: (dispute) => <CopyableId id={dispute.order_uuid} /> },
    { key: 'amount', title: t('appeals.column.amount'), render: (dispute) => <AmountCell dispute={dispute} t={t} /> },
    { key: 'merchant', title: t('appeals.column.merchant'), render: (dispute) => dispute.merchant.username },
    {
      key: 'executor',
      title: t('appeals.column.executor'),
      render: (dispute) => dispute.executor?.username ?? noValue,
    },
    { key: 'reason', title: t('appeals.column.reason'), render: (dispute) => <ReasonCell dispute={dispute} t={t} /> },
    {
      key: 'created_at',
      title: t('appeals.column.createdAt'),
      render: (dispute) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(dispute.created_at)}
        </Text>
      ),
    },
    { key: 'uuid', title: t('appeals.column.uuid'), render: (dispute) => <CopyableId id={dispute.uuid} /> },
    { key: 'status', title: t('appeals.column.status'), render: (dispute) => <StatusCell dispute={dispute} t={t} /> },
  ];
  const { onStatus, onShowCheck, busy } = actions;
  if (onStatus) {
    columns.push({
      key: 'change',
      title: t('appeals.column.change'),
      render: (dispute) =>
        dispute.status.slug === 'open' ? (
          <DisputeStatusSelect
            dispute={dispute}
            onChoose={(status) => onStatus(dispute, status)}
            pending={busy?.uuid === dispute.uuid ? busy.status : null}
            disabled={busy !== null}
          />
        ) : (
          noValue
        ),
    });
  }
  if (onShowCheck) {
    columns.push({
      key: 'check',
      title: t('appeals.column.check'),
      render: (dispute) => <CheckButton dispute={dispute} onShow={() => onShowCheck(dispute)} />,
    });
  }
  return columns;
}
