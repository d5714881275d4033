import { Button, Stack } from '@mantine/core';
import { type Executor, type ExecutorType, type Flow, flowListQuerySchema } from '@paydesk/contract';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../ui/ListTable';
import { PageHeader } from '../../../ui/PageHeader';
import { useUrlListParams } from '../../../ui/useListParams';
import { useRetained } from '../../../ui/useRetained';
import { useDeleteFlow } from '../api/deleteFlow';
import { useFlows } from '../api/listFlows';
import { useRemoveExecutor } from '../api/removeExecutor';
import { ConfirmModal } from '../components/ConfirmModal';
import { ExecutorModal } from '../components/ExecutorModal';
import { executorName } from '../components/executorName';
import { FlowFormModal, type FlowFormTarget } from '../components/FlowFormModal';
import { flowColumns } from '../components/flowColumns';
import { RateModal } from '../components/RateModal';
import { TraderRestrictionsModal, type TraderRestrictionsTarget } from '../components/TraderRestrictionsModal';
import { useFlowToasts } from '../components/useFlowToasts';

type Dialog =
  | FlowFormTarget
  | { kind: 'executor'; flow: Flow }
  | { kind: 'rate'; flow: Flow }
  | { kind: 'delete'; flow: Flow }
  | { kind: 'remove'; flow: Flow; executor: Executor }
  | { kind: 'restrictions'; target: TraderRestrictionsTarget };

type Kind = Dialog['kind'];

/**
 * /potoc (SPEC §2.19): the flows, admin only (`flows.manage`, no support admin; the route guard and the server refuse
 * everyone else). Create, edit and delete flows; add, remove and rank executors; set the rate; restrict traders. The list's filters are kept in the address.
 */
export function FlowsPage() {
  const { t } = useTranslation('flows');
  const toasts = useFlowToasts();
  const list = useUrlListParams(flowListQuerySchema);
  const flows = useFlows(list.params);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const of = <K extends Kind>(kind: K) => (dialog?.kind === kind ? (dialog as Extract<Dialog, { kind: K }>) : null);

  const columns = useMemo(
    () =>
      flowColumns(t, {
        onAddExecutor: (flow) => setDialog({ kind: 'executor', flow }),
        onEdit: (flow) => setDialog({ kind: 'edit', flow }),
        onRate: (flow) => setDialog({ kind: 'rate', flow }),
        onDelete: (flow) => setDialog({ kind: 'delete', flow }),
        onRemove: (flow, executor) => setDialog({ kind: 'remove', flow, executor }),
        onRestrictions: (flow, executor, readOnly) =>
          setDialog({ kind: 'restrictions', target: { flow, executor, readOnly } }),
      }),
    [t],
  );
  const formTarget = dialog?.kind === 'create' || dialog?.kind === 'edit' ? dialog : null;

  return (
    <Stack gap="md">
      <PageHeader title={t('title')}>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ kind: 'create' })}>
          {t('create')}
        </Button>
      </PageHeader>
      <ListTable
        list={list}
        query={flows}
        namespace="flows"
        columns={columns}
        rowKey={(flow) => flow.uuid}
        emptyMessage={t('empty')}
        minWidthPx={1100}
      />

      <FlowFormModal
        target={formTarget}
        onClose={close}
        onSaved={(flow, created) => {
          toasts.done(t(created ? 'toast.created' : 'toast.updated', { name: flow.name }));
          close();
        }}
      />
      <ExecutorModal
        flow={of('executor')?.flow ?? null}
        onClose={close}
        onAdded={(_flow, type: ExecutorType, name) => {
          toasts.done(t(`toast.${type}Added`, { name }));
          close();
        }}
      />
      <RateModal
        flow={of('rate')?.flow ?? null}
        onClose={close}
        onSaved={(flow) => {
          toasts.done(t('toast.rateUpdated', { name: flow.name }));
          close();
        }}
      />
      <DeleteFlow flow={of('delete')?.flow ?? null} onClose={close} />
      <RemoveExecutor target={of('remove')} onClose={close} />
      <TraderRestrictionsModal
        target={of('restrictions')?.target ?? null}
        onClose={close}
        onSaved={({ executor }) => {
          toasts.done(t('toast.restrictionsSaved', { name: executorName(executor) }));
          close();
        }}
      />
    </Stack>
  );
}

/** Deletes a flow once confirmed; a refusal (open orders) is the server's own words in a red toast (SPEC §8). */
function DeleteFlow({ flow, onClose }: { flow: Flow | null; onClose: () => void }) {
  const { t } = useTranslation('flows');
  const toasts = useFlowToasts();
  const remove = useDeleteFlow();
  const shown = useRetained(flow);
  return (
    <ConfirmModal
      opened={flow !== null}
      title={t('confirm.deleteTitle')}
      message={t('confirm.deleteText', { name: shown?.name ?? '' })}
      confirmLabel={t('confirm.delete')}
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (!flow) return;
        remove.mutate(flow.uuid, {
          onSuccess: () => toasts.done(t('toast.deleted', { name: flow.name })),
          onError: (error) => toasts.failed(t('toast.deleteFailed'), error),
          onSettled: onClose,
        });
      }}
    />
  );
}

/** Takes an executor out of a flow once confirmed (SPEC §8 'trader removed', 'Error removing trader'). */
function RemoveExecutor({
  target,
  onClose,
}: {
  target: { flow: Flow; executor: Executor } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('flows');
  const toasts = useFlowToasts();
  const remove = useRemoveExecutor();
  const shown = useRetained(target);
  const names = shown ? { executor: executorName(shown.executor), flow: shown.flow.name } : { executor: '', flow: '' };
  return (
    <ConfirmModal
      opened={target !== null}
      title={t('confirm.removeTitle')}
      message={t('confirm.removeText', names)}
      confirmLabel={t('confirm.remove')}
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (!target) return;
        const { flow, executor } = target;
        remove.mutate(
          { flowId: flow.uuid, bindId: executor.bind_id },
          {
            onSuccess: () => toasts.done(t(`toast.${executor.type}Removed`, { name: executorName(executor) })),
            onError: (error) => toasts.failed(t('toast.removeFailed'), error),
            onSettled: onClose,
          },
        );
      }}
    />
  );
}
