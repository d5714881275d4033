import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ManagedUserType } from '../api/listUsers';
import { UserListView } from '../components/UserListView';

/** The one-type list screens of SPEC §2.8 (/merchants, /agents, /traders, /admins). */
function UserTypePage({ type }: { type: ManagedUserType }) {
  const { t } = useTranslation('users');
  return (
    <UserListView
      type={type}
      heading={
        <Title order={1} size="h2">
          {t(`title.${type}`)}
        </Title>
      }
    />
  );
}

export const MerchantsPage = () => <UserTypePage type="merchant" />;
export const AgentsPage = () => <UserTypePage type="agent" />;
export const TradersPage = () => <UserTypePage type="trader" />;
export const AdminsPage = () => <UserTypePage type="admin" />;
