import { Stack, Text, Textarea } from '@mantine/core';
import { type Payment, withdrawalRejectSchema } from '@paydesk/contract';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../lib/useContractForm';
import { AppModal } from '../../../ui/AppModal';
import { FormFooter } from '../../../ui/FormFooter';
import { useRetained } from '../../../ui/useRetained';
import { useRejectPayment } from '../api/rejectPayment';
import { PaymentSummary } from './PaymentSummary';

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

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reject.isPending) return;
    const rejected = await submit((data) => reject.mutateAsync({ id: payment.guid, comment: data.comment }));
    if (rejected) onRejected(rejected);
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <PaymentSummary payment={payment} />
        <Text size="sm">{t('reject.text')}</Text>
        <Textarea label={t('reject.comment')} required rows={3} {...form.getInputProps('comment')} data-autofocus />
        <FormFooter
          failure={failure}
          cancelLabel={t('cancel')}
          onCancel={onCancel}
          submitLabel={t('reject.submit')}
          busy={reject.isPending}
          submitColor="red"
        />
      </Stack>
    </form>
  );
}
