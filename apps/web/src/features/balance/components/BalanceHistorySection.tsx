import { Stack, Text, Title } from '@mantine/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureText } from '../../../lib/useFailureText';
import { DataTable } from '../../../ui/DataTable';
import { FilterBar } from '../../../ui/FilterBar';
import { ListPagination } from '../../../ui/ListPagination';
import { useListParams } from '../../../ui/useListParams';
import { useBalanceHistory } from '../api/listBalanceHistory';
import { historyColumns } from './historyColumns';

/**
 * SPEC §2.6 balance history: the server's filters, the movements and the pagination of §9 (changing the page size,
 * the filters or the sort returns to page 1).
 */
export function BalanceHistorySection() {
  const { t } = useTranslation('balance');
  const failureText = useFailureText();
  const list = useListParams();
  const history = useBalanceHistory(list.params);
  const titleId = useId();
  const columns = useMemo(() => historyColumns(t), [t]);
  // The server names its filters with keys of this namespace and localizes the options itself.
  const filters = useMemo(
    () => (history.data?.context.available_filters ?? []).map((filter) => ({ ...filter, label: t(filter.label) })),
    [history.data, t],
  );
  const pagination = history.data?.context.pagination;

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('history.title')}
      </Title>
      {filters.length > 0 && (
        <FilterBar filters={filters} initialValues={list.params.filters} onApply={list.setFilters} />
      )}
      {history.isError && (
        <Text c="red" size="sm" role="alert">
          {failureText(history.error, t('loadFailed'))}
        </Text>
      )}
      <DataTable
        columns={columns}
        rows={history.data?.items ?? []}
        rowKey={(row) => `${row.guid}:${row.account.slug}`}
        loading={history.isFetching}
        emptyMessage={t('history.empty')}
        sort={list.params.sort}
        onSortChange={list.setSort}
        minWidthPx={1080}
      />
      {pagination && (
        <ListPagination pagination={pagination} onPageChange={list.setPage} onPageSizeChange={list.setCount} />
      )}
    </Stack>
  );
}
