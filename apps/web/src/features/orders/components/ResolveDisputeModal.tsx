import { type Dispute, disputeStatusUpdateSchema } from '@paydesk/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatAmountDisplay, shortenId } from '../../../lib/format';
import { useContractForm } from '../../../lib/useContractForm';
import { AppModal } from '../../../ui/AppModal';
import { Confirmation, type ConfirmationFact } from '../../../ui/Confirmation';
import { CopyableId } from '../../../ui/CopyableId';
import { DecimalInput } from '../../../ui/DecimalInput';
import { useRetained } from '../../../ui/useRetained';
import { useSetDisputeStatus } from '../api/setDisputeStatus';
import { useTranslateIssue } from './useTranslateIssue';

export interface ResolveDisputeModalProps {
  /** The open dispute the admin chose `resolved` for; null when closed. */
  dispute: Dispute | null;
  onClose: () => void;
  onDone: (dispute: Dispute) => void;
}

/**
 * Resolving pays the order for good, so it asks first, and lets the admin say the amount the payer really paid when
 * it differs from the order's (DESIGN §12: settled by compensating transfers). Empty keeps the order's amount.
 */
export function ResolveDisputeModal({ dispute, onClose, onDone }: ResolveDisputeModalProps) {
  const { t } = useTranslation('orders');
  const shown = useRetained(dispute);
  return (
    <AppModal opened={dispute !== null} onClose={onClose} title={t('appeals.resolve.title')} size="sm">
      {shown && <ResolveForm key={shown.uuid} dispute={shown} onClose={onClose} onDone={onDone} />}
    </AppModal>
  );
}

function ResolveForm({
  dispute,
  onClose,
  onDone,
}: {
  dispute: Dispute;
  onClose: () => void;
  onDone: (dispute: Dispute) => void;
}) {
  const { t } = useTranslation('orders');
  const send = useSetDisputeStatus();
  const { form, failure, submit } = useContractForm(
    disputeStatusUpdateSchema,
    { fiat_amount: '' },
    {
      translate: useTranslateIssue(),
      fallback: t('appeals.changeFailed'),
      // Empty keeps the order's amount: the field is left out.
      transform: ({ fiat_amount }) => ({
        status: 'resolved',
        ...(fiat_amount.trim() === '' ? {} : { fiat_amount: fiat_amount.trim() }),
      }),
      clearErrorOnChange: true,
    },
  );
  const { currency } = dispute.fiat_amount;
  const fiat = `${formatAmountDisplay(dispute.fiat_amount.amount)} ${currency.code}`;

  async function onConfirm() {
    const resolved = await submit((checked) => send.mutateAsync({ dispute, change: checked }));
    if (resolved) onDone(resolved);
  }

  return (
    <Confirmation
      facts={disputeFacts(dispute, t)}
      effect={t('appeals.resolve.text', { order: shortenId(dispute.order_uuid) })}
      onConfirm={onConfirm}
      failure={failure}
      cancelLabel={t('appeals.resolve.back')}
      onCancel={onClose}
      submitLabel={t('appeals.resolve.submit')}
      busy={send.isPending}
    >
      <DecimalInput
        label={t('appeals.resolve.amount', { currency: currency.code })}
        description={t('appeals.resolve.amountHint', { amount: fiat })}
        placeholder={formatAmountDisplay(dispute.fiat_amount.amount)}
        decimalScale={2}
        {...form.getInputProps('fiat_amount')}
        data-autofocus
      />
    </Confirmation>
  );
}

/** What a decision on an appeal moves and between whom: the order, its amount, the merchant and the executor. */
export function disputeFacts(dispute: Dispute, t: TFunction): ConfirmationFact[] {
  const { amount, currency } = dispute.fiat_amount;
  return [
    { label: t('column.guid'), value: <CopyableId id={dispute.order_uuid} /> },
    { label: t('column.amount'), value: `${formatAmountDisplay(amount)} ${currency.code}` },
    { label: t('column.merchant'), value: dispute.merchant.username },
    ...(dispute.executor ? [{ label: t('column.executor'), value: dispute.executor.username }] : []),
  ];
}
