import { Stack, Text, Title } from '@mantine/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureText } from '../../../lib/useFailureText';
import { DataTable } from '../../../ui/DataTable';
import { FilterBar } from '../../../ui/FilterBar';
import { ListPagination } from '../../../ui/ListPagination';
import { useListParams } from '../../../ui/useListParams';
import { usePartnerBalanceLog } from '../api/listPartnerBalanceLog';
import { balanceLogColumns } from './balanceLogColumns';
import { useFilterLabels } from './filterLabels';

/**
 * The partner's balance history (SPEC §2.20, DESIGN §8: its ledger history) with the server's filters and the
 * pagination of §9: changing the page size or the filters returns to page 1.
 */
export function PartnerBalanceLog({ slug }: { slug: string }) {
  const { t } = useTranslation('partners');
  const failureText = useFailureText();
  const list = useListParams();
  const log = usePartnerBalanceLog(slug, list.params);
  const titleId = useId();
  const columns = useMemo(() => balanceLogColumns(t), [t]);
  const filters = useFilterLabels(log.data?.context.available_filters);
  const pagination = log.data?.context.pagination;

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('log.title')}
      </Title>
      {filters.length > 0 && (
        <FilterBar filters={filters} initialValues={list.params.filters} onApply={list.setFilters} />
      )}
      {log.isError && (
        <Text c="red" size="sm" role="alert">
          {failureText(log.error, t('loadFailed'))}
        </Text>
      )}
      {/* No row key: a guid names a ledger transfer, which may touch two of the partner's accounts. */}
      <DataTable
        columns={columns}
        rows={log.data?.items ?? []}
        loading={log.isFetching}
        emptyMessage={t('log.empty')}
        minWidthPx={720}
      />
      {pagination && (
        <ListPagination pagination={pagination} onPageChange={list.setPage} onPageSizeChange={list.setCount} />
      )}
    </Stack>
  );
}
