import { Box, Button, Group, Stack, Text } from '@mantine/core';
import type { Dispute, DisputeStatus } from '@paydesk/contract';
import type { TFunction } from 'i18next';
import { formatAmountDisplay, formatDateTime, shortenId } from '../../../lib/format';
import { Amount } from '../../../ui/Amount';
import { CopyableId } from '../../../ui/CopyableId';
import type { DataTableColumn } from '../../../ui/DataTable';
import { StatusBadge } from '../../../ui/StatusBadge';
import { CheckButton } from './CheckPreview';
import { noValue } from './orderColumns';

/** Where an open dispute can go (SPEC §4): rejected or resolved. */
export type DisputeDecision = Exclude<DisputeStatus, 'open'>;

export interface AppealRowActions {
  /** Opens the appeal as a case: its order, the payer's words, the receipt. */
  onOpen: (dispute: Dispute) => void;
  /** Resolve and Reject (`disputes.manage`), on open disputes: each opens its confirmation. */
  onDecide?: (dispute: Dispute, decision: DisputeDecision) => void;
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

/** The status, with the date a closed dispute closed. */
function StatusCell({ dispute, t }: { dispute: Dispute; t: TFunction }) {
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
 * The row's actions, in words (issue 32 item 6): Open reads the appeal as a case; on an open appeal the admin who
 * decides has Resolve and Reject, each behind a confirmation that restates what moves; the admin's check icon last.
 */
function ActionsCell({ dispute, actions, t }: { dispute: Dispute; actions: AppealRowActions; t: TFunction }) {
  const { onOpen, onDecide, onShowCheck } = actions;
  const id = shortenId(dispute.uuid);
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="default"
        aria-label={t('appeals.openOf', { id })}
        onClick={() => onOpen(dispute)}
      >
        {t('appeals.open')}
      </Button>
      {onDecide && dispute.status.slug === 'open' && (
        <>
          <Button
            size="compact-sm"
            variant="light"
            aria-label={t('appeals.resolveOf', { id })}
            onClick={() => onDecide(dispute, 'resolved')}
          >
            {t('appeals.action.resolve')}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            aria-label={t('appeals.rejectOf', { id })}
            onClick={() => onDecide(dispute, 'rejected')}
          >
            {t('appeals.action.reject')}
          </Button>
        </>
      )}
      {onShowCheck && <CheckButton dispute={dispute} onShow={() => onShowCheck(dispute)} />}
    </Group>
  );
}

/**
 * The APPEALS table of SPEC §2.12: order id, fiat amount, merchant, executor, reason, created date, appeal id and
 * status, then the row's actions (Open; Resolve and Reject for the admin who decides; the admin's Show check).
 */
export function appealColumns(t: TFunction, actions: AppealRowActions): DataTableColumn<Dispute>[] {
  return [
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
      render: (dispute) => <StatusCell dispute={dispute} t={t} />,
    },
    {
      key: 'actions',
      title: t('appeals.actionsOf'),
      render: (dispute) => <ActionsCell dispute={dispute} actions={actions} t={t} />,
    },
  ];
}
