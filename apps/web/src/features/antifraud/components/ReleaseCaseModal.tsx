import type { AntiFraudCase } from '@paydesk/contract';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTimeUtc } from '../../../lib/format';
import { useFailureText } from '../../../lib/useFailureText';
import { AppModal } from '../../../ui/AppModal';
import { Confirmation, type ConfirmationFact } from '../../../ui/Confirmation';
import { useRetained } from '../../../ui/useRetained';
import { useReleaseCase } from '../api/releaseCase';
import { noValue, targetName } from './caseColumns';

export interface ReleaseCaseModalProps {
  item: AntiFraudCase | null;
  onClose: () => void;
  onReleased: (item: AntiFraudCase) => void;
}

/**
 * Asks before a New case is released (SPEC §4): what the case is and what releasing it lets happen again. A refusal
 * (someone released it first) stays in the modal in the server's words; the list behind reloads either way.
 */
export function ReleaseCaseModal({ item, onClose, onReleased }: ReleaseCaseModalProps) {
  const { t } = useTranslation('antifraud');
  const shown = useRetained(item);
  return (
    <AppModal opened={item !== null} onClose={onClose} title={t('release.title')}>
      {shown && <ReleaseForm key={shown.guid} item={shown} onCancel={onClose} onReleased={onReleased} />}
    </AppModal>
  );
}

/** What the admin decides on: the rule, whom it is about, when it opened and what the rule saw. */
function summaryOf(item: AntiFraudCase, t: TFunction): ConfirmationFact[] {
  return [
    { label: t('column.rule'), value: item.rule.title },
    { label: t('column.target'), value: `${t(`kind.${item.target.kind}`)}: ${targetName(item)}` },
    { label: t('release.opened'), value: `${formatDateTimeUtc(item.created_at)} ${t('utc')}` },
    { label: t('column.evidence'), value: item.evidence || noValue },
  ];
}

function ReleaseForm(props: { item: AntiFraudCase; onCancel: () => void; onReleased: (item: AntiFraudCase) => void }) {
  const { item, onCancel, onReleased } = props;
  const { t } = useTranslation('antifraud');
  const failureText = useFailureText();
  const release = useReleaseCase();
  // A confirmation without fields: the refusal is its only state, so there is nothing for @mantine/form to hold.
  const [failure, setFailure] = useState<string | null>(null);

  function onConfirm() {
    setFailure(null);
    release.mutate(item.guid, {
      onSuccess: onReleased,
      onError: (error) => setFailure(failureText(error, t('release.failed'))),
    });
  }

  return (
    <Confirmation
      facts={summaryOf(item, t)}
      effect={t(`release.effect.${item.target.kind}`)}
      onConfirm={onConfirm}
      failure={failure}
      cancelLabel={t('release.cancel')}
      onCancel={onCancel}
      submitLabel={t('release.submit')}
      busy={release.isPending}
    />
  );
}
