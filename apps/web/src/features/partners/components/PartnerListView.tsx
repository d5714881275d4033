import { Group, Stack, Text } from '@mantine/core';
import type { PartnerSystem } from '@paydesk/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureText } from '../../../lib/useFailureText';
import { Amount } from '../../../ui/Amount';
import { DataTable } from '../../../ui/DataTable';
import { FilterBar } from '../../../ui/FilterBar';
import { ListPagination } from '../../../ui/ListPagination';
import type { ListParamsControls } from '../../../ui/useListParams';
import { usePartnerSystems } from '../api/listPartnerSystems';
import { useFilterLabels } from './filterLabels';
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
  const failureText = useFailureText();
  const systems = usePartnerSystems(list.params);
  const columns = useMemo(() => partnerColumns(t, onEdit), [t, onEdit]);
  const filters = useFilterLabels(systems.data?.context.available_filters);
  const pagination = systems.data?.context.pagination;
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
      {filters.length > 0 && (
        <FilterBar filters={filters} initialValues={list.params.filters} onApply={list.setFilters} />
      )}
      {systems.isError && (
        <Text c="red" size="sm" role="alert">
          {failureText(systems.error, t('loadFailed'))}
        </Text>
      )}
      <DataTable
        columns={columns}
        rows={systems.data?.items ?? []}
        rowKey={(system) => system.uuid}
        loading={systems.isFetching}
        emptyMessage={t('empty')}
        onRowClick={onOpen}
        minWidthPx={onEdit ? 720 : 600}
      />
      {pagination && (
        <ListPagination pagination={pagination} onPageChange={list.setPage} onPageSizeChange={list.setCount} />
      )}
    </Stack>
  );
}
