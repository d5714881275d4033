import { Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type Flow, flowCreateSchema, flowUpdateSchema, type RateSource } from '@paydesk/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrencies } from '../../../lib/reference/listCurrencies';
import { useContractForm } from '../../../lib/useContractForm';
import { AppModal } from '../../../ui/AppModal';
import { DecimalInput } from '../../../ui/DecimalInput';
import { FormFooter } from '../../../ui/FormFooter';
import { SingleSelect } from '../../../ui/SingleSelect';
import { Toggle } from '../../../ui/Toggle';
import { useRetained } from '../../../ui/useRetained';
import { useCreateFlow } from '../api/createFlow';
import { useRateSources } from '../api/listRateSources';
import { useUpdateFlow } from '../api/updateFlow';
import { contractKey, createInput, editChanges, editValuesOf, emptyFlowForm } from './flowForm';
import { useUserOptions } from './userOptions';

/** What the flow form is open for: a new flow, or one being edited. */
export type FlowFormTarget = { kind: 'create' } | { kind: 'edit'; flow: Flow };

export interface FlowFormModalProps {
  target: FlowFormTarget | null;
  onClose: () => void;
  /** After a successful save; `created` is false for an edit. */
  onSaved: (flow: Flow, created: boolean) => void;
}

/** SPEC §2.19: the create-flow form, and the edit form of a flow's name and activity. */
export function FlowFormModal({ target, onClose, onSaved }: FlowFormModalProps) {
  const { t } = useTranslation('flows');
  const shown = useRetained(target);
  const editing = shown?.kind === 'edit' ? shown.flow : null;
  return (
    <AppModal
      opened={target !== null}
      onClose={onClose}
      title={editing ? t('form.editTitle', { name: editing.name }) : t('form.createTitle')}
      size="lg"
    >
      {shown &&
        (editing ? (
          <EditForm key={editing.uuid} flow={editing} onCancel={onClose} onSaved={(flow) => onSaved(flow, false)} />
        ) : (
          <CreateForm key="create" onCancel={onClose} onSaved={(flow) => onSaved(flow, true)} />
        ))}
    </AppModal>
  );
}

interface FormProps {
  onCancel: () => void;
  onSaved: (flow: Flow) => void;
}

function useTranslateContract() {
  const { t } = useTranslation('flows');
  return (key: string) => t(contractKey(key), { defaultValue: t('validation.invalid') });
}

