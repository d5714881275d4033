import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { User } from '@paydesk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../ui/Amount';
import { CopyableId } from '../../../ui/CopyableId';
import type { DataTableColumn } from '../../../ui/DataTable';
import { OnlineDot } from '../../../ui/OnlineDot';
import type { ManagedUserType } from '../api/listUsers';
import { firstFeePercentage, noValue } from './display';

export interface UserRowActions {
  onEdit: (user: User) => void;
  onDetails: (user: User) => void;
  onBlock: (user: User) => void;
  onUnblock: (user: User) => void;
}

function RowActions({ user, actions }: { user: User; actions: UserRowActions }) {
  const { t } = useTranslation('users');
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-sm" variant="light" onClick={() => actions.onEdit(user)}>
        {t('actions.edit')}
      </Button>
      <Button size="compact-sm" variant="default" onClick={() => actions.onDetails(user)}>
        {t('actions.details')}
      </Button>
      {user.is_root ? null : user.is_blocked ? (
        <Button size="compact-sm" variant="light" color="teal" onClick={() => actions.onUnblock(user)}>
          {t('actions.unblock')}
        </Button>
      ) : (
        <Button size="compact-sm" variant="light" color="red" onClick={() => actions.onBlock(user)}>
          {t('actions.block')}
        </Button>
      )}
    </Group>
  );
}

function UserName({ user }: { user: User }) {
  const { t } = useTranslation('users');
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={500}>
        {user.username}
      </Text>
      {user.is_blocked && (
        <Badge size="xs" color="red" variant="light" title={user.block_comment ?? undefined}>
          {t('blocked')}
        </Badge>
      )}
      {!user.is_active && (
        <Badge size="xs" color="gray" variant="light">
          {t('inactive')}
        </Badge>
      )}
    </Group>
  );
}

function BalanceLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      <Text span c="dimmed" inherit>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

/**
 * SPEC §2.8 trader balance: hold, total and, once the insurance is paid, the deposit with its currency. The deposit
 * is what the trader's insurance account holds in the ledger, not the contribution the profile asks for.
 */
function TraderBalance({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const currency = user.balance.currency.code;
  return (
    <Stack gap={0}>
      <BalanceLine label={t('balance.hold')}>
        <Amount amount={user.balance.hold} currency={currency} />
      </BalanceLine>
      <BalanceLine label={t('balance.total')}>
        <Amount amount={user.balance.virtual} currency={currency} />
      </BalanceLine>
      {user.profile?.insurance_paid && (
        <BalanceLine label={t('balance.deposit')}>
          <Amount amount={user.balance.insurance} currency={currency} />
        </BalanceLine>
      )}
    </Stack>
  );
}

type Translate = (key: string) => string;

/** The columns of SPEC §2.8, per type of user. */
export function userColumns(type: ManagedUserType, t: Translate, actions: UserRowActions): DataTableColumn<User>[] {
  const online: DataTableColumn<User> = {
    key: 'online',
    title: t('column.online'),
    render: (user) => <OnlineDot online={user.is_online} />,
  };
  const uuid = (title: string): DataTableColumn<User> => ({
    key: 'uuid',
    title,
    render: (user) => <CopyableId id={user.uuid} />,
  });
  const name = (title: string): DataTableColumn<User> => ({
    key: 'username',
    title,
    render: (user) => <UserName user={user} />,
  });
  const comment: DataTableColumn<User> = {
    key: 'comment',
    title: t('column.comment'),
    render: (user) => (
      <Text size="sm" lineClamp={2} maw={260} title={user.comment ?? undefined}>
        {user.comment || noValue}
      </Text>
    ),
  };
  const rowActions: DataTableColumn<User> = {
    key: 'actions',
    title: t('column.actions'),
    render: (user) => <RowActions user={user} actions={actions} />,
  };

  switch (type) {
    case 'merchant':
      return [
        online,
        uuid(t('column.uuid')),
        name(t('column.username')),
        {
          key: 'balance',
          title: t('column.virtualBalance'),
          render: (user) => <Amount amount={user.balance.virtual} currency={user.balance.currency.code} />,
        },
        { key: 'pay_in', title: t('column.payIn'), render: (user) => firstFeePercentage(user, 'pay_in') },
        { key: 'pay_out', title: t('column.payOut'), render: (user) => firstFeePercentage(user, 'pay_out') },
        comment,
        rowActions,
      ];
    case 'agent':
      return [online, uuid(t('column.id')), name(t('column.login')), comment, rowActions];
    case 'admin':
      return [online, uuid(t('column.uuid')), name(t('column.username')), comment, rowActions];
    case 'trader':
      return [
        online,
        uuid(t('column.uuid')),
        name(t('column.login')),
        { key: 'balance', title: t('column.balance'), render: (user) => <TraderBalance user={user} /> },
        comment,
        rowActions,
      ];
  }
}
