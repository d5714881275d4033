import { Stack, Text } from '@mantine/core';
import { Amount } from './Amount';

export interface BalanceBeforeAfterProps {
  /** The balance before the change; null when the list does not know it (a dash). */
  before: string | null;
  after: string | null;
  currency: string;
  /** "before" and "after" in the screen's language. */
  labels: { before: string; after: string };
}

/**
 * A balance before a change, dimmed, over the balance after it: the "Balance" column of the balance history and of
 * /pay's withdrawals, one column where two would push a wide list past its room.
 */
export function BalanceBeforeAfter({ before, after, currency, labels }: BalanceBeforeAfterProps) {
  const shown = (amount: string | null) => (amount === null ? '—' : <Amount amount={amount} currency={currency} />);
  return (
    <Stack gap={0} style={{ whiteSpace: 'nowrap' }}>
      <Text size="xs" c="dimmed" component="span">
        {labels.before} {shown(before)}
      </Text>
      <Text size="sm" component="span">
        {labels.after} {shown(after)}
      </Text>
    </Stack>
  );
}
