import { Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { RestrictionType } from '@paydesk/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormFailure } from '../lib/formErrors';
import { FormFooter } from './FormFooter';
import { ModalLoadState } from './ModalLoadState';
import { RestrictionSections, type RestrictionSectionsProps } from './RestrictionSections';

/** What a restrictions form holds: type slug → field → text as typed. */
export type RestrictionValues = Record<string, Record<string, string>>;

export interface RestrictionsFormLabels {
  /** Whose restrictions these are. */
  heading: string;
  /** Said above the sections while they can be edited. */
  hint: string;
  empty: string;
}

export interface RestrictionsFormProps extends Pick<RestrictionSectionsProps, 'errorKey' | 'readOnly' | 'inputMode'> {
  /** The types and the texts in force; either is undefined while it loads. */
  types: RestrictionType[] | undefined;
  initialValues: RestrictionValues | undefined;
  /** Why loading failed, or null. */
  loadFailure: string | null;
  labels: RestrictionsFormLabels;
  busy: boolean;
  onCancel: () => void;
  /** Saves the values (the texts in force given beside them); answers what to show when it failed, or null. */
  onSave: (values: RestrictionValues, initial: RestrictionValues) => Promise<FormFailure | null>;
}

/**
 * A restrictions modal's body (requisites, traders in a flow): it waits for the types and the texts in force, then
 * shows one section per type, edited or only viewed. A field's message goes as soon as the field is edited.
 */
export function RestrictionsForm(props: RestrictionsFormProps) {
  const { t } = useTranslation('ui');
  const { types, initialValues, loadFailure, onCancel } = props;
  if (loadFailure !== null || !types || !initialValues) {
    return <ModalLoadState failure={loadFailure} cancelLabel={t('form.cancel')} onCancel={onCancel} />;
  }
  return <LoadedForm {...props} types={types} initialValues={initialValues} />;
}

function LoadedForm(props: RestrictionsFormProps & { types: RestrictionType[]; initialValues: RestrictionValues }) {
  const { t } = useTranslation('ui');
  const { types, labels, errorKey, readOnly, busy, onCancel, onSave } = props;
  // The texts in force when the form opened: a refetch meanwhile must not change what counts as edited.
  const [initialValues] = useState(props.initialValues);
  const form = useForm<RestrictionValues>({ mode: 'controlled', initialValues, clearInputErrorOnChange: false });
  const [failure, setFailure] = useState<string | null>(null);

  function change(type: string, field: string, value: string) {
    // A slug is a key of its own, not a path: the values change as a whole.
    form.setValues((current) => ({ ...current, [type]: { ...current[type], [field]: value } }));
    form.clearFieldError(errorKey(type, field));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (readOnly || busy) return;
    setFailure(null);
    form.clearErrors();
    const shown = await onSave(form.getValues(), initialValues);
    if (shown === null) return;
    form.setErrors(shown.fields);
    setFailure(shown.general);
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <div>
          <Text size="sm" fw={500}>
            {labels.heading}
          </Text>
          {!readOnly && (
            <Text size="sm" c="dimmed">
              {labels.hint}
            </Text>
          )}
        </div>
        <RestrictionSections
          types={types}
          values={form.values}
          errors={form.errors as Record<string, string>}
          errorKey={errorKey}
          readOnly={readOnly}
          onChange={change}
          emptyText={labels.empty}
          {...(props.inputMode ? { inputMode: props.inputMode } : {})}
        />
        <FormFooter
          failure={failure}
          cancelLabel={t('form.cancel')}
          onCancel={onCancel}
          submitLabel={t('form.save')}
          busy={busy}
          submitHidden={readOnly}
        />
      </Stack>
    </form>
  );
}
