import type { Statistic } from '@paydesk/contract';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../ui/Amount';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';

type RoleRewards = Statistic['statistic']['role_rewards'][number];

interface RewardRow {
  key: string;
  status: string;
  role: string;
  amount: string;
  currency: string;
}

/** One row per role and currency: a role that earned in two currencies shows twice. */
export function rewardRows(roleRewards: RoleRewards[]): RewardRow[] {
  return roleRewards.flatMap((entry) =>
    entry.rewards.map((reward) => ({
      key: `${entry.status.slug}-${entry.role.slug}-${reward.currency.code}`,
      status: entry.status.title,
      role: entry.role.title,
      amount: reward.amount,
      currency: reward.currency.code,
    })),
  );
}

export interface RewardsTableProps {
  roleRewards: RoleRewards[];
  loading: boolean;
}

/** 'Rewards' of SPEC §2.9: what each role earned from the orders the filters select. */
export function RewardsTable({ roleRewards, loading }: RewardsTableProps) {
  const { t } = useTranslation('statistics');
  const columns: DataTableColumn<RewardRow>[] = [
    { key: 'status', title: t('column.status'), render: (row) => row.status },
    { key: 'role', title: t('column.role'), render: (row) => row.role },
    { key: 'amount', title: t('column.amount'), render: (row) => <Amount amount={row.amount} /> },
    { key: 'currency', title: t('column.currency'), render: (row) => row.currency },
  ];
  return (
    <DataTable
      columns={columns}
      rows={rewardRows(roleRewards)}
      rowKey={(row) => row.key}
      loading={loading}
      emptyMessage={t('emptyRewards')}
      caption={t('rewards')}
      minWidthPx={0}
      scrollRegionLabel={t('rewards')}
    />
  );
}
