import type { Requisite } from '@paydesk/contract';
import { useTranslation } from 'react-i18next';
import { type FormFailure, formFailureOf } from '../../../lib/formErrors';
import { useFailureText } from '../../../lib/useFailureText';
import { AppModal } from '../../../ui/AppModal';
import { RestrictionsForm, type RestrictionValues } from '../../../ui/RestrictionsForm';
import { useRetained } from '../../../ui/useRetained';
import { useRestrictions } from '../api/getRestrictions';
import { useRestrictionTypes } from '../api/listRestrictionTypes';
import { useUpdateRestrictions } from '../api/updateRestrictions';
import { restrictionKey, restrictionsBody, restrictionValuesOf } from './restrictionsForm';

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

/** The form starts from the types and the restrictions in force; a save replaces them all at once. */
function RestrictionsLoader({ target, onCancel, onSaved }: LoaderProps) {
  const { t } = useTranslation('requisites');
  const failureText = useFailureText();
  const { requisite } = target;
  const types = useRestrictionTypes();
  const restrictions = useRestrictions(requisite.id);
  const save = useUpdateRestrictions();
  const error = types.error ?? restrictions.error;

  async function onSave(values: RestrictionValues): Promise<FormFailure | null> {
    const typeList = types.data ?? [];
    try {
      await save.mutateAsync({ id: requisite.id, body: restrictionsBody(typeList, values) });
      onSaved(requisite);
      return null;
    } catch (error) {
      const fieldKeys = typeList.flatMap((type) => type.fields.map((field) => restrictionKey(type.type.slug, field)));
      return formFailureOf(error, fieldKeys, t('restrictions.saveFailed'));
    }
  }

  return (
    <RestrictionsForm
      types={types.data}
      initialValues={types.data && restrictions.data ? restrictionValuesOf(types.data, restrictions.data) : undefined}
      loadFailure={error ? failureText(error, t('restrictions.loadFailed')) : null}
      labels={{
        heading: t('restrictions.of', { name: requisite.name }),
        hint: t('restrictions.hint'),
        empty: t('restrictions.none'),
      }}
      errorKey={restrictionKey}
      readOnly={target.readOnly}
      inputMode="decimal"
      busy={save.isPending}
      onCancel={onCancel}
      onSave={onSave}
    />
  );
}
