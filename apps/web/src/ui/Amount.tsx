import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmountDisplay } from '../lib/format';
import { isLanguage } from '../lib/i18n';

export interface AmountProps {
  /** Wire decimal string, for example "105.263157". */
  amount: string;
  /** Currency code or name shown after the amount, for example "USDT". */
  currency?: string;
}

/**
 * An amount cut to two decimals for reading (SPEC §5), its thousands grouped as the interface's language writes them,
 * with the exact value on hover. It reads the language through i18next so that a switch of language redraws it.
 */
export function Amount({ amount, currency }: AmountProps) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : undefined;
  const suffix = currency ? ` ${currency}` : '';
  return (
    <Text component="span" inherit title={`${amount}${suffix}`} style={{ whiteSpace: 'nowrap' }}>
      {formatAmountDisplay(amount, language)}
      {suffix}
    </Text>
  );
}
