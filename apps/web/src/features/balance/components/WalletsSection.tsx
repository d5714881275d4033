import { Badge, Box, Group, Stack, Text, Title } from '@mantine/core';
import type { Wallet } from '@paydesk/contract';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../../../lib/viewport';
import { Amount } from '../../../ui/Amount';
import { CardList } from '../../../ui/CardList';
import { CopyableId } from '../../../ui/CopyableId';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { QueryFailure } from '../../../ui/QueryFailure';
import { useWallets } from '../api/getWallets';

type Translate = (key: string) => string;

function walletColumns(t: Translate): DataTableColumn<Wallet>[] {
  return [
    {
      key: 'name',
      title: t('wallets.name'),
      render: (wallet) => (
        <Box style={{ whiteSpace: 'nowrap' }}>
          <CopyableId id={wallet.name} />
        </Box>
      ),
    },
    {
      key: 'type',
      title: t('wallets.type'),
      render: (wallet) => (
        <Badge variant="outline" color="gray" size="sm" miw="max-content">
          {t(`wallets.types.${wallet.type.slug}`)}
        </Badge>
      ),
    },
    {
      key: 'amount',
      title: t('wallets.amount'),
      render: (wallet) => <Amount amount={wallet.amount.amount} currency={wallet.amount.currency.code} />,
    },
  ];
}

/** One wallet on a phone: its type and amount on one line, its copyable name under them. */
function WalletCard({ wallet, t }: { wallet: Wallet; t: Translate }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Badge variant="outline" color="gray" size="sm" miw="max-content">
          {t(`wallets.types.${wallet.type.slug}`)}
        </Badge>
        <Text fw={600}>
          <Amount amount={wallet.amount.amount} currency={wallet.amount.currency.code} />
        </Text>
      </Group>
      <CopyableId id={wallet.name} />
    </Stack>
  );
}

/** SPEC §2.6 wallet table: the user's virtual wallets only; the real deposit addresses live in the pay-in modal. */
export function WalletsSection() {
  const { t } = useTranslation('balance');
  const wallets = useWallets();
  const titleId = useId();
  const columns = useMemo(() => walletColumns(t), [t]);
  const phone = usePhone();
  const virtual = (wallets.data ?? []).filter((wallet) => wallet.type.slug === 'virtual');

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('wallets.title')}
      </Title>
      <QueryFailure query={wallets} fallback={t('wallets.loadFailed')} />
      {phone ? (
        <CardList
          rows={virtual}
          rowKey={(wallet) => wallet.name}
          card={(wallet) => <WalletCard wallet={wallet} t={t} />}
          label={t('wallets.title')}
          loading={wallets.isFetching && !wallets.data}
          emptyMessage={t('wallets.empty')}
        />
      ) : (
        <DataTable
          columns={columns}
          rows={virtual}
          rowKey={(wallet) => wallet.name}
          loading={wallets.isFetching && !wallets.data}
          emptyMessage={t('wallets.empty')}
          minWidthPx={340}
        />
      )}
    </Stack>
  );
}
