import { Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type PartnerSystem, partnerSystemCreateSchema, partnerSystemUpdateSchema } from '@paydesk/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCurrencies } from '../../../lib/reference/listCurrencies';
import { usePaymentOptions } from '../../../lib/reference/listPaymentOptions';
import { useContractForm } from '../../../lib/useContractForm';
import { userOptionsOf, useUserChoices } from '../../../lib/userChoices';
import { AppModal } from '../../../ui/AppModal';
import { FormFooter } from '../../../ui/FormFooter';
import { MultiSelectField } from '../../../ui/MultiSelectField';
import { SingleSelect } from '../../../ui/SingleSelect';
import { Toggle } from '../../../ui/Toggle';
import { useOpeningRound } from '../../../ui/useOpeningRound';
import { useCreatePartnerSystem } from '../api/createPartnerSystem';
import { useUpdatePartnerSystem } from '../api/updatePartnerSystem';
import {
  createFields,
  createInput,
  editBody,
  editFields,
  emptyPartnerForm,
  formValuesOf,
  hasChanges,
  type PartnerFormValues,
  slugOf,
} from './partnerForm';

export interface PartnerFormModalProps {
  opened: boolean;
  /** The system being edited; a new one is created when absent. */
  system?: PartnerSystem;
  onClose: () => void;
  /** After a successful save; `created` is false for an edit. */
  onSaved: (system: PartnerSystem, created: boolean) => void;
}

/** SPEC §2.20 (DESIGN §8): create or edit a partner payment system, for admins with `partners.manage`. */
export function PartnerFormModal({ opened, system, onClose, onSaved }: PartnerFormModalProps) {
  const { t } = useTranslation('partners');
  const { round } = useOpeningRound(opened);
  // While closing, the form keeps the system it was opened with; `undefined` means "create" only when opened.
  const [editing, setEditing] = useState(system);
  if (opened && system !== editing) setEditing(system);
  const title = editing ? t('form.editTitle', { title: editing.partner.title }) : t('form.createTitle');
  return (
    <AppModal opened={opened} onClose={onClose} title={title} size="lg">
      {editing ? (
        <EditPartnerForm key={round} system={editing} onCancel={onClose} onSaved={(saved) => onSaved(saved, false)} />
      ) : (
        <CreatePartnerForm key={round} onCancel={onClose} onSaved={(created) => onSaved(created, true)} />
      )}
    </AppModal>
  );
}

interface FormProps {
  onCancel: () => void;
  onSaved: (system: PartnerSystem) => void;
}

/**
 * The contract's messages are keys such as `partners.errors.title`; inside this namespace they are `errors.title`.
 * A message the namespace lacks reads as the generic "not valid".
 */
function usePartnerForm<S extends z.ZodType>(
  schema: S,
  initialValues: PartnerFormValues,
  fields: readonly string[],
  transform: (values: PartnerFormValues) => unknown,
) {
  const { t } = useTranslation('partners');
  return useContractForm(schema, initialValues, {
    translate: (key) => t(key.replace(/^partners\./, ''), { defaultValue: t('validation.invalid') }),
    fallback: t('form.failed'),
    fields,
    transform,
    clearErrorOnChange: true,
  });
}

function useChoices(enabled: boolean, forCreate: boolean) {
  const { t } = useTranslation('partners');
  const users = useUserChoices('partner', enabled && forCreate);
  const currencies = useCurrencies('fiat', enabled);
  const options = usePaymentOptions(enabled);
  return {
    users: userOptionsOf(users.data ?? [], t('form.userUnavailable')),
    usersLoading: users.isPending,
    currencies: (currencies.data ?? []).map((currency) => ({
      value: currency.code,
      label: `${currency.code} — ${currency.name}`,
    })),
    options: (options.data ?? []).map((option) => ({ value: option.slug, label: option.name })),
  };
}

/** Keeps what the edited system has even when the reference list does not offer it (any more). */
function withKnown(data: { value: string; label: string }[], known: { value: string; label: string }[]) {
  const values = new Set(data.map((item) => item.value));
  return [...data, ...known.filter((item) => !values.has(item.value))];
}

