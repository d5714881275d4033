import { Fieldset, Image, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import type { AttributeDefinition, PaymentTypeInfo, Requisite, User } from '@paydesk/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formFailureOf } from '../../../lib/formErrors';
import { currentLanguage } from '../../../lib/i18n';
import { useCurrencies } from '../../../lib/reference/listCurrencies';
import { usePaymentOptions } from '../../../lib/reference/listPaymentOptions';
import { useUserChoices } from '../../../lib/userChoices';
import { AppModal } from '../../../ui/AppModal';
import { FormFooter } from '../../../ui/FormFooter';
import { SingleSelect } from '../../../ui/SingleSelect';
import { Toggle } from '../../../ui/Toggle';
import { useCreateRequisite } from '../api/createRequisite';
import { usePaymentTypes } from '../api/listPaymentTypes';
import { useUpdateRequisite } from '../api/updateRequisite';
import {
  attributeDefinitionsOf,
  attributeKey,
  type CheckContext,
  checkCreate,
  checkUpdate,
  createBody,
  emptyRequisiteValues,
  isRequiredAttribute,
  paymentTypesFor,
  type RequisiteFormValues,
  requisiteValuesOf,
  updateBody,
} from './requisiteForm';

/** Who may hold a requisite an admin adds: the executors of orders. */
const ownerTypes = ['trader', 'partner'] as const;
type OwnerType = (typeof ownerTypes)[number];

export interface RequisiteFormModalProps {
  opened: boolean;
  /** The requisite being edited; a new one is added when absent. */
  requisite?: Requisite;
  /** An admin adds a requisite for a trader or a partner, chosen in the form. */
  withOwner: boolean;
  onClose: () => void;
  onSaved: (requisite: Requisite, created: boolean) => void;
}

/** SPEC §2.14 add and edit modals. */
export function RequisiteFormModal({ opened, requisite, withOwner, onClose, onSaved }: RequisiteFormModalProps) {
  const { t } = useTranslation('requisites');
  // A new form per opening; while the modal fades out it keeps what it was opened with.
  const [round, setRound] = useState(0);
  const [wasOpened, setWasOpened] = useState(opened);
  const [shown, setShown] = useState(requisite);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setRound((value) => value + 1);
  }
  if (opened && requisite !== shown) setShown(requisite);
  const title = shown ? t('form.editTitle', { name: shown.name }) : t('form.addTitle');
  return (
    <AppModal opened={opened} onClose={onClose} title={title} size="lg">
      <RequisiteForm
        key={`${round}-${shown?.id ?? 'new'}`}
        requisite={shown}
        withOwner={withOwner && !shown}
        onCancel={onClose}
        onSaved={onSaved}
      />
    </AppModal>
  );
}

interface RequisiteFormProps {
  requisite?: Requisite;
  withOwner: boolean;
  onCancel: () => void;
  onSaved: (requisite: Requisite, created: boolean) => void;
}

/** The fields of the form that a server message can point at, attributes as the server names them. */
const baseFields = ['name', 'user_uuid', 'currency', 'payment_option', 'payment_type', 'is_active'];

function RequisiteForm({ requisite, withOwner, onCancel, onSaved }: RequisiteFormProps) {
  const { t } = useTranslation('requisites');
  // The values and messages sit in @mantine/form directly: the checks are the contract's schema plus each attribute's
  // rules in the user's language (requisiteForm.ts), which one schema for useContractForm cannot say.
  const form = useForm<RequisiteFormValues>({
    mode: 'controlled',
    initialValues: requisite ? requisiteValuesOf(requisite) : emptyRequisiteValues(),
  });
  const values = form.getValues();
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateRequisite();
  const update = useUpdateRequisite();
  const busy = create.isPending || update.isPending;
  const options = usePaymentOptions().data ?? [];
  const types = usePaymentTypes().data ?? [];
  const definitions = attributeDefinitionsOf(options, values.payment_option, requisite);
  const offeredTypes = paymentTypesFor(types, values.currency, values.payment_option);
  const formFields = [...baseFields, ...definitions.map((definition) => attributeKey(definition.field))];

  /** A currency or option that the chosen payment type does not serve takes the payment type away. */
  function choose(field: 'currency' | 'payment_option', value: string) {
    form.setFieldValue(field, value);
    const next = form.getValues();
    const stillOffered = paymentTypesFor(types, next.currency, next.payment_option).some(
      (type) => type.slug === next.payment_type,
    );
    if (stillOffered) return;
    // The payment type's own message stays: only the user's edit of a field forgets its message.
    const kept = form.errors.payment_type;
    form.setFieldValue('payment_type', '');
    if (kept) form.setFieldError('payment_type', kept);
  }

  const translate = (key: string) => t(key.replace(/^requisites\./, ''), { defaultValue: t('validation.invalid') });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const context: CheckContext = {
      definitions,
      attributes: values.attributes,
      language: currentLanguage(),
      translate,
    };
    try {
      const saved = requisite ? await sendUpdate(requisite, context) : await sendCreate(context);
      if (saved) onSaved(saved, !requisite);
    } catch (error) {
      const shown = formFailureOf(error, formFields, t('saveFailed'));
      form.setErrors(shown.fields);
      setFailure(shown.general);
    }
  }

  /** Checks, then sends; undefined (nothing sent) while the checks refuse the values. */
  async function sendUpdate(target: Requisite, context: CheckContext): Promise<Requisite | undefined> {
    const result = checkUpdate(updateBody(values, definitions), context);
    form.setErrors(result.ok ? {} : result.errors);
    return result.ok ? update.mutateAsync({ id: target.id, changes: result.body }) : undefined;
  }

  async function sendCreate(context: CheckContext): Promise<Requisite | undefined> {
    const result = checkCreate(createBody(values, definitions, withOwner), withOwner, context);
    form.setErrors(result.ok ? {} : result.errors);
    return result.ok ? create.mutateAsync(result.body) : undefined;
  }

  const unplaced = Object.entries(form.errors).filter(([key]) => !formFields.includes(key));
  const shownFailure = [failure, ...unplaced.map(([, message]) => message)].filter(Boolean).join(' ') || null;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput label={t('form.name')} required autoComplete="off" {...form.getInputProps('name')} data-autofocus />
        {withOwner && (
          <OwnerSelect
            value={values.user_uuid}
            onChange={(user_uuid) => form.setFieldValue('user_uuid', user_uuid)}
            error={form.errors.user_uuid}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <CurrencySelect
            value={values.currency}
            onChange={(code) => choose('currency', code)}
            error={form.errors.currency}
          />
          <SingleSelect
            label={t('form.paymentOption')}
            required
            data={options.map((option) => ({ value: option.slug, label: option.name }))}
            value={values.payment_option || null}
            onChange={(slug) => choose('payment_option', slug ?? '')}
            error={form.errors.payment_option}
            allowDeselect={false}
          />
        </SimpleGrid>
        <PaymentTypeSelect
          types={offeredTypes}
          value={values.payment_type}
          onChange={(slug) => form.setFieldValue('payment_type', slug)}
          error={form.errors.payment_type}
        />
        <AttributeFields definitions={definitions} form={form} />
        {requisite && (
          <Toggle
            label={t('form.active')}
            checked={values.is_active}
            onChange={(is_active) => form.setFieldValue('is_active', is_active)}
          />
        )}
        <FormFooter
          failure={shownFailure}
          cancelLabel={t('form.close')}
          onCancel={onCancel}
          submitLabel={requisite ? t('form.save') : t('form.add')}
          busy={busy}
        />
      </Stack>
    </form>
  );
}

