import { Text } from '@mantine/core';
import { formatAmountDisplay } from '../lib/format';

export interface AmountProps {
  /** Wire decimal string, for example "105.263157". */
  amount: string;
  /** Currency code or name shown after the amount, for example "USDT". */
  currency?: string;
}

/** An amount cut to two decimals for reading (SPEC §5), with the exact value on hover. */
export function Amount({ amount, currency }: AmountProps) {
  const suffix = currency ? ` ${currency}` : '';
  return (
    <Text component="span" inherit title={`${amount}${suffix}`} style={{ whiteSpace: 'nowrap' }}>
      {formatAmountDisplay(amount)}
      {suffix}
    </Text>
  );
}
