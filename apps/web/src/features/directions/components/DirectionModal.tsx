import { Group, Stack, Text, Title } from '@mantine/core';
import type { Direction, DirectionDetails } from '@paydesk/contract';
import { useTranslation } from 'react-i18next';
import { useFailureText } from '../../../lib/useFailureText';
import { AppModal } from '../../../ui/AppModal';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { ModalLoadState } from '../../../ui/ModalLoadState';
import { StatusBadge } from '../../../ui/StatusBadge';
import { useRetained } from '../../../ui/useRetained';
import { useDirection } from '../api/getDirection';
import { directionName, ofTotal, WholeBadge } from './directionColumns';

type Flow = DirectionDetails['flows'][number];
type Executor = DirectionDetails['executors'][number];

export interface DirectionModalProps {
  /** The row whose flows and executors to show, or null when closed. */
  direction: Direction | null;
  onClose: () => void;
}

function DirectionBody({ details }: { details: DirectionDetails }) {
  const { t } = useTranslation('directions');
  const flowColumns: DataTableColumn<Flow>[] = [
    { key: 'name', title: t('flow.name'), render: (flow) => flow.name },
    { key: 'merchant', title: t('flow.merchant'), render: (flow) => flow.merchant.username },
    { key: 'active', title: t('flow.active'), render: (flow) => t(flow.is_active ? 'yes' : 'no') },
    { key: 'source', title: t('flow.rateSource'), render: (flow) => flow.rate_source },
    { key: 'open', title: t('column.openOrders'), render: (flow) => flow.open_orders },
  ];
  const executorColumns: DataTableColumn<Executor>[] = [
    { key: 'username', title: t('executor.username'), render: (executor) => executor.username },
    { key: 'type', title: t('executor.type'), render: (executor) => t(`executorType.${executor.type}`) },
    {
      key: 'state',
      title: t('executor.state'),
      render: (executor) => (
        <WholeBadge>
          <StatusBadge kind="directionExecutor" slug={executor.state.slug} label={executor.state.title} />
        </WholeBadge>
      ),
    },
    { key: 'requisites', title: t('column.requisites'), render: (executor) => ofTotal(executor.requisites) },
    { key: 'open', title: t('column.openOrders'), render: (executor) => executor.open_orders },
  ];
  const { direction } = details;
  return (
    <Stack gap="md">
      <Group gap="xs">
        <StatusBadge kind="direction" slug={direction.state.slug} label={direction.state.title} />
        <Text size="sm" c="dimmed">
          {t('details.summary', {
            executors: ofTotal(direction.executors),
            requisites: ofTotal(direction.requisites),
            open: direction.open_orders,
          })}
        </Text>
      </Group>
      {/* Each table is a scrollable region named by its title; the block around it is no second landmark of that name. */}
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('details.flows')}
        </Title>
        <DataTable
          columns={flowColumns}
          rows={details.flows}
          rowKey={(flow) => flow.uuid}
          emptyMessage={t('details.noFlows')}
          caption={t('details.flows')}
          minWidthPx={560}
          scrollRegionLabel={t('details.flows')}
        />
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('details.executors')}
        </Title>
        <DataTable
          columns={executorColumns}
          rows={details.executors}
          rowKey={(executor) => executor.uuid}
          emptyMessage={t('details.noExecutors')}
          caption={t('details.executors')}
          minWidthPx={560}
          scrollRegionLabel={t('details.executors')}
        />
      </Stack>
    </Stack>
  );
}

/** One direction's flows and executors (DESIGN §13), each executor with the reason it cannot take an order now. */
export function DirectionModal({ direction, onClose }: DirectionModalProps) {
  const { t } = useTranslation('directions');
  const failureText = useFailureText();
  // The row stays shown while the modal fades out after closing.
  const shown = useRetained(direction);
  const details = useDirection(shown?.id ?? null, direction !== null);
  return (
    <AppModal opened={direction !== null} onClose={onClose} title={shown ? directionName(shown) : ''} size="xl">
      {details.data ? (
        <DirectionBody details={details.data} />
      ) : (
        <ModalLoadState
          failure={details.isError ? failureText(details.error, t('loadFailed')) : null}
          cancelLabel={t('close')}
          onCancel={onClose}
        />
      )}
    </AppModal>
  );
}
