import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { can, walletListQuerySchema } from '@paydesk/contract';
import { IconArrowUpRight } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf, useCurrentUser } from '../../../lib/query';
import { ExportCsvButton } from '../../../ui/ExportCsvButton';
import { ListTable } from '../../../ui/ListTable';
import { PageHeader } from '../../../ui/PageHeader';
import { toListQuery, useUrlListParams } from '../../../ui/useListParams';
import { useWalletsList, walletListPath } from '../api/listWallets';
import { MerchantWithdrawalModal } from '../components/MerchantWithdrawalModal';
import { walletColumns } from '../components/walletColumns';

/**
 * /wallets (SPEC §2.10): every real wallet, its filters kept in the address and exported as CSV, and the root admin's
 * merchant withdrawal.
 */
export function WalletsPage() {
  const { t } = useTranslation('wallets');
  const user = useCurrentUser().data;
  const mayWithdraw = user !== undefined && can(accessSubjectOf(user), 'wallets.merchantWithdrawal');
  const mayExport = user !== undefined && can(accessSubjectOf(user), 'wallets.read');
  const list = useUrlListParams(walletListQuerySchema);
  const wallets = useWalletsList(list.params);
  const [withdrawing, setWithdrawing] = useState(false);
  const columns = useMemo(() => walletColumns(t), [t]);

  return (
    <Stack gap="md">
      <PageHeader title={t('title')}>
        <Group gap="sm">
          {mayExport && <ExportCsvButton listPath={walletListPath} query={toListQuery(list.params)} />}
          {mayWithdraw && (
            <Button leftSection={<IconArrowUpRight size={16} aria-hidden />} onClick={() => setWithdrawing(true)}>
              {t('merchant_withdrawal.open')}
            </Button>
          )}
        </Group>
      </PageHeader>
      <ListTable
        list={list}
        query={wallets}
        namespace="wallets"
        columns={columns}
        rowKey={(wallet) => wallet.name}
        emptyMessage={t('empty')}
        minWidthPx={900}
      />
      {mayWithdraw && (
        <MerchantWithdrawalModal
          opened={withdrawing}
          onClose={() => setWithdrawing(false)}
          onDone={() => {
            notifications.show({ color: 'teal', message: t('merchant_withdrawal.success') });
            setWithdrawing(false);
          }}
        />
      )}
    </Stack>
  );
}
