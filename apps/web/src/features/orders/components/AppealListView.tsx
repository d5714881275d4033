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
import { DataTable } from '../../../ui/DataTable';
import { ExportCsvButton } from '../../../ui/ExportCsvButton';
import { ListPagination } from '../../../ui/ListPagination';
import { QueryFailure } from '../../../ui/QueryFailure';
import { useUrlListParams } from '../../../ui/useListParams';
import { useToasts } from '../../../ui/useToasts';
import { disputeListPath, disputeListQueryParams, useDisputesList } from '../api/listDisputes';
import type { OrderScreen } from '../orderListRequest';
import { appealColumns, type DisputeDecision } from './appealColumns';
import { CheckPreviewModal } from './CheckPreview';
import { AppealCaseModal, OrderDetailsModal, RejectDisputeModal, ResolveDisputeModal } from './lazyModals';

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
 * The APPEALS tab of /active or /history: the role's disputes of the screen's statuses, paginated. Each opens as a
 * case (its order, the payer's words, the receipt). An admin who may (`disputes.manage`, so no support admin)
 * resolves or rejects an open one with a button, from its row or its case, after a confirmation; every admin can
 * look at a dispute's check and exports the tab; a merchant reads its own disputes. The page and its size are kept
 * in the address.
 */
export function AppealListView({ screen, subject }: AppealListViewProps) {
  const { t } = useTranslation('orders');
  const toasts = useToasts();
  const list = useUrlListParams(urlSchema);
  const request = { role: subject.type, statuses: appealStatuses[screen], params: list.params };
  const disputes = useDisputesList(request);
  const [opened, setOpened] = useState<Dispute | null>(null);
  const [order, setOrder] = useState<string | null>(null);
  const [deciding, setDeciding] = useState<{ dispute: Dispute; decision: DisputeDecision } | null>(null);
  const [checking, setChecking] = useState<Dispute | null>(null);

  function decided(dispute: Dispute) {
    toasts.done(t(`appeals.toast.${dispute.status.slug}`, { id: shortenId(dispute.uuid) }));
    setDeciding(null);
  }

  function decide(dispute: Dispute, decision: DisputeDecision) {
    setOpened(null);
    setDeciding({ dispute, decision });
  }

  const onDecide = can(subject, 'disputes.manage') ? decide : undefined;
  const columns = appealColumns(t, {
    onOpen: setOpened,
    onDecide,
    onShowCheck: subject.type === 'admin' ? setChecking : undefined,
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
      <AppealCaseModal
        dispute={opened}
        onClose={() => setOpened(null)}
        onDecide={onDecide}
        onOpenOrder={(orderId) => {
          setOpened(null);
          setOrder(orderId);
        }}
      />
      <OrderDetailsModal orderId={order} onClose={() => setOrder(null)} />
      <ResolveDisputeModal
        dispute={deciding?.decision === 'resolved' ? deciding.dispute : null}
        onClose={() => setDeciding(null)}
        onDone={decided}
      />
      <RejectDisputeModal
        dispute={deciding?.decision === 'rejected' ? deciding.dispute : null}
        onClose={() => setDeciding(null)}
        onDone={decided}
      />
      <CheckPreviewModal dispute={checking} onClose={() => setChecking(null)} />
    </Stack>
  );
}
