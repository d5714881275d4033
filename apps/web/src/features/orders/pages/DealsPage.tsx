import { Stack, Title } from '@mantine/core';
import { dealTabs } from '@paydesk/contract';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/query';
import { ScreenTabs } from '../../../ui/ScreenTabs';
import { useUrlTab } from '../../../ui/useUrlTab';
import { OrderListView } from '../components/OrderListView';

/**
 * /deals (SPEC §2.21, DESIGN §13), the admin's: every order, one tab each of active, completed, canceled, disputes,
 * pay-in and pay-out (`filter[tab]`), with the order lists' filters, rows, actions and details. The tab is kept in
 * `?tab=` and the filters beside it, so a reload or a bookmark keeps the view.
 */
export function DealsPage() {
  const { t } = useTranslation('orders');
  const user = useCurrentUser().data;
  const [tab, setTab] = useUrlTab(dealTabs, 'active');

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('deals.title')}
      </Title>
      <ScreenTabs
        tabs={dealTabs}
        value={tab}
        onChange={setTab}
        label={(deal) => t(`deals.tab.${deal}`)}
        panel={(deal) => (user ? <OrderListView screen="deals" tab={{ deals: deal }} role={user.role} /> : null)}
      />
    </Stack>
  );
}
