import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTimeUtc } from '../../../lib/format';

export interface UtcDateTimeProps {
  iso: string;
  /** The day on one line and the time under it, where a table column must stay narrow. */
  stacked?: boolean;
  size?: 'xs' | 'sm';
}

/**
 * A moment of the anti-fraud screen: DD.MM.YYYY HH:MM:SS in UTC (SPEC §9), marked as such, because operators in
 * different zones compare cases by these times and a bare time would read as their own.
 */
export function UtcDateTime({ iso, stacked = false, size = 'sm' }: UtcDateTimeProps) {
  const { t } = useTranslation('antifraud');
  const [day, time] = formatDateTimeUtc(iso).split(' ');
  const line = { display: stacked ? 'block' : 'inline', whiteSpace: 'nowrap' } as const;
  return (
    <Text component="time" dateTime={iso} size={size} c="inherit">
      <span style={line}>{day}</span> <span style={line}>{`${time ?? ''} ${t('utc')}`}</span>
    </Text>
  );
}
