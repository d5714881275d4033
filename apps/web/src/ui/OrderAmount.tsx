import { Stack, Text } from '@mantine/core';
import type { Order } from '@paydesk/contract';
import { Amount } from './Amount';

/** An order's sum as the order tables show it: the fiat amount first, the crypto it converts to under it. */
export function OrderAmount({ order }: { order: Pick<Order, 'fiat_money' | 'crypto_money'> }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500} component="span">
        <Amount amount={order.fiat_money.amount} currency={order.fiat_money.currency.code} />
      </Text>
      <Text size="xs" c="dimmed" component="span">
        <Amount amount={order.crypto_money.amount} currency={order.crypto_money.currency.name} />
      </Text>
    </Stack>
  );
}
