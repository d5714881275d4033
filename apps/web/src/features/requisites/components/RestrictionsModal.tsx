import { Button, Group, Stack, Text } from '@mantine/core';
import type { Requisite, Restriction, RestrictionType } from '@paydesk/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldMessages, formFailureOf } from '../../../lib/formErrors';
import { useFailureText } from '../../../lib/useFailureText';
import { AppModal } from '../../../ui/AppModal';
import { ModalLoadState } from '../../../ui/ModalLoadState';
import { RestrictionSections } from '../../../ui/RestrictionSections';
import { useRetained } from '../../../ui/useRetained';
import { useRestrictions } from '../api/getRestrictions';
import { useRestrictionTypes } from '../api/listRestrictionTypes';
import { useUpdateRestrictions } from '../api/updateRestrictions';
import { type RestrictionValues, restrictionKey, restrictionsBody, restrictionValuesOf } from './restrictionsForm';

export interface RestrictionsTarget {
  requisite: Requisite;
  /** View mode: the values only, no Save. */
  readOnly: boolean;
}

export interface RestrictionsModalProps {
  target: RestrictionsTarget | null;
  onClose: () => void;
  onSaved: (requisite: Requisite) => void;
}

/** SPEC §2.14 restrictions modal: one section per restriction type, edited or only viewed. */
export function RestrictionsModal({ target, onClose, onSaved }: RestrictionsModalProps) {
  const { t } = useTranslation('requisites');
  const shown = useRetained(target);
  return (
    <AppModal opened={target !== null} onClose={onClose} title={t('restrictions.title')} size="lg">
      {shown && (
        <RestrictionsLoader
          key={`${shown.requisite.id}-${shown.readOnly}`}
          target={shown}
          onCancel={onClose}
          onSaved={onSaved}
        />
      )}
    </AppModal>
  );
}

interface LoaderProps {
  target: RestrictionsTarget;
  onCancel: () => void;
  onSaved: (requisite: Requisite) => void;
}

/** The form starts from the types and the restrictions in force, so it waits for both. */
function RestrictionsLoader({ target, onCancel, onSaved }: LoaderProps) {
  const { t } = useTranslation('requisites');
  const failureText = useFailureText();
  const types = useRestrictionTypes();
  const restrictions = useRestrictions(target.requisite.id);
  const error = types.error ?? restrictions.error;
  if (error || !types.data || !restrictions.data) {
    return (
      <ModalLoadState
        failure={error ? failureText(error, t('restrictions.loadFailed')) : null}
        cancelLabel={t('restrictions.cancel')}
        onCancel={onCancel}
      />
    );
  }
  return (
    <RestrictionsForm
      target={target}
      types={types.data}
      restrictions={restrictions.data}
      onCancel={onCancel}
      onSaved={onSaved}
    />
  );
}

interface FormProps extends LoaderProps {
  types: RestrictionType[];
  restrictions: Restriction[];
}

function RestrictionsForm({ target, types, restrictions, onCancel, onSaved }: FormProps) {
  const { t } = useTranslation('requisites');
  const { requisite, readOnly } = target;
  const [values, setValues] = useState<RestrictionValues>(() => restrictionValuesOf(types, restrictions));
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useUpdateRestrictions();
  const fieldKeys = types.flatMap((type) => type.fields.map((field) => restrictionKey(type.type.slug, field)));

  function change(type: string, field: string, value: string) {
    setValues((current) => ({ ...current, [type]: { ...current[type], [field]: value } }));
    setErrors((current) => {
      const { [restrictionKey(type, field)]: _cleared, ...rest } = current;
      return rest;
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (readOnly || save.isPending) return;
    setFailure(null);
    setErrors({});
    try {
      await save.mutateAsync({ id: requisite.id, body: restrictionsBody(types, values) });
      onSaved(requisite);
    } catch (error) {
      const shown = formFailureOf(error, fieldKeys, t('restrictions.saveFailed'));
      setErrors(shown.fields);
      setFailure(shown.general);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <div>
          <Text size="sm" fw={500}>
            {t('restrictions.of', { name: requisite.name })}
          </Text>
          {!readOnly && (
            <Text size="sm" c="dimmed">
              {t('restrictions.hint')}
            </Text>
          )}
        </div>
        <RestrictionSections
          types={types}
          values={values}
          errors={errors}
          errorKey={restrictionKey}
          readOnly={readOnly}
          onChange={change}
          emptyText={t('restrictions.none')}
          inputMode="decimal"
        />
        {failure !== null && (
          <Text c="red" size="sm" role="alert">
            {failure}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            {t('restrictions.cancel')}
          </Button>
          {!readOnly && (
            <Button type="submit" loading={save.isPending}>
              {t('restrictions.save')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
