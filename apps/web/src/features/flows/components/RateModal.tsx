import { Stack, Text } from '@mantine/core';
import { type Flow, type RateSource, rateSourceUpdateSchema } from '@paydesk/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaSubmit } from '../../../lib/formErrors';
import { AppModal } from '../../../ui/AppModal';
import { FormFooter } from '../../../ui/FormFooter';
import { useRetained } from '../../../ui/useRetained';
import { useRateSources } from '../api/listRateSources';
import { useSetRateSource } from '../api/setRateSource';
import { RateFields } from './FlowFormModal';
import { contractKey } from './flowForm';

export interface RateModalProps {
  flow: Flow | null;
  onClose: () => void;
  onSaved: (flow: Flow) => void;
}

/** SPEC §2.19 "edit currency rate": the flow's rate source and, for the manual source, its rate. */
export function RateModal({ flow, onClose, onSaved }: RateModalProps) {
  const { t } = useTranslation('flows');
  const shown = useRetained(flow);
  return (
    <AppModal opened={flow !== null} onClose={onClose} title={t('rateForm.title')}>
      {shown && <RateForm key={shown.uuid} flow={shown} onCancel={onClose} onSaved={onSaved} />}
    </AppModal>
  );
}

const fields = ['source', 'rate'] as const;

function RateForm({ flow, onCancel, onSaved }: { flow: Flow; onCancel: () => void; onSaved: (flow: Flow) => void }) {
  const { t } = useTranslation('flows');
  const pair = { fiat: flow.fiat_currency.code, crypto: flow.crypto_currency.code };
  const [source, setSource] = useState<RateSource>(flow.currency_rate_source);
  const [rate, setRate] = useState(flow.currency_rate ?? '');
  const sources = useRateSources(pair.fiat, pair.crypto);
  const save = useSetRateSource();
  const form = useSchemaSubmit(rateSourceUpdateSchema, fields, {
    translate: (key) => t(contractKey(key), { defaultValue: t('validation.invalid') }),
    fallback: t('form.saveFailed'),
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const input = source === 'manual' ? { source, rate } : { source };
    const saved = await form.submit(input, (body) => save.mutateAsync({ flowId: flow.uuid, ...body }));
    if (saved) onSaved(saved);
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {t('rateForm.of', { name: flow.name, fiat: pair.fiat, crypto: pair.crypto })}{' '}
          {flow.rate.value === null ? t('rate.none') : t('rateForm.current', { rate: flow.rate.value, ...pair })}
        </Text>
        <RateFields
          source={source}
          rate={rate}
          sourceOptions={(sources.data ?? []).map((item) => ({
            value: item.slug,
            label: item.rate ? `${item.title} (${item.rate})` : item.title,
          }))}
          pair={pair}
          errors={{ source: form.errors.source, rate: form.errors.rate }}
          onSource={(value) => {
            form.clearError('source');
            setSource(value);
          }}
          onRate={(value) => {
            form.clearError('rate');
            setRate(value);
          }}
        />
        <FormFooter
          failure={form.failure}
          cancelLabel={t('form.cancel')}
          onCancel={onCancel}
          submitLabel={t('form.save')}
          busy={save.isPending}
        />
      </Stack>
    </form>
  );
}
