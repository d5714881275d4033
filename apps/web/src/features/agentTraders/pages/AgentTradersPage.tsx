import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../../ui/DataTable';
import { ListTable } from '../../../ui/ListTable';
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

  return (
    <Stack gap="md" maw={900}>
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <ListTable
        list={list}
        query={traders}
        namespace="agentTraders"
        columns={columns}
        rowKey={(trader) => trader.uuid}
        emptyMessage={t('empty')}
        minWidthPx={320}
      />
    </Stack>
  );
}
