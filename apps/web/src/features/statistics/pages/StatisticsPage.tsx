import { Button, Stack, Text, Title } from '@mantine/core';
import { can, myStatisticQuerySchema, statisticQuerySchema } from '@paydesk/contract';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { accessSubjectOf, useCurrentUser } from '../../../lib/query';
import { useDelayedStart } from '../../../lib/useDelayedStart';
import { FilterBar, type FilterValues } from '../../../ui/FilterBar';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryFailure } from '../../../ui/QueryFailure';
import { useFilterLabels } from '../../../ui/useFilterLabels';
import { useUrlListParams } from '../../../ui/useListParams';
import { type StatisticScope, useStatistic } from '../api/getStatistic';
import { RewardsTable } from '../components/RewardsTable';
import { SumTable } from '../components/SumTable';
import { VolumeChart } from '../components/VolumeChart';

/** SPEC §9: the statistic screen loads about 50 ms after it opens. */
export const statisticLoadDelayMs = 50;

const sameFilters = (a: FilterValues, b: FilterValues) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([name, value]) => b[name] === value);

/**
 * SPEC §2.9, DESIGN §13: the sum per currency, the rewards per role and the volume per day of the orders the filters
 * select, from the server's per-day summary. Admins see the platform's (/statistics), everyone else their own
 * (/statistic).
 */
function StatisticView({ scope }: { scope: StatisticScope }) {
  const { t } = useTranslation('statistics');
  const started = useDelayedStart(statisticLoadDelayMs);
  // The filters live in the address: a view (one merchant, last week) can be bookmarked and shared.
  const list = useUrlListParams(scope === 'platform' ? statisticQuerySchema : myStatisticQuerySchema);
  const filters = list.params.filters;
  const query = useStatistic(scope, filters, started);
  const statistic = query.data?.statistic;
  const loading = !started || query.isFetching;
  const user = useCurrentUser().data;
  // /directions has no side-menu entry (SPEC §2.2 fixes the menu): the platform's statistics lead to it.
  const mayReadDirections = scope === 'platform' && user !== undefined && can(accessSubjectOf(user), 'directions.read');

  const availableFilters = useFilterLabels(query.data?.context.available_filters, 'statistics');

  function apply(values: FilterValues) {
    // The same filters again still mean "load it now": the summary may have moved since.
    if (sameFilters(values, filters)) void query.refetch();
    else list.setFilters(values);
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <PageHeader title={t(scope === 'platform' ? 'title' : 'ownTitle')}>
          {mayReadDirections && (
            <Button
              component={Link}
              to="/directions"
              variant="light"
              leftSection={<IconArrowsExchange size={16} aria-hidden />}
            >
              {t('openDirections')}
            </Button>
          )}
        </PageHeader>
        {statistic && (
          <Text size="sm" c="dimmed">
            {statistic.refreshed_at
              ? t('refreshedAt', { time: formatDateTime(statistic.refreshed_at) })
              : t('notRefreshed')}
          </Text>
        )}
      </Stack>
      {availableFilters.length > 0 && <FilterBar filters={availableFilters} initialValues={filters} onApply={apply} />}
      <QueryFailure query={query} fallback={t('loadFailed')} />
      {/* Each table is a scrollable region named by its title; the block around it is no second landmark of that name. */}
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('sum')}
        </Title>
        <SumTable rows={statistic?.sum ?? []} loading={loading} />
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('rewards')}
        </Title>
        <RewardsTable roleRewards={statistic?.role_rewards ?? []} loading={loading} />
      </Stack>
      {statistic && <VolumeChart perDay={statistic.per_day} />}
    </Stack>
  );
}

/** /statistics: the platform's orders, for admins. */
export function StatisticsPage() {
  return <StatisticView scope="platform" />;
}

/** /statistic: the viewer's own orders (merchant, trader, partner, agent). */
export function MyStatisticPage() {
  return <StatisticView scope="own" />;
}
