import { Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmountDisplay } from '../../../lib/format';
import { Amount } from '../../../ui/Amount';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { type OwnFee, useOwnFees } from '../api/getOwnFees';
import { SettingsSection } from './SettingsSection';

/** SPEC §2.11 / §3 Fee: the trader's own fee tiers, read-only; no upper bound reads as infinity. */
export function FeesCard() {
  const { t } = useTranslation('settings');
  const query = useOwnFees();

  const columns: DataTableColumn<OwnFee>[] = [
    { key: 'direction', title: t('fees.direction'), render: (fee) => t(`fees.directions.${fee.direction}`) },
    {
      key: 'min_amount',
      title: t('fees.min'),
      render: (fee) => <Amount amount={fee.min_amount} />,
    },
    {
      key: 'max_amount',
      title: t('fees.max'),
      render: (fee) =>
        fee.max_amount === null ? (
          <Text component="span" inherit title={t('fees.unlimited')}>
            <span aria-hidden="true">∞</span>
            <VisuallyHidden>{t('fees.unlimited')}</VisuallyHidden>
          </Text>
        ) : (
          <Amount amount={fee.max_amount} />
        ),
    },
    { key: 'percentage', title: t('fees.percentage'), render: (fee) => `${formatAmountDisplay(fee.percentage)}%` },
  ];

  return (
    <SettingsSection title={t('fees.title')} description={t('fees.description')}>
      <DataTable
        columns={columns}
        rows={query.data ?? []}
        loading={query.isPending}
        emptyMessage={query.isError ? t('loadFailed') : t('fees.empty')}
        // Amounts carry no currency (the description names it), so four columns fit a 375 px phone; where a language's
        // words or grouped amounts make it wider, the box scrolls and takes the keyboard's focus.
        minWidthPx={280}
        scrollRegionLabel={t('fees.table')}
      />
    </SettingsSection>
  );
}
