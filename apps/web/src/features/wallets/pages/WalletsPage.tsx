import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { can, walletListQuerySchema } from '@paydesk/contract';
import { IconArrowUpRight } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http';
import { accessSubjectOf, useCurrentUser } from '../../../lib/query';
import { DataTable } from '../../../ui/DataTable';
import { ExportCsvButton } from '../../../ui/ExportCsvButton';
import { FilterBar } from '../../../ui/FilterBar';
import { ListPagination } from '../../../ui/ListPagination';
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
  const filters = useMemo(
    () => (wallets.data?.context.available_filters ?? []).map((filter) => ({ ...filter, label: t(filter.label) })),
    [wallets.data, t],
  );
  const pagination = wallets.data?.context.pagination;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Group gap="sm">
          {mayExport && <ExportCsvButton listPath={walletListPath} query={toListQuery(list.params)} />}
          {mayWithdraw && (
            <Button leftSection={<IconArrowUpRight size={16} aria-hidden />} onClick={() => setWithdrawing(true)}>
              {t('merchant_withdrawal.open')}
            </Button>
          )}
        </Group>
      </Group>
      {filters.length > 0 && (
        <FilterBar filters={filters} initialValues={list.params.filters} onApply={list.setFilters} />
      )}
      {wallets.isError && (
        <Text c="red" size="sm" role="alert">
          {isApiError(wallets.error) && wallets.error.localizedMessage
            ? wallets.error.localizedMessage
            : t('loadFailed')}
        </Text>
      )}
      <DataTable
        columns={columns}
        rows={wallets.data?.items ?? []}
        rowKey={(wallet) => wallet.name}
        loading={wallets.isFetching}
        emptyMessage={t('empty')}
        minWidthPx={900}
      />
      {pagination && (
        <ListPagination pagination={pagination} onPageChange={list.setPage} onPageSizeChange={list.setCount} />
      )}
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
