import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ManagedUserType } from '../api/listUsers';
import { UserListView } from '../components/UserListView';

/** SPEC §2.8: the tabs of the users screen, in this order. */
const tabs: readonly ManagedUserType[] = ['trader', 'admin', 'agent', 'merchant'];

const isTab = (value: string | null): value is ManagedUserType => tabs.includes(value as ManagedUserType);

/** /users: one tab per type; the create button follows the tab. The tab is kept in `?tab=` so a reload keeps it. */
export function UsersPage() {
  const { t } = useTranslation('users');
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab: ManagedUserType = isTab(requested) ? requested : 'trader';

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('title.users')}
      </Title>
      <Tabs
        value={tab}
        onChange={(value) => isTab(value) && setSearch({ tab: value }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {tabs.map((type) => (
            <Tabs.Tab key={type} value={type}>
              {t(`tab.${type}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((type) => (
          <Tabs.Panel key={type} value={type}>
            <UserListView type={type} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