interface FieldProps {
  value: string;
  onChange: (value: string) => void;
  error: ReactNode;
}

function CurrencySelect({ value, onChange, error }: FieldProps) {
  const { t } = useTranslation('requisites');
  const currencies = useCurrencies('fiat').data ?? [];
  return (
    <SingleSelect
      label={t('form.currency')}
      required
      searchable
      nothingFoundMessage={t('form.nothingFound')}
      data={currencies.map((currency) => ({ value: currency.code, label: `${currency.code} — ${currency.name}` }))}
      value={value || null}
      onChange={(code) => onChange(code ?? '')}
      error={error}
      allowDeselect={false}
    />
  );
}

/** The banks and systems of the chosen currency and option, each with its logo. */
function PaymentTypeSelect({ types, ...field }: FieldProps & { types: PaymentTypeInfo[] }) {
  const { t } = useTranslation('requisites');
  const imageOf = (slug: string) => types.find((type) => type.slug === slug)?.image.url;
  const chosenImage = imageOf(field.value);
  return (
    <SingleSelect
      label={t('form.paymentType')}
      required
      data={types.map((type) => ({ value: type.slug, label: type.name }))}
      value={field.value || null}
      onChange={(slug) => field.onChange(slug ?? '')}
      error={field.error}
      allowDeselect={false}
      nothingFoundMessage={t('form.noPaymentTypes')}
      leftSection={chosenImage ? <Image src={chosenImage} alt="" w={18} h={18} fit="contain" /> : undefined}
      renderOption={({ option }) => {
        const url = imageOf(option.value);
        return (
          <>
            {url && <Image src={url} alt="" w={18} h={18} fit="contain" mr="xs" />}
            {option.label}
          </>
        );
      }}
    />
  );
}

function OwnerSelect({ value, onChange, error }: FieldProps) {
  const { t } = useTranslation('requisites');
  const traders = useUserChoices('trader');
  const partners = useUserChoices('partner');
  const owners: Record<OwnerType, User[]> = { trader: traders.data ?? [], partner: partners.data ?? [] };
  const data = ownerTypes
    .filter((type) => owners[type].length > 0)
    .map((type) => ({
      group: t(`form.ownerGroup.${type}`),
      items: owners[type].map((user) => ({
        value: user.uuid,
        label: user.is_blocked ? `${user.username} (${t('form.ownerUnavailable')})` : user.username,
        disabled: user.is_blocked,
      })),
    }));
  return (
    <SingleSelect
      label={t('form.owner')}
      required
      searchable
      nothingFoundMessage={t('form.nothingFound')}
      data={data}
      value={value || null}
      onChange={(uuid) => onChange(uuid ?? '')}
      error={error}
      allowDeselect={false}
    />
  );
}

interface AttributeFieldsProps {
  definitions: AttributeDefinition[];
  form: UseFormReturnType<RequisiteFormValues>;
}

/** One text field per attribute of the chosen option: its label, its mask as the placeholder. */
function AttributeFields({ definitions, form }: AttributeFieldsProps) {
  const { t } = useTranslation('requisites');
  if (definitions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('form.chooseOption')}
      </Text>
    );
  }
  return (
    <Fieldset legend={t('form.attributes')} variant="unstyled">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {definitions.map((definition) => (
          <TextInput
            key={definition.field}
            label={definition.label}
            placeholder={definition.mask ?? undefined}
            required={isRequiredAttribute(definition)}
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps(attributeKey(definition.field))}
            // An attribute of an option chosen after the form opened has no value yet.
            value={form.getValues().attributes[definition.field] ?? ''}
          />
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}
