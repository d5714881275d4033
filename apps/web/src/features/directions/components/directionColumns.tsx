import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import type { Direction } from '@paydesk/contract';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { DataTableColumn } from '../../../ui/DataTable';
import { StatusBadge } from '../../../ui/StatusBadge';
import { formatDuration } from './duration';

/**
 * A badge that keeps its whole title: in a table squeezed to its minimum, a badge would otherwise shrink to an
 * ellipsis ("SER…").
 */
export function WholeBadge({ children }: { children: ReactNode }) {
  return <Box style={{ minWidth: 'max-content' }}>{children}</Box>;
}

/** "active / total" of a count pair. */
export const ofTotal = (pair: { active: number; total: number }) => `${pair.active} / ${pair.total}`;

/** `RUB/USDT`: the fiat and the crypto of a direction, its payment option below. */
export function directionName(direction: Direction): string {
  return `${direction.fiat.code}/${direction.crypto.code} · ${direction.payment_option.name}`;
}

function RateCell({ rate, t }: { rate: Direction['rate']; t: TFunction }) {
  if (rate.value === null) {
    return (
      <Text size="sm" c="dimmed">
        {t('rate.none')}
      </Text>
    );
  }
  const source = rate.source ?? t('rate.unknownSource');
  const age = rate.age_seconds === null ? null : t('rate.age', { age: formatDuration(rate.age_seconds, t) });
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {rate.value}
        </Text>
        {rate.stale && (
          <WholeBadge>
            <Badge variant="light" color="orange" size="sm">
              {t('rate.stale')}
            </Badge>
          </WholeBadge>
        )}
      </Group>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {age ? `${source} · ${age}` : source}
      </Text>
    </Stack>
  );
}

/** Created and paid in the last 24 hours with the conversion between them, and the median time to pay below. */
function Last24hCell({ day, t }: { day: Direction['last_24h']; t: TFunction }) {
  const conversion = day.conversion === null ? '' : ` (${day.conversion}%)`;
  const toPay = day.median_seconds_to_pay === null ? '—' : formatDuration(day.median_seconds_to_pay, t);
  return (
    <Stack gap={2}>
      {/* These lines may wrap: the column takes what the others leave of a 1440 px screen. */}
      <Text size="sm">{t('last24h.counts', { created: day.created, paid: day.paid, conversion })}</Text>
      <Text size="xs" c="dimmed">
        {t('last24h.toPay', { duration: toPay })}
      </Text>
    </Stack>
  );
}

/** The directions table of DESIGN §13: where each direction stands now and how its last 24 hours went. */
export function directionColumns(t: TFunction): DataTableColumn<Direction>[] {
  return [
    {
      key: 'direction',
      title: t('column.direction'),
      render: (row) => (
        <Stack gap={2}>
          <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
            {row.fiat.code}/{row.crypto.code}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {row.payment_option.name}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'state',
      title: t('column.state'),
      render: (row) => (
        <WholeBadge>
          <StatusBadge kind="direction" slug={row.state.slug} label={row.state.title} />
        </WholeBadge>
      ),
    },
    { key: 'rate', title: t('column.rate'), render: (row) => <RateCell rate={row.rate} t={t} /> },
    { key: 'flows', title: t('column.flows'), render: (row) => ofTotal(row.flows) },
    { key: 'executors', title: t('column.executors'), render: (row) => ofTotal(row.executors) },
    { key: 'requisites', title: t('column.requisites'), render: (row) => ofTotal(row.requisites) },
    { key: 'open', title: t('column.openOrders'), render: (row) => row.open_orders },
    // The day's four figures in one column: with them side by side the table was wider than a 1440 px screen.
    { key: 'last24h', title: t('column.last24h'), render: (row) => <Last24hCell day={row.last_24h} t={t} /> },
  ];
}
