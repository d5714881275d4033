import { Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type Flow, flowCreateSchema, flowUpdateSchema, type RateSource } from '@paydesk/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaSubmit } from '../../../lib/formErrors';
import { useCurrencies } from '../../../lib/reference/listCurrencies';
import { AppModal } from '../../../ui/AppModal';
import { DecimalInput } from '../../../ui/DecimalInput';
import { FormFooter } from '../../../ui/FormFooter';
import { SingleSelect } from '../../../ui/SingleSelect';
import { Toggle } from '../../../ui/Toggle';
import { useRetained } from '../../../ui/useRetained';
import { useCreateFlow } from '../api/createFlow';
import { useRateSources } from '../api/listRateSources';
import { useUpdateFlow } from '../api/updateFlow';
import {
  contractKey,
  createFields,
  createInput,
  editChanges,
  editFields,
  editValuesOf,
  emptyFlowForm,
  type FlowEditValues,
  type FlowFormValues,
} from './flowForm';
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
  const translate = useTranslateContract();
  const [values, setValues] = useState<FlowFormValues>(emptyFlowForm);
  // SPEC §8: a refused create says 'Error creating flow', with the server's reason when it gave one.
  const [serverFailed, setServerFailed] = useState(false);
  const create = useCreateFlow();
  const merchants = useUserOptions('merchant', true);
  const fiats = useCurrencies('fiat');
  const cryptos = useCurrencies('crypto');
  const sources = useRateSources(values.fiat_currency, values.crypto_currency);
  const fallback = t('form.createFailed');
  const form = useSchemaSubmit(flowCreateSchema, createFields, { translate, fallback });
  const { errors } = form;

  function set<K extends keyof FlowFormValues>(field: K, value: FlowFormValues[K]) {
    form.clearError(field);
    setValues((current) => ({ ...current, [field]: value }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    setServerFailed(false);
    const created = await form.submit(createInput(values), async (body) => {
      try {
        return await create.mutateAsync(body);
      } catch (error) {
        setServerFailed(true);
        throw error;
      }
    });
    if (created) onSaved(created);
  }

  const reason = form.failure !== null && form.failure !== fallback ? `: ${form.failure}` : '';
  const failure = serverFailed ? `${fallback}${reason}` : null;
  const sourceOptions = (sources.data ?? []).map((source) => ({
    value: source.slug,
    label: source.rate ? `${source.title} (${source.rate})` : source.title,
  }));
  const currencyOptions = (data: typeof fiats.data) =>
    (data ?? []).map((currency) => ({ value: currency.code, label: currency.code }));

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('form.name')}
          required
          value={values.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={errors.name}
          autoComplete="off"
          data-autofocus
        />
        <SingleSelect
          label={t('form.merchant')}
          required
          searchable
          data={merchants.options}
          value={values.merchant_uuid || null}
          onChange={(value) => set('merchant_uuid', value ?? '')}
          error={errors.merchant_uuid}
          disabled={merchants.loading}
          nothingFoundMessage={t('form.nothingFound')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <SingleSelect
            label={t('form.fiat')}
            required
            data={withValue(currencyOptions(fiats.data), values.fiat_currency)}
            value={values.fiat_currency}
            onChange={(value) => value && set('fiat_currency', value)}
            allowDeselect={false}
            error={errors.fiat_currency}
          />
          <SingleSelect
            label={t('form.crypto')}
            required
            data={withValue(currencyOptions(cryptos.data), values.crypto_currency)}
            value={values.crypto_currency}
            onChange={(value) => value && set('crypto_currency', value)}
            allowDeselect={false}
            error={errors.crypto_currency}
          />
        </SimpleGrid>
        <RateFields
          source={values.currency_rate_source}
          rate={values.currency_rate}
          sourceOptions={sourceOptions}
          pair={{ fiat: values.fiat_currency, crypto: values.crypto_currency }}
          errors={{ source: errors.currency_rate_source, rate: errors.currency_rate }}
          onSource={(source) => set('currency_rate_source', source)}
          onRate={(rate) => set('currency_rate', rate)}
        />
        <Group>
          <Toggle
            label={t('form.active')}
            checked={values.is_active}
            onChange={(checked) => set('is_active', checked)}
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
  errors: { source?: string | undefined; rate?: string | undefined };
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
  const translate = useTranslateContract();
  const [values, setValues] = useState<FlowEditValues>(() => editValuesOf(flow));
  const update = useUpdateFlow();
  const form = useSchemaSubmit(flowUpdateSchema, editFields, { translate, fallback: t('form.saveFailed') });

  function set<K extends keyof FlowEditValues>(field: K, value: FlowEditValues[K]) {
    form.clearError(field);
    setValues((current) => ({ ...current, [field]: value }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const changes = editChanges(flow, values);
    // Nothing changed: the modal just closes, as the other edit forms do (SPEC §5).
    if (changes === null) {
      onCancel();
      return;
    }
    const saved = await form.submit(changes, (body) => update.mutateAsync({ id: flow.uuid, changes: body }));
    if (saved) onSaved(saved);
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('form.name')}
          required
          value={values.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={form.errors.name}
          autoComplete="off"
          data-autofocus
        />
        <Group>
          <Toggle
            label={t('form.active')}
            checked={values.is_active}
            onChange={(checked) => set('is_active', checked)}
            error={form.errors.is_active}
          />
        </Group>
        <FormFooter
          failure={form.failure}
          cancelLabel={t('form.cancel')}
          onCancel={onCancel}
          submitLabel={t('form.save')}
          busy={update.isPending}
        />
      </Stack>
    </form>
  );
}
