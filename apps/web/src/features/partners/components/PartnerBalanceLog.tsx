import { Stack, Title } from '@mantine/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../ui/ListTable';
import { useListParams } from '../../../ui/useListParams';
import { usePartnerBalanceLog } from '../api/listPartnerBalanceLog';
import { balanceLogColumns } from './balanceLogColumns';

/**
 * The partner's balance history (SPEC §2.20, DESIGN §8: its ledger history) with the server's filters and the
 * pagination of §9: changing the page size or the filters returns to page 1.
 */
export function PartnerBalanceLog({ slug }: { slug: string }) {
  const { t } = useTranslation('partners');
  const list = useListParams();
  const log = usePartnerBalanceLog(slug, list.params);
  const titleId = useId();
  const columns = useMemo(() => balanceLogColumns(t), [t]);

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('log.title')}
      </Title>
      {/* No row key: a guid names a ledger transfer, which may touch two of the partner's accounts. */}
      <ListTable
        list={list}
        query={log}
        namespace="partners"
        columns={columns}
        emptyMessage={t('log.empty')}
        minWidthPx={720}
      />
    </Stack>
  );
}
