import { Stack, Text } from '@mantine/core';
import { type Payment, withdrawalSentSchema } from '@paydesk/contract';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../lib/useContractForm';
import { AppModal } from '../../../ui/AppModal';
import { FormFooter } from '../../../ui/FormFooter';
import { MonospaceInput } from '../../../ui/MonospaceInput';
import { useRetained } from '../../../ui/useRetained';
import { useReportPaymentSent } from '../api/reportPaymentSent';
import { PaymentSummary } from './PaymentSummary';

export interface ReportSentModalProps {
  payment: Payment | null;
  onClose: () => void;
  onReported: (payment: Payment) => void;
}

/**
 * Reports the on-chain transfer of a pending withdrawal by its hash (the custody side's step, DESIGN §4). For a
 * merchant withdrawal the hash is the trader's transfer, and the merchant's held money then moves to the trader.
 */
export function ReportSentModal({ payment, onClose, onReported }: ReportSentModalProps) {
  const { t } = useTranslation('payments');
  const shown = useRetained(payment);
  return (
    <AppModal opened={payment !== null} onClose={onClose} title={t('sent.title')}>
      {shown && <SentForm key={shown.guid} payment={shown} onCancel={onClose} onReported={onReported} />}
    </AppModal>
  );
}

function SentForm({
  payment,
  onCancel,
  onReported,
}: {
  payment: Payment;
  onCancel: () => void;
  onReported: (payment: Payment) => void;
}) {
  const { t } = useTranslation('payments');
  const report = useReportPaymentSent();
  const { form, failure, submit } = useContractForm(
    withdrawalSentSchema,
    { tx_hash: '' },
    { translate: t, fallback: t('saveFailed') },
  );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (report.isPending) return;
    const reported = await submit((data) => report.mutateAsync({ id: payment.guid, txHash: data.tx_hash }));
    if (reported) onReported(reported);
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <PaymentSummary payment={payment} />
        <Text size="sm">
          {payment.trader ? t('sent.textMerchant', { trader: payment.trader.username }) : t('sent.text')}
        </Text>
        <MonospaceInput
          label={t('sent.txHash')}
          description={t('sent.txHashHint')}
          required
          {...form.getInputProps('tx_hash')}
          data-autofocus
        />
        <FormFooter
          failure={failure}
          cancelLabel={t('cancel')}
          onCancel={onCancel}
          submitLabel={t('sent.submit')}
          busy={report.isPending}
        />
      </Stack>
    </form>
  );
}
