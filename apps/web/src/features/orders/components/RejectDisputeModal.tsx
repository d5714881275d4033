import type { Dispute } from '@paydesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortenId } from '../../../lib/format';
import { useFailureText } from '../../../lib/useFailureText';
import { AppModal } from '../../../ui/AppModal';
import { Confirmation } from '../../../ui/Confirmation';
import { useRetained } from '../../../ui/useRetained';
import { useSetDisputeStatus } from '../api/setDisputeStatus';
import { disputeFacts } from './ResolveDisputeModal';

export interface RejectDisputeModalProps {
  /** The open dispute the admin chose to reject; null when closed. */
  dispute: Dispute | null;
  onClose: () => void;
  onDone: (dispute: Dispute) => void;
}

/**
 * Rejecting closes the payer's claim for good and puts the order back as it was, so it asks first with what the
 * appeal is about: the order, its amount, the merchant and the executor (issue 32 items 1 and 6).
 */
export function RejectDisputeModal({ dispute, onClose, onDone }: RejectDisputeModalProps) {
  const { t } = useTranslation('orders');
  const failureText = useFailureText();
  const shown = useRetained(dispute);
  const send = useSetDisputeStatus();
  const [failure, setFailure] = useState<string | null>(null);

  async function onConfirm() {
    if (!shown) return;
    setFailure(null);
    try {
      onDone(await send.mutateAsync({ dispute: shown, change: { status: 'rejected' } }));
    } catch (error) {
      setFailure(failureText(error, t('appeals.changeFailed')));
    }
  }

  function close() {
    setFailure(null);
    onClose();
  }

  return (
    <AppModal opened={dispute !== null} onClose={close} title={t('appeals.reject.title')} size="sm">
      {shown && (
        <Confirmation
          facts={disputeFacts(shown, t)}
          effect={t('appeals.reject.text', { order: shortenId(shown.order_uuid) })}
          onConfirm={() => void onConfirm()}
          failure={failure}
          cancelLabel={t('appeals.reject.back')}
          onCancel={close}
          submitLabel={t('appeals.reject.submit')}
          submitColor="red"
          busy={send.isPending}
        />
      )}
    </AppModal>
  );
}
