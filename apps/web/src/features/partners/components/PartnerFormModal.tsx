import { Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  type PartnerSystem,
  type PartnerSystemCreate,
  partnerSystemCreateSchema,
  partnerSystemUpdateSchema,
} from '@paydesk/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaSubmit } from '../../../lib/formErrors';
import { useCurrencies } from '../../../lib/reference/listCurrencies';
import { usePaymentOptions } from '../../../lib/reference/listPaymentOptions';
import { userOptionsOf, useUserChoices } from '../../../lib/userChoices';
import { AppModal } from '../../../ui/AppModal';
import { FormFooter } from '../../../ui/FormFooter';
import { MultiSelectField } from '../../../ui/MultiSelectField';
import { SingleSelect } from '../../../ui/SingleSelect';
import { Toggle } from '../../../ui/Toggle';
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
  // A new key per opening starts a fresh form; the old one stays on screen while the modal fades out.
  const [round, setRound] = useState(0);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setRound((value) => value + 1);
  }
  // While closing, the form keeps the system it was opened with; `undefined` means "create" only when opened.
  const [editing, setEditing] = useState(system);
  if (opened && system !== editing) setEditing(system);
  const title = editing ? t('form.editTitle', { title: editing.partner.title }) : t('form.createTitle');
  return (
    <AppModal opened={opened} onClose={onClose} title={title} size="lg">
      <PartnerForm key={round} system={editing} onCancel={onClose} onSaved={onSaved} />
    </AppModal>
  );
}

interface PartnerFormProps {
  system?: PartnerSystem;
  onCancel: () => void;
  onSaved: (system: PartnerSystem, created: boolean) => void;
}

/**
 * The contract's messages are keys such as `partners.errors.title`; inside this namespace they are `errors.title`.
 * A message the namespace lacks reads as the generic "not valid".
 */
function useContractTranslate() {
  const { t } = useTranslation('partners');
  return (key: string) => t(key.replace(/^partners\./, ''), { defaultValue: t('validation.invalid') });
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

function PartnerForm({ system, onCancel, onSaved }: PartnerFormProps) {
  const { t } = useTranslation('partners');
  const translate = useContractTranslate();
  const [initial] = useState<PartnerFormValues>(() => (system ? formValuesOf(system) : emptyPartnerForm));
  const [values, setValues] = useState<PartnerFormValues>(initial);
  // The slug follows the title until the operator types one of their own.
  const [slugTouched, setSlugTouched] = useState(false);
  const create = useCreatePartnerSystem();
  const update = useUpdatePartnerSystem();
  const busy = create.isPending || update.isPending;
  const choices = useChoices(true, !system);
  const createForm = useSchemaSubmit(partnerSystemCreateSchema, createFields, {
    translate,
    fallback: t('form.failed'),
  });
  const editForm = useSchemaSubmit(partnerSystemUpdateSchema, editFields, { translate, fallback: t('form.failed') });
  const form = system ? editForm : createForm;
  const { errors, failure } = form;

  function set<K extends keyof PartnerFormValues>(field: K, value: PartnerFormValues[K]) {
    form.clearError(field);
    setValues((current) => {
      const next = { ...current, [field]: value };
      if (field === 'title' && !system && !slugTouched) next.slug = slugOf(String(value));
      return next;
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!system) {
      const input: PartnerSystemCreate = createInput(values);
      const created = await createForm.submit(input, (body) => create.mutateAsync(body));
      if (created) onSaved(created, true);
      return;
    }
    // Nothing changed: the modal just closes, as the user edit does (SPEC §5).
    if (!hasChanges(initial, values)) {
      onCancel();
      return;
    }
    const saved = await editForm.submit(editBody(values), (body) =>
      update.mutateAsync({ slug: system.partner.slug, changes: body }),
    );
    if (saved) onSaved(saved, false);
  }

  const knownOptions = system?.payment_options.map((option) => ({ value: option.slug, label: option.title })) ?? [];
  const knownCurrencies = system?.fiat_currencies.map((code) => ({ value: code, label: code })) ?? [];

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {system ? (
          <Text size="sm">{t('form.owner', { username: system.user.username, slug: system.partner.slug })}</Text>
        ) : (
          <SingleSelect
            label={t('field.user')}
            required
            searchable
            data={choices.users}
            value={values.user_uuid || null}
            onChange={(value) => set('user_uuid', value ?? '')}
            error={errors.user_uuid}
            disabled={choices.usersLoading}
            nothingFoundMessage={t('form.nothingFound')}
            data-autofocus
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: system ? 1 : 2 }} spacing="sm">
          <TextInput
            label={t('field.title')}
            required
            value={values.title}
            onChange={(event) => set('title', event.currentTarget.value)}
            error={errors.title}
            autoComplete="off"
            data-autofocus={system ? true : undefined}
          />
          {!system && (
            <TextInput
              label={t('field.slug')}
              description={t('form.slugHint')}
              required
              value={values.slug}
              onChange={(event) => {
                setSlugTouched(true);
                set('slug', event.currentTarget.value);
              }}
              error={errors.slug}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
            />
          )}
        </SimpleGrid>
        <TextInput
          label={t('field.paymentMethod')}
          required
          value={values.payment_method}
          onChange={(event) => set('payment_method', event.currentTarget.value)}
          error={errors.payment_method}
          autoComplete="off"
        />
        <MultiSelectField
          label={t('field.fiatCurrencies')}
          placeholder={values.fiat_currencies.length === 0 ? t('form.none') : undefined}
          data={withKnown(choices.currencies, knownCurrencies)}
          value={values.fiat_currencies}
          onChange={(selected) => set('fiat_currencies', selected)}
          error={errors.fiat_currencies}
          searchable
          clearable
          nothingFoundMessage={t('form.nothingFound')}
        />
        <MultiSelectField
          label={t('field.paymentOptions')}
          placeholder={values.payment_options.length === 0 ? t('form.none') : undefined}
          data={withKnown(choices.options, knownOptions)}
          value={values.payment_options}
          onChange={(selected) => set('payment_options', selected)}
          error={errors.payment_options}
          searchable
          clearable
          nothingFoundMessage={t('form.nothingFound')}
        />
        <Group>
          <Toggle
            label={t('field.active')}
            checked={values.is_active}
            onChange={(checked) => set('is_active', checked)}
            error={errors.is_active}
          />
        </Group>
        <FormFooter
          failure={failure}
          cancelLabel={t('form.cancel')}
          onCancel={onCancel}
          submitLabel={system ? t('form.save') : t('form.create')}
          busy={busy}
        />
      </Stack>
    </form>
  );
}
