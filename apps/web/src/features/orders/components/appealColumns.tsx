import { Box, Stack, Text } from '@mantine/core';
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

export interface AppealRowActions {
  /** The admin's status selector (`disputes.manage`), on open disputes. */
  onStatus?: (dispute: Dispute, status: DisputeStatusChoice) => void;
  /** The status change in flight: its selector shows it and waits, the others of the list too. */
  busy: { uuid: string; status: DisputeStatusChoice } | null;
  /** Show check (SPEC §6: the admin's). */
  onShowCheck?: (dispute: Dispute) => void;
}

/**
 * The order's fiat amount. A resolution that corrected it changed the order's own amount, so the amount shown is the
 * corrected one, and a note says so.
 */
function AmountCell({ dispute, t }: { dispute: Dispute; t: TFunction }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500} component="span">
        <Amount amount={dispute.fiat_amount.amount} currency={dispute.fiat_amount.currency.code} />
      </Text>
      {dispute.resolved_fiat_amount && (
        <Text size="xs" c="dimmed" component="span">
          {t('appeals.amountCorrected')}
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
    <Stack gap={0} maw={240}>
      <Text size="sm">{dispute.reason.title}</Text>
      {paidAmount && (
        <Text size="xs" c="dimmed">
          {t('appeals.paidAmount', { amount: `${formatAmountDisplay(paidAmount)} ${currency}` })}
        </Text>
      )}
      {paidAt && (
        <Text size="xs" c="dimmed">
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

interface StatusCellProps {
  dispute: Dispute;
  actions: AppealRowActions;
  t: TFunction;
}

/**
 * The status, with the date a closed dispute closed. For an admin who may change it, an open dispute's status is its
 * selector (SPEC §2.12: only while open), which shows the status in the badge's colour: one column, not two, keeps
 * the admin's table, check included, within a laptop's screen.
 */
function StatusCell({ dispute, actions, t }: StatusCellProps) {
  const { onStatus, busy } = actions;
  if (onStatus && dispute.status.slug === 'open') {
    return (
      <DisputeStatusSelect
        dispute={dispute}
        onChoose={(status) => onStatus(dispute, status)}
        pending={busy?.uuid === dispute.uuid ? busy.status : null}
        disabled={busy !== null}
      />
    );
  }
  return (
    <Stack gap={2} align="flex-start">
      {/* The cell may narrow to its longest word, never to less than the whole badge. */}
      <Box style={{ minWidth: 'max-content' }}>
        <StatusBadge slug={dispute.status.slug} label={dispute.status.title} kind="dispute" />
      </Box>
      {dispute.closed_at && (
        <Text size="xs" c="dimmed">
          {t('appeals.closedAt', { date: formatDateTime(dispute.closed_at) })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The APPEALS table of SPEC §2.12: order id, fiat amount, merchant, executor, reason, created date, appeal id and
 * status (for an admin who may change it, an open dispute's selector); for an admin, Show check.
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
      render: (dispute) => <Text size="sm">{formatDateTime(dispute.created_at)}</Text>,
    },
    { key: 'uuid', title: t('appeals.column.uuid'), render: (dispute) => <CopyableId id={dispute.uuid} /> },
    {
      key: 'status',
      title: t('appeals.column.status'),
      render: (dispute) => <StatusCell dispute={dispute} actions={actions} t={t} />,
    },
  ];
  const { onShowCheck } = actions;
  if (onShowCheck) {
    columns.push({
      key: 'check',
      title: t('appeals.column.check'),
      render: (dispute) => <CheckButton dispute={dispute} onShow={() => onShowCheck(dispute)} />,
    });
  }
  return columns;
}
