import type { Statistic } from '@paydesk/contract';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../ui/Amount';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';

type SumRow = Statistic['statistic']['sum'][number];

export interface SumTableProps {
  rows: SumRow[];
  loading: boolean;
}

/** 'Currencies' of SPEC §2.9: per currency the Total of the statuses asked for, the amount and the orders counted. */
export function SumTable({ rows, loading }: SumTableProps) {
  const { t } = useTranslation('statistics');
  const columns: DataTableColumn<SumRow>[] = [
    { key: 'status', title: t('column.status'), render: (row) => row.status.title },
    {
      key: 'amount',
      title: t('column.amount'),
      render: (row) => <Amount amount={row.amount} currency={row.currency.code} />,
    },
    { key: 'currency', title: t('column.currency'), render: (row) => row.currency.name },
    { key: 'orders', title: t('column.orders'), render: (row) => row.orders },
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(row) => `${row.status.slug}-${row.currency.code}`}
      loading={loading}
      emptyMessage={t('emptySum')}
      caption={t('sum')}
      // Four columns fit a desktop; on a phone a long amount or currency name may still push the table sideways, so
      // its scroll box is named and reachable by keyboard.
      minWidthPx={0}
      scrollRegionLabel={t('sum')}
    />
  );
}
