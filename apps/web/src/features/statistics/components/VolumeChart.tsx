import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, Button, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import type { Statistic } from '@paydesk/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../ui/Amount';
import { visuallyHidden } from '../../../ui/DataTable';

type PerDay = Statistic['statistic']['per_day'];

/** The currencies the days moved, in the order they first appear. */
export function chartCurrencies(perDay: PerDay): string[] {
  return [...new Set(perDay.flatMap((day) => day.amounts.map((amount) => amount.currency)))];
}

/** A day's amount in `currency` as the server wrote it, or null when nothing moved in it that day. */
function amountOn(day: PerDay[number], currency: string): string | null {
  return day.amounts.find((amount) => amount.currency === currency)?.amount ?? null;
}

/** `2026-03-05` → `05.03`: the axis has little room on a phone and the year is in the text alternative. */
function shortDay(date: string): string {
  const [, month = '', day = ''] = date.split('-');
  return day && month ? `${day}.${month}` : date;
}

/** `2026-03-05` → `05.03.2026`, the date form of the back-office (SPEC §9). */
function fullDay(date: string): string {
  const [year = '', month = '', day = ''] = date.split('-');
  return day && month && year ? `${day}.${month}.${year}` : date;
}

interface ChartRow {
  day: string;
  /** The bar's height. */
  amount: number;
  /** What the tooltip says: the server's amount. */
  exact: string;
}

function DayTooltip({ row, currency }: { row: ChartRow | undefined; currency: string }) {
  if (!row) return null;
  return (
    <Paper withBorder shadow="sm" px="sm" py={6}>
      <Text size="xs" c="dimmed">
        {row.day}
      </Text>
      <Text size="sm" fw={500}>
        <Amount amount={row.exact} currency={currency} />
      </Text>
    </Paper>
  );
}

export interface VolumeChartProps {
  perDay: PerDay;
}

/**
 * The volume per day of DESIGN §13, one currency at a time (a rouble and a dollar amount on one axis would flatten
 * one of them). The bars are drawn from numbers, which is all a bar's height needs; every amount a reader sees in
 * full comes as the server wrote it, from the table that is the chart's text alternative.
 */
export function VolumeChart({ perDay }: VolumeChartProps) {
  const { t, i18n } = useTranslation('statistics');
  const titleId = useId();
  const summaryId = useId();
  const currencies = chartCurrencies(perDay);
  const [chosen, setChosen] = useState<string | null>(null);
  const tableId = useId();
  // The day table is the chart's text alternative, always there for a screen reader and drawn on request for the eye.
  const [tableShown, setTableShown] = useState(false);
  const currency = chosen !== null && currencies.includes(chosen) ? chosen : (currencies[0] ?? null);
  const data: ChartRow[] = currency
    ? perDay.map((day) => {
        const exact = amountOn(day, currency) ?? '0';
        return { day: shortDay(day.date), amount: Number(exact), exact };
      })
    : [];
  // The axis only gives the scale: short, rounded figures in the reader's language leave the bars the room.
  const axisFormat = new Intl.NumberFormat(i18n.language, { notation: 'compact', maximumFractionDigits: 1 });
  const first = perDay[0];
  const last = perDay.at(-1);

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('chart.title')}
      </Title>
      {currency === null || !first || !last ? (
        <Text c="dimmed" size="sm">
          {t('chart.empty')}
        </Text>
      ) : (
        <>
          {currencies.length > 1 && (
            <SegmentedControl
              aria-label={t('chart.currency')}
              data={currencies}
              value={currency}
              onChange={setChosen}
              size="xs"
              style={{ alignSelf: 'flex-start' }}
            />
          )}
          <Text id={summaryId} size="sm" c="dimmed">
            {t('chart.summary', { currency, from: fullDay(first.date), to: fullDay(last.date) })}
          </Text>
          <Box role="img" aria-label={t('chart.label', { currency })} aria-describedby={summaryId}>
            <BarChart
              h={240}
              data={data}
              dataKey="day"
              series={[{ name: 'amount', label: currency, color: 'teal.6' }]}
              valueFormatter={(value) => axisFormat.format(value)}
              // The keyboard layer of recharts makes the drawing a focusable application; the table below says it all.
              accessibilityLayer={false}
              tooltipProps={{
                content: ({ payload }) => (
                  <DayTooltip row={payload?.[0]?.payload as ChartRow | undefined} currency={currency} />
                ),
              }}
              yAxisProps={{ width: 64 }}
              maxBarWidth={48}
            />
          </Box>
          <Button
            variant="subtle"
            size="compact-sm"
            style={{ alignSelf: 'flex-start' }}
            aria-expanded={tableShown}
            aria-controls={tableId}
            onClick={() => setTableShown((shown) => !shown)}
          >
            {t(tableShown ? 'chart.hideTable' : 'chart.showTable')}
          </Button>
          <Table id={tableId} style={tableShown ? undefined : visuallyHidden}>
            <Table.Caption>{t('chart.table', { currency })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('chart.day')}</Table.Th>
                <Table.Th>{t('column.amount')}</Table.Th>
                <Table.Th>{t('column.orders')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {perDay.map((day) => (
                <Table.Tr key={day.date}>
                  <Table.Td>{fullDay(day.date)}</Table.Td>
                  <Table.Td>
                    <Amount amount={amountOn(day, currency) ?? '0'} currency={currency} />
                  </Table.Td>
                  <Table.Td>{day.orders}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}
