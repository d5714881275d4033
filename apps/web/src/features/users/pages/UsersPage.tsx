import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ScreenTabs } from '../../../ui/ScreenTabs';
import { useUrlTab } from '../../../ui/useUrlTab';
import type { ManagedUserType } from '../api/listUsers';
import { UserListView } from '../components/UserListView';

/** SPEC §2.8: the tabs of the users screen, in this order. */
const tabs: readonly ManagedUserType[] = ['trader', 'admin', 'agent', 'merchant'];

/** /users: one tab per type; the create button follows the tab. The tab is kept in `?tab=`, the list's filters beside it,
 * so a reload or a bookmark keeps the view; each change of tab is a history entry. */
export function UsersPage() {
  const { t } = useTranslation('users');
  const [tab, setTab] = useUrlTab(tabs, 'trader');

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('title.users')}
      </Title>
      <ScreenTabs
        tabs={tabs}
        value={tab}
        onChange={setTab}
        label={(type) => t(`tab.${type}`)}
        panel={(type) => <UserListView type={type} />}
      />
    </Stack>
  );
}
