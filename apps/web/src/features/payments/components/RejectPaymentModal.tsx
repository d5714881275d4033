import { Textarea } from '@mantine/core';
import { type Payment, withdrawalRejectSchema } from '@paydesk/contract';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../lib/useContractForm';
import { AppModal } from '../../../ui/AppModal';
import { Confirmation } from '../../../ui/Confirmation';
import { useRetained } from '../../../ui/useRetained';
import { useRejectPayment } from '../api/rejectPayment';
import { paymentFacts } from './PaymentSummary';

export interface RejectPaymentModalProps {
  payment: Payment | null;
  onClose: () => void;
  onRejected: (payment: Payment) => void;
}

/** Rejects a withdrawal on moderation or pending: a reason is required, the held money returns to the owner. */
export function RejectPaymentModal({ payment, onClose, onRejected }: RejectPaymentModalProps) {
  const { t } = useTranslation('payments');
  const shown = useRetained(payment);
  return (
    <AppModal opened={payment !== null} onClose={onClose} title={t('reject.title')}>
      {shown && <RejectForm key={shown.guid} payment={shown} onCancel={onClose} onRejected={onRejected} />}
    </AppModal>
  );
}

function RejectForm({
  payment,
  onCancel,
  onRejected,
}: {
  payment: Payment;
  onCancel: () => void;
  onRejected: (payment: Payment) => void;
}) {
  const { t } = useTranslation('payments');
  const reject = useRejectPayment();
  const { form, failure, submit } = useContractForm(
    withdrawalRejectSchema,
    { comment: '' },
    { translate: t, fallback: t('saveFailed') },
  );

  async function onConfirm() {
    const rejected = await submit((data) => reject.mutateAsync({ id: payment.guid, comment: data.comment }));
    if (rejected) onRejected(rejected);
  }

  return (
    <Confirmation
      facts={paymentFacts(payment, t)}
      effect={t('reject.text')}
      onConfirm={onConfirm}
      failure={failure}
      cancelLabel={t('cancel')}
      onCancel={onCancel}
      submitLabel={t('reject.submit')}
      busy={reject.isPending}
      submitColor="red"
    >
      <Textarea label={t('reject.comment')} required rows={3} {...form.getInputProps('comment')} data-autofocus />
    </Confirmation>
  );
}
