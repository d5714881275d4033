import { Button, Group, Stack, Text } from '@mantine/core';
import type { Flow } from '@paydesk/contract';
import { IconCurrencyDollar, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { copiedTimeoutMs } from '../../../ui/CopyAction';
import { CopyableId } from '../../../ui/CopyableId';
import type { DataTableColumn } from '../../../ui/DataTable';
import { IconAction } from '../../../ui/IconAction';
import { OnlineDot } from '../../../ui/OnlineDot';
import { type ExecutorActions, ExecutorList } from './ExecutorList';

export interface FlowActions extends ExecutorActions {
  onAddExecutor: (flow: Flow) => void;
  onEdit: (flow: Flow) => void;
  onRate: (flow: Flow) => void;
  onDelete: (flow: Flow) => void;
}

/** A copyable identifier whose copied mark stays 2 s on this screen (SPEC §2.19, §9). */
function FlowId({ id }: { id: string }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <CopyableId id={id} timeoutMs={copiedTimeoutMs.flow} />
    </span>
  );
}

/** The rate orders are priced at now: the manual one, or the feed's (which may be missing or stale). */
function RateCell({ flow, t }: { flow: Flow; t: TFunction }) {
  const pair = { fiat: flow.fiat_currency.code, crypto: flow.crypto_currency.code };
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {flow.rate.value === null ? t('rate.none') : t('rate.value', { rate: flow.rate.value, ...pair })}
      </Text>
      <Text size="xs" c="dimmed">
        {t(`rateSource.${flow.currency_rate_source}`)}
        {flow.rate.stale ? ` · ${t('rate.stale')}` : ''}
      </Text>
    </Stack>
  );
}

/**
 * The flows table of SPEC §2.19: id, name (with its activity), merchant, executors, currency as fiat / crypto, the
 * rate, the add-executor button and the flow's actions.
 */
export function flowColumns(t: TFunction, actions: FlowActions): DataTableColumn<Flow>[] {
  return [
    { key: 'uuid', title: t('column.uuid'), render: (flow) => <FlowId id={flow.uuid} /> },
    {
      key: 'name',
      title: t('column.name'),
      render: (flow) => {
        const status = flow.is_active ? t('status.active') : t('status.inactive');
        return (
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              {flow.name}
            </Text>
            <Group gap={6} wrap="nowrap">
              <OnlineDot online={flow.is_active} label={status} />
              <Text size="xs" c="dimmed" aria-hidden>
                {status}
              </Text>
            </Group>
          </Stack>
        );
      },
    },
    {
      key: 'merchant',
      title: t('column.merchant'),
      render: (flow) => (
        <Stack gap={0}>
          <Text size="sm">{flow.merchant.username}</Text>
          <FlowId id={flow.merchant_uuid} />
        </Stack>
      ),
    },
    {
      key: 'executors',
      title: t('column.executors'),
      render: (flow) => <ExecutorList flow={flow} actions={actions} />,
    },
    {
      key: 'currency',
      title: t('column.currency'),
      render: (flow) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {flow.fiat_currency.code} / {flow.crypto_currency.code}
        </Text>
      ),
    },
    { key: 'rate', title: t('column.rate'), render: (flow) => <RateCell flow={flow} t={t} /> },
    {
      key: 'add',
      title: t('column.addExecutor'),
      render: (flow) => (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => actions.onAddExecutor(flow)}
          aria-label={t('action.addExecutorTo', { name: flow.name })}
        >
          {t('action.add')}
        </Button>
      ),
    },
    {
      key: 'actions',
      title: t('column.actions'),
      render: (flow) => (
        <Group gap={2} wrap="nowrap">
          <IconAction label={t('action.edit', { name: flow.name })} onClick={() => actions.onEdit(flow)}>
            <IconPencil size={16} aria-hidden />
          </IconAction>
          <IconAction label={t('action.rate', { name: flow.name })} onClick={() => actions.onRate(flow)}>
            <IconCurrencyDollar size={16} aria-hidden />
          </IconAction>
          <IconAction
            label={t('action.delete', { name: flow.name })}
            color="red"
            onClick={() => actions.onDelete(flow)}
          >
            <IconTrash size={16} aria-hidden />
          </IconAction>
        </Group>
      ),
    },
  ];
}
