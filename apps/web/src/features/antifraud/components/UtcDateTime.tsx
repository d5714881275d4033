import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTimeUtc } from '../../../lib/format';

/**
 * A moment of the anti-fraud screen: DD.MM.YYYY HH:MM:SS in UTC (SPEC §9), marked as such, because operators in
 * different zones compare cases by these times and a bare time would read as their own.
 */
export function UtcDateTime({ iso }: { iso: string }) {
  const { t } = useTranslation('antifraud');
  return (
    <Text component="time" dateTime={iso} size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatDateTimeUtc(iso)} {t('utc')}
    </Text>
  );
}
