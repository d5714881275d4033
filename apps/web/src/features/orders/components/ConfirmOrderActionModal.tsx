import { Paper, Stack, Text } from '@mantine/core';
import type { Order } from '@paydesk/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmountDisplay } from '../../../lib/format';
import { useFailureText } from '../../../lib/useFailureText';
import { AppModal } from '../../../ui/AppModal';
import { FormFooter } from '../../../ui/FormFooter';
import { useRetained } from '../../../ui/useRetained';
import { type OrderActionName, type OrderActionRequest, useOrderAction } from '../api/orderAction';
import { actionLabelKey, PaymentDetailsCell } from './orderColumns';

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
  const { fiat_money: fiat } = request.order;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    setFailure(null);
    send.mutate(request, {
      onSuccess: (order) => onDone(order, request.action),
      onError: (error) => setFailure(failureText(error, t('actionFailed'))),
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {t(`confirm.${textKey}.text`, { amount: `${formatAmountDisplay(fiat.amount)} ${fiat.currency.code}` })}
        </Text>
        {/* Whom the executor is to pay, read once more before it binds itself to (take) or reports (confirm) it. */}
        {request.order.type === 'pay_out' && request.action !== 'cancel' && request.order.payment_details && (
          <Paper withBorder p="sm" aria-label={t('column.recipient')} component="section">
            <PaymentDetailsCell order={request.order} />
          </Paper>
        )}
        <FormFooter
          failure={failure}
          cancelLabel={t('confirm.back')}
          onCancel={onCancel}
          submitLabel={t(`confirm.${textKey}.submit`)}
          busy={send.isPending}
          submitColor={submitColors[request.action]}
        />
      </Stack>
    </form>
  );
}
