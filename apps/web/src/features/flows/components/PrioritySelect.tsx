import type { Executor, Flow } from '@paydesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SingleSelect } from '../../../ui/SingleSelect';
import { useSetExecutorPriority } from '../api/setExecutorPriority';
import { priorityOptions } from './ExecutorModal';
import { executorName } from './executorName';
import { useFlowToasts } from './useFlowToasts';

/**
 * An executor's priority, 0 to 10 (10 is served first): sent on selection; when the server refuses, the select goes
 * back to what it was and a toast says why (SPEC §8 'Error updating trader priority').
 */
export function PrioritySelect({ flow, executor }: { flow: Flow; executor: Executor }) {
  const { t } = useTranslation('flows');
  const toasts = useFlowToasts();
  const update = useSetExecutorPriority();
  const [shown, setShown] = useState(executor.priority);
  const [known, setKnown] = useState(executor.priority);
  // A reloaded row (after this change or anyone else's) is the truth again.
  if (executor.priority !== known) {
    setKnown(executor.priority);
    setShown(executor.priority);
  }
  const name = executorName(executor);

  function choose(value: string | null) {
    const priority = Number(value);
    if (value === null || priority === shown) return;
    const previous = shown;
    setShown(priority);
    update.mutate(
      { flowId: flow.uuid, bindId: executor.bind_id, priority },
      {
        onSuccess: () => toasts.done(t('toast.priorityUpdated', { name, priority })),
        onError: (error) => {
          setShown(previous);
          toasts.failed(t('toast.priorityFailed'), error);
        },
      },
    );
  }

  return (
    <SingleSelect
      aria-label={t('executor.priority', { name })}
      data={priorityOptions}
      value={String(shown)}
      onChange={choose}
      allowDeselect={false}
      disabled={update.isPending}
      size="xs"
      w={72}
      style={{ flexShrink: 0 }}
    />
  );
}
