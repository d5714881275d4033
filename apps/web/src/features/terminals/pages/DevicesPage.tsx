import { Stack, Title } from '@mantine/core';
import { can, type Terminal, terminalListQuerySchema } from '@paydesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf, useCurrentUser } from '../../../lib/query';
import { useFailureText } from '../../../lib/useFailureText';
import { DataTable } from '../../../ui/DataTable';
import { ListPagination } from '../../../ui/ListPagination';
import { QueryFailure } from '../../../ui/QueryFailure';
import { useUrlListParams } from '../../../ui/useListParams';
import { useToasts } from '../../../ui/useToasts';
import { useTerminalsList } from '../api/listTerminals';
import { type TerminalStatusAction, useSetTerminalStatus } from '../api/setTerminalStatus';
import { deviceColumns } from '../components/deviceColumns';
import { NotificationsModal } from '../components/NotificationsModal';
import { TerminalRequisitesModal } from '../components/TerminalRequisitesModal';
import { WaitingMessagesModal } from '../components/WaitingMessagesModal';

type Dialog =
  | { kind: 'messages' | 'requisites'; terminal: Terminal }
  | { kind: 'waiting'; terminal: Terminal; justApproved: boolean };

/**
 * /devices (SPEC §2.17): every terminal with its phone, for an admin. Pause, play, approve, the deposit and withdraw
 * switches and the auto-settle switch (DESIGN §19) need `devices.manage`; a support admin sees the same table and
 * changes nothing. Approving a terminal that received messages while it waited offers to match them. The page and its size are kept in the address.
 */
export function DevicesPage() {
  const { t } = useTranslation('terminals');
  const failureText = useFailureText();
  const toasts = useToasts();
  const user = useCurrentUser().data;
  const mayManage = user !== undefined && can(accessSubjectOf(user), 'devices.manage');
  const list = useUrlListParams(terminalListQuerySchema);
  const devices = useTerminalsList('all', list.params);
  const status = useSetTerminalStatus();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const busyGuid = status.isPending ? (status.variables?.guid ?? null) : null;

  // Each call is awaited on its own: a second device's change before the first answers must not lose the first's toast.
  async function onStatus(terminal: Terminal, action: TerminalStatusAction) {
    try {
      const changed = await status.mutateAsync({ guid: terminal.guid, action });
      toasts.done(t(`toast.${action}`, { name: terminal.name }));
      // What it received while it waited settles nothing until matched: the approval offers it at once.
      if (action === 'enable' && changed.waiting_messages > 0) {
        setDialog({ kind: 'waiting', terminal: changed, justApproved: true });
      }
    } catch (error) {
      toasts.failed(t('toast.statusFailed', { name: terminal.name, reason: failureText(error, t('saveFailed')) }));
    }
  }
  const columns = deviceColumns(
    t,
    {
      onStatus: (terminal, action) => void onStatus(terminal, action),
      onMessages: (terminal) => setDialog({ kind: 'messages', terminal }),
      onRequisites: (terminal) => setDialog({ kind: 'requisites', terminal }),
      onWaiting: (terminal) => setDialog({ kind: 'waiting', terminal, justApproved: false }),
    },
    { mayManage, busyGuid },
  );
  const pagination = devices.data?.context.pagination;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('devices.title')}
      </Title>
      <QueryFailure query={devices} fallback={t('loadFailed')} />
      <DataTable
        columns={columns}
        rows={devices.data?.items ?? []}
        rowKey={(terminal) => terminal.guid}
        loading={devices.isFetching}
        emptyMessage={t('devices.empty')}
        scrollRegionLabel={t('devices.table')}
        // Fits the content area of a 1280 px screen with the menu open; narrower, the table scrolls in its region.
        minWidthPx={1000}
      />
      {pagination && (
        <ListPagination pagination={pagination} onPageChange={list.setPage} onPageSizeChange={list.setCount} />
      )}
      <NotificationsModal terminal={dialog?.kind === 'messages' ? dialog.terminal : null} onClose={close} />
      <TerminalRequisitesModal terminal={dialog?.kind === 'requisites' ? dialog.terminal : null} onClose={close} />
      <WaitingMessagesModal
        terminal={dialog?.kind === 'waiting' ? dialog.terminal : null}
        justApproved={dialog?.kind === 'waiting' && dialog.justApproved}
        mayManage={mayManage}
        onClose={close}
      />
    </Stack>
  );
}
