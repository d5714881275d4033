import { Button, Center, Loader, Stack } from '@mantine/core';
import { can, type OrderType, orderTypes } from '@paydesk/contract';
import { IconListDetails } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accessSubjectOf, useCurrentUser } from '../../../lib/query';
import { PageHeader } from '../../../ui/PageHeader';
import { ScreenTabs } from '../../../ui/ScreenTabs';
import { useUrlTab } from '../../../ui/useUrlTab';
import { BankMessagesToConfirm } from '../components/BankMessagesToConfirm';
import { OrderListView } from '../components/OrderListView';
import { appealRoles, type OrderScreen } from '../orderListRequest';

/** The APPEALS tab is an admin's or a merchant's, and never the one a screen opens on: its code comes when chosen. */
const AppealListView = lazy(() =>
  import('../components/AppealListView').then((module) => ({ default: module.AppealListView })),
);

/** The tabs of the order screens: the two order types, and the disputes (SPEC §2.12 APPEALS). */
type OrdersTab = OrderType | 'appeals';

/**
 * /active and /history (SPEC §2.12): pay-in and pay-out tabs, and APPEALS for an admin or a merchant, the tab kept in
 * `?tab=` and the list's filters beside it, so a reload or a bookmark keeps the view; each change of tab is a history
 * entry and starts the new tab unfiltered. The lists follow the role of the signed-in user: its list path, its columns
 * and the actions the server allows it. An admin reaches /deals from here: it has no side-menu entry (SPEC §2.2).
 */
function OrdersPage({ screen }: { screen: OrderScreen }) {
  const { t } = useTranslation('orders');
  const user = useCurrentUser().data;
  const tabs: readonly OrdersTab[] = user && appealRoles.includes(user.role) ? [...orderTypes, 'appeals'] : orderTypes;
  const [tab, setTab] = useUrlTab(tabs, 'pay_in');
  const mayReadDeals = user !== undefined && can(accessSubjectOf(user), 'deals.read');
  const mayConfirm = screen === 'active' && user !== undefined && can(accessSubjectOf(user), 'terminals.confirm');

  return (
    <Stack gap="md">
      <PageHeader title={t(`title.${screen}`)}>
        {mayReadDeals && (
          <Button component={Link} to="/deals" variant="light" leftSection={<IconListDetails size={16} aria-hidden />}>
            {t('deals.open')}
          </Button>
        )}
      </PageHeader>
      {mayConfirm && <BankMessagesToConfirm />}
      <ScreenTabs
        tabs={tabs}
        value={tab}
        onChange={setTab}
        label={(type) => t(`tab.${type}`)}
        panel={(type) => {
          if (!user) return null;
          if (type !== 'appeals') return <OrderListView screen={screen} tab={{ direction: type }} role={user.role} />;
          return (
            <Suspense
              fallback={
                <Center py="xl">
                  <Loader size="sm" role="status" aria-label={t('table.loading', { ns: 'ui' })} />
                </Center>
              }
            >
              <AppealListView screen={screen} subject={accessSubjectOf(user)} />
            </Suspense>
          );
        }}
      />
    </Stack>
  );
}

/** /active: the orders still open, `new` and `in-progress`, and the open disputes. */
export function ActiveOrdersPage() {
  return <OrdersPage screen="active" />;
}

/** /history: finished orders by default (paid and canceled), any status the filter offers on request; closed disputes. */
export function OrderHistoryPage() {
  return <OrdersPage screen="history" />;
}
