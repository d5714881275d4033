import { Button, Center, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { type CreatedTerminal, can, type Terminal } from '@paydesk/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf, useCurrentUser } from '../../../lib/query';
import { useFailureText } from '../../../lib/useFailureText';
import { ListPagination } from '../../../ui/ListPagination';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryFailure } from '../../../ui/QueryFailure';
import { useListParams } from '../../../ui/useListParams';
import { useToasts } from '../../../ui/useToasts';
import { useIssuePairingCode } from '../api/issuePairingCode';
import { type TerminalScope, useTerminalsList } from '../api/listTerminals';
import { DeleteTerminalModal } from '../components/DeleteTerminalModal';
import { ForwardingModal } from '../components/ForwardingModal';
import { NotificationsModal } from '../components/NotificationsModal';
import { PairingCodeModal } from '../components/PairingCodeModal';
import { TerminalCard, type TerminalCardActions } from '../components/TerminalCard';
import { TerminalFormModal, type TerminalFormTarget } from '../components/TerminalFormModal';
import { WaitingMessagesModal } from '../components/WaitingMessagesModal';

/** SPEC §2.18, §9: the terminals list is paginated only when it holds more than this many. */
export const terminalsPaginatedAbove = 20;

type Dialog =
  | TerminalFormTarget
  | { kind: 'delete'; terminal: Terminal }
  | { kind: 'messages'; terminal: Terminal }
  | { kind: 'forwarding'; terminal: Terminal }
  | { kind: 'waiting'; terminal: Terminal }
  | { kind: 'pairing'; pairing: CreatedTerminal };

/**
 * /terminal (SPEC §2.18): a trader's own terminals, or every terminal for an admin (SPEC §6 role path prefix), as
 * cards. A trader adds terminals; whoever may write edits, deletes and pairs a new phone.
 */
export function TerminalsPage() {
  const { t } = useTranslation('terminals');
  const failureText = useFailureText();
  const toasts = useToasts();
  const user = useCurrentUser().data;
  const subject = user ? accessSubjectOf(user) : null;
  const scope: TerminalScope = user?.role === 'trader' ? 'own' : 'all';
  const mayCreate = subject !== null && can(subject, 'terminals.create');
  const mayWrite = subject !== null && can(subject, 'terminals.write');
  const list = useListParams();
  const terminals = useTerminalsList(scope, list.params);
  const pairingCode = useIssuePairingCode();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const terminalOf = (kind: 'delete' | 'messages' | 'forwarding' | 'waiting') =>
    dialog?.kind === kind && 'terminal' in dialog ? dialog.terminal : null;

  const actions: TerminalCardActions = {
    onEdit: (terminal) => setDialog({ kind: 'edit', terminal }),
    onDelete: (terminal) => setDialog({ kind: 'delete', terminal }),
    onMessages: (terminal) => setDialog({ kind: 'messages', terminal }),
    onPairingCode: (terminal) => void askPairingCode(terminal),
    onForwarding: (terminal) => setDialog({ kind: 'forwarding', terminal }),
    onWaiting: (terminal) => setDialog({ kind: 'waiting', terminal }),
  };

  async function askPairingCode(terminal: Terminal) {
    try {
      setDialog({ kind: 'pairing', pairing: await pairingCode.mutateAsync(terminal.guid) });
    } catch (error) {
      toasts.failed(t('toast.pairingFailed', { name: terminal.name, reason: failureText(error, t('saveFailed')) }));
    }
  }
  const items = terminals.data?.items ?? [];
  const pagination = terminals.data?.context.pagination;

  return (
    <Stack gap="md">
      <PageHeader title={t('title')}>
        {mayCreate && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ kind: 'create' })}>
            {t('add')}
          </Button>
        )}
      </PageHeader>
      <QueryFailure query={terminals} fallback={t('loadFailed')} />
      {terminals.isPending && (
        <Center py="xl">
          <Loader size="sm" role="status" aria-label={t('ui:table.loading')} />
        </Center>
      )}
      {terminals.isSuccess && items.length === 0 && <Text c="dimmed">{t(scope === 'own' ? 'emptyOwn' : 'empty')}</Text>}
      {items.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
          {items.map((terminal) => (
            <TerminalCard
              key={terminal.guid}
              terminal={terminal}
              actions={actions}
              showOwner={scope === 'all'}
              mayWrite={mayWrite}
              pairingBusy={pairingCode.isPending && pairingCode.variables === terminal.guid}
            />
          ))}
        </SimpleGrid>
      )}
      {pagination && pagination.total_count > terminalsPaginatedAbove && (
        <ListPagination pagination={pagination} onPageChange={list.setPage} onPageSizeChange={list.setCount} />
      )}

      {mayWrite && (
        <TerminalFormModal
          target={dialog?.kind === 'create' || dialog?.kind === 'edit' ? dialog : null}
          scope={scope}
          onClose={close}
          onCreated={(created) => {
            toasts.done(t('toast.created', { name: created.terminal.name }));
            setDialog({ kind: 'pairing', pairing: created });
          }}
          onUpdated={(terminal) => {
            toasts.done(t('toast.updated', { name: terminal.name }));
            close();
          }}
        />
      )}
      <PairingCodeModal pairing={dialog?.kind === 'pairing' ? dialog.pairing : null} onClose={close} />
      <DeleteTerminalModal terminal={terminalOf('delete')} onClose={close} />
      <NotificationsModal terminal={terminalOf('messages')} onClose={close} />
      <ForwardingModal terminal={terminalOf('forwarding')} mayWrite={mayWrite} onClose={close} />
      <WaitingMessagesModal
        terminal={terminalOf('waiting')}
        justApproved={false}
        mayManage={subject !== null && can(subject, 'devices.manage')}
        onClose={close}
      />
    </Stack>
  );
}
