import type { Payment } from '@paydesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureText } from '../../../lib/useFailureText';
import { AppModal } from '../../../ui/AppModal';
import { Confirmation } from '../../../ui/Confirmation';
import { useRetained } from '../../../ui/useRetained';
import { useAcceptPayment } from '../api/acceptPayment';
import { paymentFacts } from './PaymentSummary';

export interface AcceptPaymentModalProps {
  payment: Payment | null;
  onClose: () => void;
  onAccepted: (payment: Payment) => void;
}

/**
 * Accepting a withdrawal on moderation approves it for sending: the money is to leave for the address shown, so the
 * owner, sum, network and full address are read once more first. A refusal stays here, in the server's words.
 */
export function AcceptPaymentModal({ payment, onClose, onAccepted }: AcceptPaymentModalProps) {
  const { t } = useTranslation('payments');
  const shown = useRetained(payment);
  return (
    <AppModal opened={payment !== null} onClose={onClose} title={t('accept.title')}>
      {shown && <AcceptForm key={shown.guid} payment={shown} onCancel={onClose} onAccepted={onAccepted} />}
    </AppModal>
  );
}

function AcceptForm(props: { payment: Payment; onCancel: () => void; onAccepted: (payment: Payment) => void }) {
  const { payment, onCancel, onAccepted } = props;
  const { t } = useTranslation('payments');
  const failureText = useFailureText();
  const accept = useAcceptPayment();
  const [failure, setFailure] = useState<string | null>(null);

  function onConfirm() {
    setFailure(null);
    accept.mutate(payment.guid, {
      onSuccess: onAccepted,
      onError: (error) => setFailure(failureText(error, t('toast.acceptFailed'))),
    });
  }

  return (
    <Confirmation
      facts={paymentFacts(payment, t)}
      effect={payment.trader ? t('accept.textMerchant', { trader: payment.trader.username }) : t('accept.text')}
      onConfirm={onConfirm}
      failure={failure}
      cancelLabel={t('cancel')}
      onCancel={onCancel}
      submitLabel={t('accept.submit')}
      busy={accept.isPending}
    />
  );
}
