import { Button, Group, Stack, Text } from '@mantine/core';
import type { Executor, Flow, RestrictionType, TraderRestriction } from '@paydesk/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldMessages } from '../../../lib/formErrors';
import { isApiError } from '../../../lib/http';
import { useFailureText } from '../../../lib/useFailureText';
import { AppModal } from '../../../ui/AppModal';
import { ModalLoadState } from '../../../ui/ModalLoadState';
import { RestrictionSections } from '../../../ui/RestrictionSections';
import { useRetained } from '../../../ui/useRetained';
import { type TraderInFlow, useTraderRestrictions } from '../api/listTraderRestrictions';
import { useTraderRestrictionTypes } from '../api/listTraderRestrictionTypes';
import { useSetTraderRestrictions } from '../api/setTraderRestriction';
import { executorName } from './executorName';
import {
  fieldKey,
  messagesOfType,
  type TraderRestrictionValues,
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

/** The form starts from the types and the restrictions in force, so it waits for both. */
function Loaded({ target, onCancel, onSaved }: LoadedProps) {
  const { t } = useTranslation('flows');
  const failureText = useFailureText();
  const traderInFlow: TraderInFlow = { flowId: target.flow.uuid, traderId: target.executor.trader?.uuid ?? '' };
  const types = useTraderRestrictionTypes();
  const restrictions = useTraderRestrictions(traderInFlow);
  const error = types.error ?? restrictions.error;
  if (error || !types.data || !restrictions.data) {
    return (
      <ModalLoadState
        failure={error ? failureText(error, t('restrictions.loadFailed')) : null}
        cancelLabel={t('form.cancel')}
        onCancel={onCancel}
      />
    );
  }
  return (
    <RestrictionsForm
      target={target}
      traderInFlow={traderInFlow}
      types={types.data}
      restrictions={restrictions.data}
      onCancel={onCancel}
      onSaved={onSaved}
    />
  );
}

interface FormProps extends LoadedProps {
  traderInFlow: TraderInFlow;
  types: RestrictionType[];
  restrictions: TraderRestriction[];
}

function RestrictionsForm({ target, traderInFlow, types, restrictions, onCancel, onSaved }: FormProps) {
  const { t } = useTranslation('flows');
  const failureText = useFailureText();
  const { readOnly } = target;
  const [initial] = useState<TraderRestrictionValues>(() => traderRestrictionValuesOf(types, restrictions));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSetTraderRestrictions();

  function change(type: string, field: string, value: string) {
    setValues((current) => ({ ...current, [type]: { ...current[type], [field]: value } }));
    setErrors(({ [fieldKey(type, field)]: _cleared, ...rest }) => rest);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (readOnly || save.isPending) return;
    setFailure(null);
    setErrors({});
    const changes = traderRestrictionChanges(traderInFlow, types, initial, values);
    let sent = 0;
    try {
      await save.mutateAsync({
        changes,
        onSent: () => {
          sent += 1;
        },
      });
      onSaved(target);
    } catch (error) {
      const type = changes[sent]?.type ?? '';
      const fields = isApiError(error) ? messagesOfType(type, error.fieldErrors) : {};
      setErrors(fields);
      setFailure(Object.keys(fields).length > 0 ? null : failureText(error, t('restrictions.saveFailed')));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <div>
          <Text size="sm" fw={500}>
            {t('restrictions.of', { trader: executorName(target.executor), flow: target.flow.name })}
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
          errorKey={fieldKey}
          readOnly={readOnly}
          onChange={change}
          emptyText={t('restrictions.none')}
        />
        {failure !== null && (
          <Text c="red" size="sm" role="alert">
            {failure}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            {t('form.cancel')}
          </Button>
          {!readOnly && (
            <Button type="submit" loading={save.isPending}>
              {t('form.save')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
