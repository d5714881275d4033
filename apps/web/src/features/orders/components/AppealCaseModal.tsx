import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Dispute } from '@paydesk/contract';
import { IconDownload } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatAmountDisplay, formatDateTime, shortenId } from '../../../lib/format';
import { AppModal } from '../../../ui/AppModal';
import { CopyableId } from '../../../ui/CopyableId';
import { type FieldRow, FieldTable } from '../../../ui/FieldTable';
import { StatusBadge } from '../../../ui/StatusBadge';
import { useRetained } from '../../../ui/useRetained';
import type { DisputeDecision } from './appealColumns';
import { CheckImage, checkOf } from './CheckPreview';
import { noValue } from './orderColumns';

export interface AppealCaseModalProps {
  /** The appeal shown; null when closed. */
  dispute: Dispute | null;
  onClose: () => void;
  /** Opens the appeal's order (its details). */
  onOpenOrder: (orderId: string) => void;
  /** Resolve or Reject (an admin with `disputes.manage`, on an open appeal): opens the decision's confirmation. */
  onDecide?: (dispute: Dispute, decision: DisputeDecision) => void;
}

/**
 * An appeal read as a case (issue 32 item 6): who and what it is about with a way to the order, what the payer said
 * (the labels in the interface's language, the payer's words as written), the receipt seen in place (a picture) or
 * downloaded (a PDF), and, for the admin who decides, Resolve and Reject.
 */
export function AppealCaseModal({ dispute, onClose, onOpenOrder, onDecide }: AppealCaseModalProps) {
  const { t } = useTranslation('orders');
  const shown = useRetained(dispute);
  const id = shown ? shortenId(shown.uuid) : '';
  return (
    <AppModal opened={dispute !== null} onClose={onClose} title={t('appeals.case.title', { id })} size="lg">
      {shown && (
        <Stack gap="lg">
          <FieldTable rows={caseFacts(shown, t, onOpenOrder)} />
          <PayerStatement dispute={shown} />
          <Receipt dispute={shown} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('appeals.case.close')}
            </Button>
            {onDecide && shown.status.slug === 'open' && (
              <>
                <Button color="red" variant="light" onClick={() => onDecide(shown, 'rejected')}>
                  {t('appeals.action.reject')}
                </Button>
                <Button onClick={() => onDecide(shown, 'resolved')}>{t('appeals.action.resolve')}</Button>
              </>
            )}
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}

function caseFacts(dispute: Dispute, t: TFunction, onOpenOrder: (orderId: string) => void): FieldRow[] {
  const { amount, currency } = dispute.fiat_amount;
  return [
    [t('appeals.column.uuid'), <CopyableId key="uuid" id={dispute.uuid} />],
    [
      t('appeals.case.order'),
      <Group key="order" gap="xs" wrap="wrap">
        <CopyableId id={dispute.order_uuid} />
        <Button size="compact-sm" variant="subtle" onClick={() => onOpenOrder(dispute.order_uuid)}>
          {t('appeals.case.openOrder')}
        </Button>
      </Group>,
    ],
    [t('appeals.column.amount'), `${formatAmountDisplay(amount)} ${currency.code}`],
    [t('appeals.column.merchant'), dispute.merchant.username],
    [t('appeals.column.executor'), dispute.executor?.username ?? noValue],
    [t('appeals.column.reason'), dispute.reason.title],
    [t('appeals.column.createdAt'), formatDateTime(dispute.created_at)],
    [
      t('appeals.column.status'),
      <Group key="status" gap="xs">
        <StatusBadge slug={dispute.status.slug} label={dispute.status.title} kind="dispute" />
        {dispute.closed_at && (
          <Text size="xs" c="dimmed" component="span">
            {t('appeals.closedAt', { date: formatDateTime(dispute.closed_at) })}
          </Text>
        )}
      </Group>,
    ],
  ];
}

/** The payer's claim: how much and when in the reader's terms, and the comment exactly as the payer wrote it. */
function PayerStatement({ dispute }: { dispute: Dispute }) {
  const { t } = useTranslation('orders');
  const { paid_amount: paidAmount, paid_at: paidAt, comment } = dispute.fields;
  const rows: FieldRow[] = [
    ...(paidAmount
      ? [
          [
            t('appeals.case.paidAmount'),
            `${formatAmountDisplay(paidAmount)} ${dispute.fiat_amount.currency.code}`,
          ] as const,
        ]
      : []),
    ...(paidAt ? [[t('appeals.case.paidAt'), formatDateTime(paidAt)] as const] : []),
  ];
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('appeals.case.statement')}
      </Title>
      {rows.length > 0 && <FieldTable rows={rows} />}
      {comment ? (
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`comment-${dispute.uuid}`}>
            {t('appeals.case.comment')}
          </Text>
          <Paper withBorder p="sm" aria-labelledby={`comment-${dispute.uuid}`} role="group">
            {/* As written: the payer's language and line breaks, not the interface's. */}
            <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {comment}
            </Text>
          </Paper>
        </Stack>
      ) : (
        rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('appeals.case.noStatement')}
          </Text>
        )
      )}
    </Stack>
  );
}

/** A picture is shown here; a PDF, which the server only hands out as a download, is a download button. */
function Receipt({ dispute }: { dispute: Dispute }) {
  const { t } = useTranslation('orders');
  const file = checkOf(dispute);
  const id = shortenId(dispute.uuid);
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('appeals.case.receipt')}
      </Title>
      {!file ? (
        <Text size="sm" c="dimmed">
          {t('appeals.case.noReceipt')}
        </Text>
      ) : file.content_type === 'application/pdf' ? (
        <Group>
          <Button
            component="a"
            href={file.url}
            download={file.name}
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
          >
            {t('appeals.case.openPdf', { name: file.name })}
          </Button>
        </Group>
      ) : (
        <CheckImage key={file.url} url={file.url} alt={t('appeals.check.alt', { name: file.name, id })} />
      )}
    </Stack>
  );
}
