import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { can, lazySchema, type User, userListQuerySchema } from '@paydesk/contract';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf, useCurrentUser } from '../../../lib/query';
import { ExportCsvButton } from '../../../ui/ExportCsvButton';
import { ListTable } from '../../../ui/ListTable';
import { useUrlListParams } from '../../../ui/useListParams';
import { type ManagedUserType, userListPath, userListQueryParams, useUsersList } from '../api/listUsers';
import { BlockUserModal } from './BlockUserModal';
import { UnblockUserModal } from './UnblockUserModal';
import { UserDetailsModal } from './UserDetailsModal';
import { UserFormModal } from './UserFormModal';
import { userColumns } from './userColumns';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; user: User }
  | { kind: 'details'; user: User }
  | { kind: 'block'; user: User }
  | { kind: 'unblock'; user: User };

/** What the address may set: the type is the screen's or the tab's. */
const urlSchema = lazySchema(() => userListQuerySchema.omit({ 'filter[type]': true }));

export interface UserListViewProps {
  type: ManagedUserType;
  /** Shown left of the create button (the page title on the one-type screens). */
  heading?: ReactNode;
}

/**
 * SPEC §2.8 list of one type of user: filters from the server, the type's columns, pagination, and the create,
 * edit, details, block and unblock modals. Every successful change reloads the list and says so in a toast. The page,
 * its size and the filters are kept in the address; the list exports as CSV as it is filtered.
 */
export function UserListView({ type, heading }: UserListViewProps) {
  const { t } = useTranslation('users');
  const list = useUrlListParams(urlSchema);
  const users = useUsersList(type, list.params);
  const viewer = useCurrentUser().data;
  const mayExport = viewer !== undefined && can(accessSubjectOf(viewer), 'users.manage');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const userOf = (kind: Dialog['kind']) => (dialog?.kind === kind && 'user' in dialog ? dialog.user : null);

  const columns = useMemo(
    () =>
      userColumns(type, t, {
        onEdit: (user) => setDialog({ kind: 'edit', user }),
        onDetails: (user) => setDialog({ kind: 'details', user }),
        onBlock: (user) => setDialog({ kind: 'block', user }),
        onUnblock: (user) => setDialog({ kind: 'unblock', user }),
      }),
    [type, t],
  );

  function done(message: string) {
    notifications.show({ color: 'teal', message });
  }

  function onSaved(user: User, created: boolean) {
    done(t(created ? `toast.created.${type}` : 'toast.updated', { username: user.username }));
    // A new user with an invite link gets the details at once, where the link can be copied.
    setDialog(created && user.invite_code ? { kind: 'details', user } : null);
  }

  const editing = userOf('edit');

  return (
    <Stack gap="md">
      <Group justify={heading ? 'space-between' : 'flex-end'} gap="sm">
        {heading}
        <Group gap="sm">
          {mayExport && <ExportCsvButton listPath={userListPath} query={userListQueryParams(type, list.params)} />}
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ kind: 'create' })}>
            {t(`create.${type}`)}
          </Button>
        </Group>
      </Group>
      <ListTable
        list={list}
        query={users}
        namespace="users"
        columns={columns}
        rowKey={(user) => user.uuid}
        emptyMessage={t(`empty.${type}`)}
        minWidthPx={type === 'merchant' || type === 'trader' ? 900 : 720}
      />

      <UserFormModal
        type={type}
        opened={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        user={editing ?? undefined}
        onClose={close}
        onSaved={onSaved}
      />
      <UserDetailsModal user={userOf('details')} onClose={close} />
      <BlockUserModal
        user={userOf('block')}
        onClose={close}
        onBlocked={(user) => {
          done(t('toast.blocked', { username: user.username }));
          close();
        }}
      />
      <UnblockUserModal
        user={userOf('unblock')}
        onClose={close}
        onUnblocked={(user) => {
          done(t('toast.unblocked', { username: user.username }));
          close();
        }}
      />
    </Stack>
  );
}
