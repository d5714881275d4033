import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { pageSizes, type Pagination as WirePagination } from '@paydesk/contract';
import { useTranslation } from 'react-i18next';

export interface ListPaginationProps {
  pagination: WirePagination;
  onPageChange: (page: number) => void;
  onPageSizeChange: (count: number) => void;
}

/** The 1-based positions of the first and last row on the current page; "0 - 0" when the page holds no rows. */
export function resultsRange(pagination: WirePagination): { from: number; to: number } {
  const { total_count: total, per_page: perPage, current_page: page } = pagination;
  const from = (page - 1) * perPage + 1;
  if (total <= 0 || perPage <= 0 || from > total) return { from: 0, to: 0 };
  return { from, to: Math.min(page * perPage, total) };
}

/** The standard sizes, plus the server's own when it differs, so the select never shows an empty value. */
function pageSizeOptions(perPage: number): string[] {
  const sizes: number[] = [...pageSizes];
  if (!sizes.includes(perPage)) sizes.push(perPage);
  return sizes.sort((a, b) => a - b).map(String);
}

/**
 * Pagination of SPEC §9: first and last page always shown, two pages either side of the current one, ellipses
 * between (Mantine's defaults are one sibling), the "Results: a - b of total" line and the 10/20/50 size select.
 */
export function ListPagination({ pagination, onPageChange, onPageSizeChange }: ListPaginationProps) {
  const { t } = useTranslation('ui');
  const { from, to } = resultsRange(pagination);
  const controlLabels = {
    first: t('pagination.first'),
    previous: t('pagination.previous'),
    next: t('pagination.next'),
    last: t('pagination.last'),
  };
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed">
        {t(pagination.total_is_estimate ? 'pagination.resultsEstimate' : 'pagination.results', {
          from,
          to,
          total: pagination.total_count,
        })}
      </Text>
      <Group gap="sm" wrap="wrap">
        <Pagination
          total={Math.max(1, pagination.page_number)}
          value={pagination.current_page}
          onChange={onPageChange}
          siblings={2}
          boundaries={1}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
        />
        {/* The browser's own select: three sizes need no searchable dropdown, and a phone shows its native picker. */}
        <NativeSelect
          aria-label={t('pagination.pageSize')}
          data={pageSizeOptions(pagination.per_page)}
          value={String(pagination.per_page)}
          onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
          size="xs"
          w={80}
        />
      </Group>
    </Group>
  );
}
