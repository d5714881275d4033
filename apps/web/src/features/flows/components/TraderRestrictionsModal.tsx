import type { Executor, Flow } from '@paydesk/contract';
import { useTranslation } from 'react-i18next';
import type { FormFailure } from '../../../lib/formErrors';
import { isApiError } from '../../../lib/http';
import { useFailureText } from '../../../lib/useFailureText';
import { AppModal } from '../../../ui/AppModal';
import { RestrictionsForm, type RestrictionValues } from '../../../ui/RestrictionsForm';
import { useRetained } from '../../../ui/useRetained';
import { type TraderInFlow, useTraderRestrictions } from '../api/listTraderRestrictions';
import { useTraderRestrictionTypes } from '../api/listTraderRestrictionTypes';
import { useSetTraderRestrictions } from '../api/setTraderRestriction';
import { executorName } from './executorName';
import {
  fieldKey,
  messagesOfType,
  traderRestrictionChanges,
  traderRestrictionValuesOf,
} from './traderRestrictionsForm';

export interface TraderRestrictionsTarget {
  flow: Flow;
  executor: Executor;
  /** View mode: the values only, no Save. */
  readOnly: boolean;
}

export interface TraderRestrictionsModalProps {
  target: TraderRestrictionsTarget | null;
  onClose: () => void;
  onSaved: (target: TraderRestrictionsTarget) => void;
}

/** SPEC §2.19: a trader's restrictions in one flow, edited or only viewed, one section per restriction type. */
export function TraderRestrictionsModal({ target, onClose, onSaved }: TraderRestrictionsModalProps) {
  const { t } = useTranslation('flows');
  const shown = useRetained(target);
  return (
    <AppModal opened={target !== null} onClose={onClose} title={t('restrictions.title')} size="lg">
      {shown && (
        <Loaded
          key={`${shown.flow.uuid}-${shown.executor.bind_id}-${shown.readOnly}`}
          target={shown}
          onCancel={onClose}
          onSaved={onSaved}
        />
      )}
    </AppModal>
  );
}

interface LoadedProps {
  target: TraderRestrictionsTarget;
  onCancel: () => void;
  onSaved: (target: TraderRestrictionsTarget) => void;
}

/** The form starts from the types and the restrictions in force; a save sends one call per changed type. */
function Loaded({ target, onCancel, onSaved }: LoadedProps) {
  const { t } = useTranslation('flows');
  const failureText = useFailureText();
  const traderInFlow: TraderInFlow = { flowId: target.flow.uuid, traderId: target.executor.trader?.uuid ?? '' };
  const types = useTraderRestrictionTypes();
  const restrictions = useTraderRestrictions(traderInFlow);
  const save = useSetTraderRestrictions();
  const error = types.error ?? restrictions.error;

  async function onSave(values: RestrictionValues, initial: RestrictionValues): Promise<FormFailure | null> {
    const changes = traderRestrictionChanges(traderInFlow, types.data ?? [], initial, values);
    let sent = 0;
    try {
      await save.mutateAsync({
        changes,
        onSent: () => {
          sent += 1;
        },
      });
      onSaved(target);
      return null;
    } catch (error) {
      const type = changes[sent]?.type ?? '';
      const fields = isApiError(error) ? messagesOfType(type, error.fieldErrors) : {};
      const general = Object.keys(fields).length > 0 ? null : failureText(error, t('restrictions.saveFailed'));
      return { fields, general };
    }
  }

  return (
    <RestrictionsForm
      types={types.data}
      initialValues={
        types.data && restrictions.data ? traderRestrictionValuesOf(types.data, restrictions.data) : undefined
      }
      loadFailure={error ? failureText(error, t('restrictions.loadFailed')) : null}
      labels={{
        heading: t('restrictions.of', { trader: executorName(target.executor), flow: target.flow.name }),
        hint: t('restrictions.hint'),
        empty: t('restrictions.none'),
      }}
      errorKey={fieldKey}
      readOnly={target.readOnly}
      busy={save.isPending}
      onCancel={onCancel}
      onSave={onSave}
    />
  );
}