function CreatePartnerForm({ onCancel, onSaved }: FormProps) {
  const { t } = useTranslation('partners');
  const create = useCreatePartnerSystem();
  const { form, failure, submit, selectProps } = usePartnerForm(
    partnerSystemCreateSchema,
    emptyPartnerForm,
    createFields,
    createInput,
  );
  // The slug follows the title until the operator types one of their own.
  const [slugTouched, setSlugTouched] = useState(false);
  const choices = useChoices(true, true);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const created = await submit((body) => create.mutateAsync(body));
    if (created) onSaved(created);
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <SingleSelect
          label={t('field.user')}
          required
          searchable
          data={choices.users}
          {...selectProps('user_uuid')}
          disabled={choices.usersLoading}
          nothingFoundMessage={t('form.nothingFound')}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('field.title')}
            required
            {...form.getInputProps('title')}
            onChange={(event) => {
              const title = event.currentTarget.value;
              form.setFieldValue('title', title);
              if (!slugTouched) form.setFieldValue('slug', slugOf(title));
            }}
            autoComplete="off"
          />
          <TextInput
            label={t('field.slug')}
            description={t('form.slugHint')}
            required
            {...form.getInputProps('slug')}
            onChange={(event) => {
              setSlugTouched(true);
              form.setFieldValue('slug', event.currentTarget.value);
            }}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
        </SimpleGrid>
        <PartnerFields form={form} choices={choices} />
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

function EditPartnerForm({ system, onCancel, onSaved }: FormProps & { system: PartnerSystem }) {
  const { t } = useTranslation('partners');
  const update = useUpdatePartnerSystem();
  const [initial] = useState(() => formValuesOf(system));
  const { form, failure, submit } = usePartnerForm(partnerSystemUpdateSchema, initial, editFields, editBody);
  const choices = useChoices(true, false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    // Nothing changed: the modal just closes, as the user edit does (SPEC §5).
    if (!hasChanges(initial, form.getValues())) {
      onCancel();
      return;
    }
    const saved = await submit((body) => update.mutateAsync({ slug: system.partner.slug, changes: body }));
    if (saved) onSaved(saved);
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('form.owner', { username: system.user.username, slug: system.partner.slug })}</Text>
        <SimpleGrid cols={{ base: 1, sm: 1 }} spacing="sm">
          <TextInput
            label={t('field.title')}
            required
            {...form.getInputProps('title')}
            autoComplete="off"
            data-autofocus
          />
        </SimpleGrid>
        <PartnerFields form={form} choices={choices} system={system} />
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

interface PartnerFieldsProps {
  form: UseFormReturnType<PartnerFormValues>;
  choices: ReturnType<typeof useChoices>;
  /** The edited system, whose currencies and options stay offered even when the lists lack them. */
  system?: PartnerSystem;
}

/** The fields of both forms below the title: the payment method, the currencies, the options and the state. */
function PartnerFields({ form, choices, system }: PartnerFieldsProps) {
  const { t } = useTranslation('partners');
  const { values } = form;
  const knownOptions = system?.payment_options.map((option) => ({ value: option.slug, label: option.title })) ?? [];
  const knownCurrencies = system?.fiat_currencies.map((code) => ({ value: code, label: code })) ?? [];
  return (
    <>
      <TextInput
        label={t('field.paymentMethod')}
        required
        {...form.getInputProps('payment_method')}
        autoComplete="off"
      />
      <MultiSelectField
        label={t('field.fiatCurrencies')}
        placeholder={values.fiat_currencies.length === 0 ? t('form.none') : undefined}
        data={withKnown(choices.currencies, knownCurrencies)}
        {...form.getInputProps('fiat_currencies')}
        searchable
        clearable
        nothingFoundMessage={t('form.nothingFound')}
      />
      <MultiSelectField
        label={t('field.paymentOptions')}
        placeholder={values.payment_options.length === 0 ? t('form.none') : undefined}
        data={withKnown(choices.options, knownOptions)}
        {...form.getInputProps('payment_options')}
        searchable
        clearable
        nothingFoundMessage={t('form.nothingFound')}
      />
      <Group>
        <Toggle label={t('field.active')} {...form.getInputProps('is_active', { type: 'checkbox' })} />
      </Group>
    </>
  );
}
