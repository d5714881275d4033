import { Stack, Title } from '@mantine/core';
import type { BalanceHistoryRow } from '@paydesk/contract';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { ListTable } from '../../../ui/ListTable';
import { useListParams } from '../../../ui/useListParams';
import { useBalanceHistory } from '../api/listBalanceHistory';
import { BalanceHistoryCard } from './BalanceHistoryCard';
import { historyColumns } from './historyColumns';

/**
 * SPEC §2.6 balance history: the server's filters, one row per business event with its parts, and the pagination of
 * §9 (changing the page size, the filters or the sort returns to page 1).
 */
export function BalanceHistorySection() {
  const { t } = useTranslation('balance');
  const list = useListParams();
  // The cursor each page starts at, as the page before it answered: walking the pages in turn is a keyset read.
  const cursors = useRef(new Map<string, string>());
  const scope = JSON.stringify([list.params.filters, list.params.sort, list.params.count]);
  const cursor = cursors.current.get(`${scope}:${list.params.page}`);
  const history = useBalanceHistory(list.params, cursor);
  // Rows kept on screen from the previous view (other filters) must not lend their cursor to this one.
  const answered = history.isPlaceholderData ? undefined : history.data?.context.pagination;
  const nextCursor = answered?.next_cursor;
  const shownPage = answered?.current_page;
  useEffect(() => {
    if (nextCursor && shownPage !== undefined) cursors.current.set(`${scope}:${shownPage + 1}`, nextCursor);
  }, [nextCursor, shownPage, scope]);
  const titleId = useId();
  const columns = useMemo(() => historyColumns(t), [t]);
  const phoneCards = useMemo(
    () => ({
      label: t('history.title'),
      cardLabel: (row: BalanceHistoryRow) =>
        t('history.cardLabel', { type: row.type.title, date: formatDateTime(row.date) }),
      card: (row: BalanceHistoryRow) => <BalanceHistoryCard row={row} />,
    }),
    [t],
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('history.title')}
      </Title>
      <ListTable
        list={list}
        query={history}
        namespace="balance"
        columns={columns}
        rowKey={(row) => row.guid}
        emptyMessage={t('history.empty')}
        minWidthPx={1080}
        phoneCards={phoneCards}
      />
    </Stack>
  );
}
