import { Badge, Group, Text } from '@mantine/core';
import type { Wallet } from '@paydesk/contract';
import type { TFunction } from 'i18next';
import { Amount } from '../../../ui/Amount';
import { CopyableId } from '../../../ui/CopyableId';
import { CopyableText } from '../../../ui/CopyableText';
import type { DataTableColumn } from '../../../ui/DataTable';

function Owner({ wallet, t }: { wallet: Wallet; t: TFunction }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={500}>
        {wallet.holder.username}
      </Text>
      {wallet.holder.is_root && (
        <Badge size="sm" variant="light" color="grape" title={t('systemHint')}>
          {t('system')}
        </Badge>
      )}
    </Group>
  );
}

/** SPEC §2.10: address, owner (with the system marker for root), account uuid, trx (always n/a), amount. */
export function walletColumns(t: TFunction): DataTableColumn<Wallet>[] {
  return [
    { key: 'address', title: t('column.address'), render: (wallet) => <CopyableText value={wallet.name} /> },
    { key: 'owner', title: t('column.owner'), render: (wallet) => <Owner wallet={wallet} t={t} /> },
    { key: 'account', title: t('column.account'), render: (wallet) => <CopyableId id={wallet.holder.uuid} /> },
    {
      key: 'trx',
      title: t('column.trx'),
      render: () => (
        <Text size="sm" c="dimmed">
          {t('notAvailable')}
        </Text>
      ),
    },
    {
      key: 'amount',
      title: t('column.amount'),
      render: (wallet) => <Amount amount={wallet.amount.amount} currency={wallet.amount.currency.code} />,
    },
  ];
}
