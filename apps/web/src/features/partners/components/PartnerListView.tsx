import { Group, Stack, Text } from '@mantine/core';
import type { PartnerSystem } from '@paydesk/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../ui/Amount';
import { ListTable } from '../../../ui/ListTable';
import type { ListParamsControls } from '../../../ui/useListParams';
import { usePartnerSystems } from '../api/listPartnerSystems';
import { partnerColumns } from './partnerColumns';

export interface PartnerListViewProps {
  /** Held by the page, so the list comes back on the same page and filters after the detail view. */
  list: ListParamsControls;
  onOpen: (system: PartnerSystem) => void;
  /** Null for an admin who only reads (support). */
  onEdit: ((system: PartnerSystem) => void) | null;
}

/** SPEC §2.20 list: every partner's balance in all, the systems (a row opens its details) and the pagination. */
export function PartnerListView({ list, onOpen, onEdit }: PartnerListViewProps) {
  const { t } = useTranslation('partners');
  const systems = usePartnerSystems(list.params);
  const columns = useMemo(() => partnerColumns(t, onEdit), [t, onEdit]);
  const total = systems.data?.context.total;

  return (
    <Stack gap="md">
      {total && (
        <Group gap={6} wrap="wrap">
          <Text fw={500}>{t('total')}</Text>
          <Text fw={700} size="lg" component="span">
            <Amount amount={total.amount} currency={total.currency.code} />
          </Text>
        </Group>
      )}
      <ListTable
        list={list}
        query={systems}
        namespace="partners"
        columns={columns}
        rowKey={(system) => system.uuid}
        emptyMessage={t('empty')}
        onRowClick={onOpen}
        minWidthPx={onEdit ? 720 : 600}
      />
    </Stack>
  );
}
