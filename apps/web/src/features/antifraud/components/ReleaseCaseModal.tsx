import { Stack, Text } from '@mantine/core';
import type { AntiFraudCase } from '@paydesk/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTimeUtc } from '../../../lib/format';
import { useFailureText } from '../../../lib/useFailureText';
import { AppModal } from '../../../ui/AppModal';
import { FormFooter } from '../../../ui/FormFooter';
import { useRetained } from '../../../ui/useRetained';
import { useReleaseCase } from '../api/releaseCase';
import { targetName } from './caseColumns';

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
    <AppModal opened={item !== null} onClose={onClose} title={t('release.title')} size="sm">
      {shown && <ReleaseForm key={shown.guid} item={shown} onCancel={onClose} onReleased={onReleased} />}
    </AppModal>
  );
}

function ReleaseForm(props: { item: AntiFraudCase; onCancel: () => void; onReleased: (item: AntiFraudCase) => void }) {
  const { item, onCancel, onReleased } = props;
  const { t } = useTranslation('antifraud');
  const failureText = useFailureText();
  const release = useReleaseCase();
  const [failure, setFailure] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (release.isPending) return;
    setFailure(null);
    release.mutate(item.guid, {
      onSuccess: onReleased,
      onError: (error) => setFailure(failureText(error, t('release.failed'))),
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('release.case', { rule: item.rule.title, target: targetName(item) })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('release.created', { date: formatDateTimeUtc(item.created_at) })}
          </Text>
          {item.evidence && <Text size="sm">{item.evidence}</Text>}
        </Stack>
        <Text size="sm">{t(`release.effect.${item.target.kind}`)}</Text>
        <FormFooter
          failure={failure}
          cancelLabel={t('release.cancel')}
          onCancel={onCancel}
          submitLabel={t('release.submit')}
          busy={release.isPending}
        />
      </Stack>
    </form>
  );
}
