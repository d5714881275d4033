import type { Order } from '@paydesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmountDisplay } from '../../../lib/format';
import { useFailureText } from '../../../lib/useFailureText';
import { AppModal } from '../../../ui/AppModal';
import { Confirmation, type ConfirmationFact } from '../../../ui/Confirmation';
import { CopyableId } from '../../../ui/CopyableId';
import { useRetained } from '../../../ui/useRetained';
import { type OrderActionName, type OrderActionRequest, useOrderAction } from '../api/orderAction';
import { actionLabelKey, executorName, PaymentDetailsCell } from './orderColumns';

/**
 * The actions that ask first: send paid (SPEC §2.12, §4), confirm a pay-out and cancel move money for good; take binds
 * the executor to pay the recipient, so a stray tap on a phone must not do it.
 */
export type ConfirmedAction = Extract<OrderActionName, 'set_paid' | 'cancel' | 'take'>;

const submitColors: Record<ConfirmedAction, string | undefined> = { set_paid: 'teal', cancel: 'red', take: undefined };

export interface ConfirmOrderActionModalProps {
  request: (OrderActionRequest & { action: ConfirmedAction }) | null;
  onClose: () => void;
  onDone: (order: Order, action: ConfirmedAction) => void;
}

/** Asks before an irreversible order action; a refusal stays in the modal, in the server's words, in red. */
export function ConfirmOrderActionModal({ request, onClose, onDone }: ConfirmOrderActionModalProps) {
  const { t } = useTranslation('orders');
  const shown = useRetained(request);
  const key = shown ? actionLabelKey(shown.order, shown.action) : 'set_paid';
  return (
    <AppModal opened={request !== null} onClose={onClose} title={t(`confirm.${key}.title`)} size="sm">
      {shown && (
        <ConfirmForm
          key={`${shown.order.guid}-${shown.action}`}
          request={shown}
          textKey={key}
          onCancel={onClose}
          onDone={onDone}
        />
      )}
    </AppModal>
  );
}

function ConfirmForm(props: {
  request: OrderActionRequest & { action: ConfirmedAction };
  textKey: string;
  onCancel: () => void;
  onDone: (order: Order, action: ConfirmedAction) => void;
}) {
  const { request, textKey, onCancel, onDone } = props;
  const { t } = useTranslation('orders');
  const failureText = useFailureText();
  const send = useOrderAction();
  const [failure, setFailure] = useState<string | null>(null);
  const { order } = request;
  const { fiat_money: fiat } = order;
  const amount = `${formatAmountDisplay(fiat.amount)} ${fiat.currency.code}`;

  function onConfirm() {
    setFailure(null);
    send.mutate(request, {
      onSuccess: (done) => onDone(done, request.action),
      onError: (error) => setFailure(failureText(error, t('actionFailed'))),
    });
  }

  // What moves and between whom: the order, its amount, the merchant and the executor; for a pay-out the recipient
  // too, read once more before the executor binds itself to (take) or reports (confirm) paying them.
  const executor = executorName(order);
  const facts: ConfirmationFact[] = [
    { label: t('column.guid'), value: <CopyableId id={order.guid} /> },
    { label: t('column.amount'), value: amount },
    { label: t('column.merchant'), value: order.merchant.username },
    ...(executor ? [{ label: t('column.executor'), value: executor }] : []),
    ...(order.type === 'pay_out' && request.action !== 'cancel' && order.payment_details
      ? [{ label: t('column.recipient'), value: <PaymentDetailsCell order={order} /> }]
      : []),
  ];

  return (
    <Confirmation
      facts={facts}
      effect={t(`confirm.${textKey}.text`, { amount })}
      onConfirm={onConfirm}
      failure={failure}
      cancelLabel={t('confirm.back')}
      onCancel={onCancel}
      submitLabel={t(`confirm.${textKey}.submit`)}
      busy={send.isPending}
      submitColor={submitColors[request.action]}
    />
  );
}
