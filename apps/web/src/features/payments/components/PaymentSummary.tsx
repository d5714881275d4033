import type { Payment } from '@paydesk/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../ui/Amount';
import { type ConfirmationFact, ConfirmationFacts } from '../../../ui/Confirmation';
import { CopyableText } from '../../../ui/CopyableText';
import { StatusBadge } from '../../../ui/StatusBadge';

/**
 * What the operator decides about: owner, sum, status, and for a withdrawal the network and the full address it goes
 * to, and for a merchant withdrawal the paying trader.
 */
export function paymentFacts(payment: Payment, t: TFunction): ConfirmationFact[] {
  const facts: ConfirmationFact[] = [
    { label: t('summary.owner'), value: payment.payable.username },
    { label: t('summary.sum'), value: <Amount amount={payment.money.amount} currency={payment.money.currency.code} /> },
    {
      label: t('summary.status'),
      value: <StatusBadge slug={payment.status.slug} label={payment.status.title} kind="payment" />,
    },
  ];
  if (payment.address) {
    // The platform's wallets are USDT on TRON (TRC-20): the only network a withdrawal goes out on.
    facts.push({ label: t('summary.network'), value: t('summary.tron') });
    facts.push({ label: t('summary.address'), value: <CopyableText value={payment.address} /> });
  }
  if (payment.trader) facts.push({ label: t('summary.trader'), value: payment.trader.username });
  return facts;
}

export function PaymentSummary({ payment }: { payment: Payment }) {
  const { t } = useTranslation('payments');
  return <ConfirmationFacts facts={paymentFacts(payment, t)} />;
}
