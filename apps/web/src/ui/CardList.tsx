import { Card, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface CardListProps<Row> {
  rows: Row[];
  rowKey: (row: Row) => string;
  /** What one row's card holds. */
  card: (row: Row) => ReactNode;
  /** The list's name for assistive technology (what a table's caption or heading says on a wide screen). */
  label: string;
  /** The card's own name, read when a screen reader moves from card to card. */
  cardLabel?: (row: Row) => string;
  loading?: boolean;
  emptyMessage?: ReactNode;
}

/**
 * A list on a phone (below 48em, `usePhone`): one bordered card per row, in a named list, instead of a table whose
 * amounts and actions would sit off screen. While nothing is loaded yet a loader stands where the cards will be.
 */
export function CardList<Row>({ rows, rowKey, card, label, cardLabel, loading, emptyMessage }: CardListProps<Row>) {
  const { t } = useTranslation('ui');
  if (rows.length === 0) {
    return loading ? (
      <Group justify="center" py="md">
        <Loader size="sm" aria-label={t('table.loading')} />
      </Group>
    ) : (
      <Text c="dimmed" ta="center" size="sm" py="md">
        {emptyMessage ?? t('table.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ul" aria-label={label} aria-busy={loading} p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Card key={rowKey(row)} withBorder padding="sm" radius="md" component="li" aria-label={cardLabel?.(row)}>
          {card(row)}
        </Card>
      ))}
    </Stack>
  );
}
