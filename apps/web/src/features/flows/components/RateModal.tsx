import { Stack, Text } from '@mantine/core';
import { type Flow, type RateSource, rateSourceUpdateSchema } from '@paydesk/contract';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../lib/useContractForm';
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

function RateForm({ flow, onCancel, onSaved }: { flow: Flow; onCancel: () => void; onSaved: (flow: Flow) => void }) {
  const { t } = useTranslation('flows');
  const pair = { fiat: flow.fiat_currency.code, crypto: flow.crypto_currency.code };
  const sources = useRateSources(pair.fiat, pair.crypto);
  const save = useSetRateSource();
  const initialValues: { source: RateSource; rate: string } = {
    source: flow.currency_rate_source,
    rate: flow.currency_rate ?? '',
  };
  const { form, failure, submit } = useContractForm(rateSourceUpdateSchema, initialValues, {
    translate: (key) => t(contractKey(key), { defaultValue: t('validation.invalid') }),
    fallback: t('form.saveFailed'),
    transform: ({ source, rate }) => (source === 'manual' ? { source, rate } : { source }),
    clearErrorOnChange: true,
  });
  const { source, rate } = form.values;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const saved = await submit((body) => save.mutateAsync({ flowId: flow.uuid, ...body }));
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
          onSource={(value) => form.setFieldValue('source', value)}
          onRate={(value) => form.setFieldValue('rate', value)}
        />
        <FormFooter
          failure={failure}
          cancelLabel={t('form.cancel')}
          onCancel={onCancel}
          submitLabel={t('form.save')}
          busy={save.isPending}
        />
      </Stack>
    </form>
  );
}
