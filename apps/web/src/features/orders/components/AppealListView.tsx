import { Group, Stack } from '@mantine/core';
import {
  type AccessSubject,
  can,
  type Dispute,
  type DisputeStatus,
  disputeListQuerySchema,
  lazySchema,
} from '@paydesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortenId } from '../../../lib/format';
import { useFailureText } from '../../../lib/useFailureText';
import { DataTable } from '../../../ui/DataTable';
import { ExportCsvButton } from '../../../ui/ExportCsvButton';
import { ListPagination } from '../../../ui/ListPagination';
import { QueryFailure } from '../../../ui/QueryFailure';
import { useUrlListParams } from '../../../ui/useListParams';
import { useToasts } from '../../../ui/useToasts';
import { disputeListPath, disputeListQueryParams, useDisputesList } from '../api/listDisputes';
import { useSetDisputeStatus } from '../api/setDisputeStatus';
import type { OrderScreen } from '../orderListRequest';
import { appealColumns } from './appealColumns';
import { CheckPreviewModal } from './CheckPreview';
import type { DisputeStatusChoice } from './DisputeStatusSelect';
import { ResolveDisputeModal } from './lazyModals';

/**
 * The disputes each screen's APPEALS tab loads. /active holds what still waits for someone, so its tab holds the open
 * disputes (SPEC §2.12 loads status 'open'); /history holds what is finished, so its tab holds the closed ones,
 * rejected and resolved: together the two tabs show every dispute once, as the two screens do with orders.
 */
export const appealStatuses: Record<OrderScreen, readonly DisputeStatus[]> = {
  active: ['open'],
  history: ['rejected', 'resolved'],
};

/** What the address may set: the screen, not the address, says the statuses. */
const urlSchema = lazySchema(() => disputeListQuerySchema.omit({ 'filter[status]': true }));

export interface AppealListViewProps {
  screen: OrderScreen;
  subject: AccessSubject;
}

/**
 * The APPEALS tab of /active or /history: the role's disputes of the screen's statuses, paginated. An admin who may
 * (`disputes.manage`, so no support admin) rejects or resolves an open one from its row; every admin can look at a
 * dispute's check and exports the tab; a merchant reads its own disputes. The page and its size are kept in the
 * address.
 */
export function AppealListView({ screen, subject }: AppealListViewProps) {
  const { t } = useTranslation('orders');
  const failureText = useFailureText();
  const toasts = useToasts();
  const list = useUrlListParams(urlSchema);
  const request = { role: subject.type, statuses: appealStatuses[screen], params: list.params };
  const disputes = useDisputesList(request);
  const send = useSetDisputeStatus();
  const [resolving, setResolving] = useState<Dispute | null>(null);
  const [checking, setChecking] = useState<Dispute | null>(null);

  function closed(dispute: Dispute) {
    toasts.done(t(`appeals.toast.${dispute.status.slug}`, { id: shortenId(dispute.uuid) }));
  }

  function onStatus(dispute: Dispute, status: DisputeStatusChoice) {
    if (status === 'resolved') {
      setResolving(dispute);
      return;
    }
    send.mutate(
      { dispute, change: { status } },
      { onSuccess: closed, onError: (error) => toasts.failed(failureText(error, t('appeals.changeFailed'))) },
    );
  }

  const busy =
    send.isPending && send.variables?.change.status === 'rejected'
      ? { uuid: send.variables.dispute.uuid, status: send.variables.change.status }
      : null;
  const columns = appealColumns(t, {
    onStatus: can(subject, 'disputes.manage') ? onStatus : undefined,
    onShowCheck: subject.type === 'admin' ? setChecking : undefined,
    busy,
  });
  const pagination = disputes.data?.context.pagination;
  const caption = t(`appeals.caption.${screen}`);

  return (
    <Stack gap="md">
      {can(subject, 'orders.all') && (
        <Group justify="flex-end">
          <ExportCsvButton listPath={disputeListPath(subject.type)} query={disputeListQueryParams(request)} />
        </Group>
      )}
      <QueryFailure query={disputes} fallback={t('loadFailed')} />
      <DataTable
        columns={columns}
        rows={disputes.data?.items ?? []}
        rowKey={(dispute) => dispute.uuid}
        loading={disputes.isFetching && (disputes.isPlaceholderData || !disputes.data)}
        emptyMessage={t(`appeals.empty.${screen}`)}
        minWidthPx={subject.type === 'admin' ? 1000 : 860}
        caption={caption}
        scrollRegionLabel={caption}
      />
      {pagination && (
        <ListPagination pagination={pagination} onPageChange={list.setPage} onPageSizeChange={list.setCount} />
      )}
      <ResolveDisputeModal
        dispute={resolving}
        onClose={() => setResolving(null)}
        onDone={(dispute) => {
          closed(dispute);
          setResolving(null);
        }}
      />
      <CheckPreviewModal dispute={checking} onClose={() => setChecking(null)} />
    </Stack>
  );
}
