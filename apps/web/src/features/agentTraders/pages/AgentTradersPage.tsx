import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { ListPagination } from '../../../ui/ListPagination';
import { useListParams } from '../../../ui/useListParams';
import { type AgentTrader, useAgentTraders } from '../api/listAgentTraders';

/** SPEC §2.7: the agent's traders and the agent's pay-in and pay-out percentages on each. */
export function AgentTradersPage() {
  const { t } = useTranslation('agentTraders');
  const list = useListParams();
  const traders = useAgentTraders(list.params);
  const columns: DataTableColumn<AgentTrader>[] = [
    { key: 'username', title: t('column.username'), render: (trader) => trader.username },
    { key: 'pay_in', title: t('column.payIn'), render: (trader) => `${trader.pay_in_percentage} %` },
    { key: 'pay_out', title: t('column.payOut'), render: (trader) => `${trader.pay_out_percentage} %` },
  ];
  const pagination = traders.data?.context.pagination;

  return (
    <Stack gap="md" maw={900}>
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      {traders.isError && (
        <Text c="red" size="sm" role="alert">
          {isApiError(traders.error) && traders.error.localizedMessage
            ? traders.error.localizedMessage
            : t('loadFailed')}
        </Text>
      )}
      <DataTable
        columns={columns}
        rows={traders.data?.items ?? []}
        rowKey={(trader) => trader.uuid}
        loading={traders.isFetching}
        emptyMessage={t('empty')}
        minWidthPx={320}
      />
      {pagination && (
        <ListPagination pagination={pagination} onPageChange={list.setPage} onPageSizeChange={list.setCount} />
      )}
    </Stack>
  );
}
