import type { AvailableFilter, Pagination } from '@paydesk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../lib/viewport';
import { CardList } from './CardList';
import { DataTable, type DataTableProps } from './DataTable';
import { FilterBar } from './FilterBar';
import { ListPagination } from './ListPagination';
import { QueryFailure } from './QueryFailure';
import { useFilterLabels } from './useFilterLabels';
import type { ListParamsControls } from './useListParams';

/** What a list query holds that the block shows: one page of rows, the server's filters and the pagination. */
export interface ListQueryState<Row> {
  data?: { items: Row[]; context: { available_filters: AvailableFilter[]; pagination: Pagination } };
  isError: boolean;
  error: unknown;
  isFetching: boolean;
}

export interface ListTableProps<Row> extends Omit<DataTableProps<Row>, 'rows' | 'loading' | 'sort' | 'onSortChange'> {
  list: ListParamsControls;
  query: ListQueryState<Row>;
  /** The screen's namespace: its keys name the server's filters and hold its `loadFailed`. */
  namespace: string;
  /**
   * On a phone, the rows as cards instead of the table (what one card holds), named by `cardsLabel`. Without it the
   * table stays on every screen and scrolls sideways.
   */
  phoneCards?: { card: (row: Row) => ReactNode; label: string; cardLabel?: (row: Row) => string };
}

/**
 * The block of a paginated list (SPEC §9): the server's filters, what went wrong loading it, the table (sorted by the
 * list's params where a column is sortable) and the pagination. The rows of the previous page stay while the next
 * one loads.
 */
export function ListTable<Row>({ list, query, namespace, phoneCards, ...table }: ListTableProps<Row>) {
  const { t } = useTranslation(namespace);
  const phone = usePhone();
  const filters = useFilterLabels(query.data?.context.available_filters, namespace);
  const pagination = query.data?.context.pagination;
  return (
    <>
      {filters.length > 0 && (
        <FilterBar filters={filters} initialValues={list.params.filters} onApply={list.setFilters} />
      )}
      <QueryFailure query={query} fallback={t('loadFailed')} />
      {phone && phoneCards ? (
        <CardList
          rows={query.data?.items ?? []}
          rowKey={table.rowKey ?? ((row) => JSON.stringify(row))}
          card={phoneCards.card}
          label={phoneCards.label}
          cardLabel={phoneCards.cardLabel}
          loading={query.isFetching}
          emptyMessage={table.emptyMessage}
        />
      ) : (
        <DataTable
          {...table}
          rows={query.data?.items ?? []}
          loading={query.isFetching}
          sort={list.params.sort}
          onSortChange={list.setSort}
        />
      )}
      {pagination && (
        <ListPagination pagination={pagination} onPageChange={list.setPage} onPageSizeChange={list.setCount} />
      )}
    </>
  );
}
