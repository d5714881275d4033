import { Stack, Text, Title } from '@mantine/core';
import { type Direction, directionQuerySchema } from '@paydesk/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { DataTable } from '../../../ui/DataTable';
import { FilterBar } from '../../../ui/FilterBar';
import { QueryFailure } from '../../../ui/QueryFailure';
import { useFilterLabels } from '../../../ui/useFilterLabels';
import { useUrlListParams } from '../../../ui/useListParams';
import { useDirections } from '../api/listDirections';
import { DirectionModal } from '../components/DirectionModal';
import { directionColumns } from '../components/directionColumns';

/**
 * /directions (SPEC §2.15, DESIGN §13): one row per fiat, crypto and payment option — whether anyone can serve it
 * now, at what rate, and how its last 24 hours went. The list reads itself again every few seconds and on every order
 * event; a row opens the flows and executors behind it.
 */
export function DirectionsPage() {
  const { t } = useTranslation('directions');
  // Every direction comes on one page (there are a few dozen at most): the list keeps only its filters, in the
  // address, so a view (say, the short ones) can be bookmarked.
  const list = useUrlListParams(directionQuerySchema);
  const directions = useDirections(list.params);
  const [opened, setOpened] = useState<Direction | null>(null);

  const columns = useMemo(() => directionColumns(t), [t]);
  const filters = useFilterLabels(directions.data?.context.available_filters, 'directions');
  const items = directions.data?.items ?? [];
  const refreshedAt = items.find((item) => item.summary_refreshed_at !== null)?.summary_refreshed_at ?? null;

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        {refreshedAt && (
          <Text size="sm" c="dimmed">
            {t('refreshedAt', { time: formatDateTime(refreshedAt) })}
          </Text>
        )}
      </Stack>
      {filters.length > 0 && (
        <FilterBar filters={filters} initialValues={list.params.filters} onApply={list.setFilters} />
      )}
      <QueryFailure query={directions} fallback={t('loadFailed')} />
      <DataTable
        columns={columns}
        rows={items}
        rowKey={(item) => item.id}
        // Only a load of other rows covers the table: the refresh every few seconds changes figures in place.
        loading={directions.isFetching && (directions.isPending || directions.isPlaceholderData)}
        emptyMessage={t('empty')}
        onRowClick={setOpened}
        scrollRegionLabel={t('table')}
        // Eleven columns: wider than the content area beside the menu, so the table scrolls rather than squeeze them.
        minWidthPx={980}
      />
      <DirectionModal direction={opened} onClose={() => setOpened(null)} />
    </Stack>
  );
}