function CreateForm({ onCancel, onSaved }: FormProps) {
  const { t } = useTranslation('flows');
  // SPEC §8: a refused create says 'Error creating flow', with the server's reason when it gave one.
  const [serverFailed, setServerFailed] = useState(false);
  const create = useCreateFlow();
  const fallback = t('form.createFailed');
  const {
    form,
    failure: reasonText,
    submit,
    selectProps,
  } = useContractForm(flowCreateSchema, emptyFlowForm, {
    translate: useTranslateContract(),
    fallback,
    transform: createInput,
    clearErrorOnChange: true,
  });
  const { values, errors } = form;
  const merchants = useUserOptions('merchant', true);
  const fiats = useCurrencies('fiat');
  const cryptos = useCurrencies('crypto');
  const sources = useRateSources(values.fiat_currency, values.crypto_currency);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    setServerFailed(false);
    const created = await submit(async (body) => {
      try {
        return await create.mutateAsync(body);
      } catch (error) {
        setServerFailed(true);
        throw error;
      }
    });
    if (created) onSaved(created);
  }

  const reason = reasonText !== null && reasonText !== fallback ? `: ${reasonText}` : '';
  const failure = serverFailed ? `${fallback}${reason}` : null;
  const sourceOptions = (sources.data ?? []).map((source) => ({
    value: source.slug,
    label: source.rate ? `${source.title} (${source.rate})` : source.title,
  }));
  const currencyOptions = (data: typeof fiats.data) =>
    (data ?? []).map((currency) => ({ value: currency.code, label: currency.code }));
  const currencySelect = (field: 'fiat_currency' | 'crypto_currency', data: typeof fiats.data) => ({
    required: true,
    data: withValue(currencyOptions(data), values[field]),
    value: values[field],
    onChange: (value: string | null) => value && form.setFieldValue(field, value),
    allowDeselect: false,
    error: errors[field],
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput label={t('form.name')} required {...form.getInputProps('name')} autoComplete="off" data-autofocus />
        <SingleSelect
          label={t('form.merchant')}
          required
          searchable
          data={merchants.options}
          {...selectProps('merchant_uuid')}
          disabled={merchants.loading}
          nothingFoundMessage={t('form.nothingFound')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <SingleSelect label={t('form.fiat')} {...currencySelect('fiat_currency', fiats.data)} />
          <SingleSelect label={t('form.crypto')} {...currencySelect('crypto_currency', cryptos.data)} />
        </SimpleGrid>
        <RateFields
          source={values.currency_rate_source}
          rate={values.currency_rate}
          sourceOptions={sourceOptions}
          pair={{ fiat: values.fiat_currency, crypto: values.crypto_currency }}
          errors={{ source: errors.currency_rate_source, rate: errors.currency_rate }}
          onSource={(source) => form.setFieldValue('currency_rate_source', source)}
          onRate={(rate) => form.setFieldValue('currency_rate', rate)}
        />
        <Group>
          <Toggle
            label={t('form.active')}
            {...form.getInputProps('is_active', { type: 'checkbox', withError: false })}
          />
        </Group>
        <FormFooter
          failure={failure}
          cancelLabel={t('form.cancel')}
          onCancel={onCancel}
          submitLabel={t('form.create')}
          busy={create.isPending}
        />
      </Stack>
    </form>
  );
}

/** Keeps the chosen code in the list while the currencies load (the draft's RUB and USDT). */
function withValue(options: { value: string; label: string }[], value: string) {
  return options.some((option) => option.value === value) ? options : [{ value, label: value }, ...options];
}

export interface RateFieldsProps {
  source: RateSource;
  rate: string;
  sourceOptions: { value: string; label: string }[];
  pair: { fiat: string; crypto: string };
  errors: { source?: ReactNode; rate?: ReactNode };
  onSource: (source: RateSource) => void;
  onRate: (rate: string) => void;
}

/** The rate source and, for the manual source only, the rate itself (fiat per one crypto). */
export function RateFields({ source, rate, sourceOptions, pair, errors, onSource, onRate }: RateFieldsProps) {
  const { t } = useTranslation('flows');
  const options = sourceOptions.some((option) => option.value === source)
    ? sourceOptions
    : [{ value: source, label: t(`rateSource.${source}`) }, ...sourceOptions];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <SingleSelect
        label={t('form.source')}
        required
        data={options}
        value={source}
        onChange={(value) => value && onSource(value as RateSource)}
        allowDeselect={false}
        error={errors.source}
      />
      {source === 'manual' && (
        <DecimalInput
          label={t('form.rate')}
          description={t('form.rateHint', pair)}
          required
          value={rate}
          onChange={onRate}
          error={errors.rate}
          decimalScale={8}
          hideControls
          inputMode="decimal"
        />
      )}
    </SimpleGrid>
  );
}

function EditForm({ flow, onCancel, onSaved }: FormProps & { flow: Flow }) {
  const { t } = useTranslation('flows');
  const update = useUpdateFlow();
  const { form, failure, submit } = useContractForm(flowUpdateSchema, editValuesOf(flow), {
    translate: useTranslateContract(),
    fallback: t('form.saveFailed'),
    transform: (values) => editChanges(flow, values),
    clearErrorOnChange: true,
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    // Nothing changed: the modal just closes, as the other edit forms do (SPEC §5).
    if (editChanges(flow, form.getValues()) === null) {
      onCancel();
      return;
    }
    const saved = await submit((body) => update.mutateAsync({ id: flow.uuid, changes: body }));
    if (saved) onSaved(saved);
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput label={t('form.name')} required {...form.getInputProps('name')} autoComplete="off" data-autofocus />
        <Group>
          <Toggle label={t('form.active')} {...form.getInputProps('is_active', { type: 'checkbox' })} />
        </Group>
        <FormFooter
          failure={failure}
          cancelLabel={t('form.cancel')}
          onCancel={onCancel}
          submitLabel={t('form.save')}
          busy={update.isPending}
        />
      </Stack>
    </form>
  );
}
