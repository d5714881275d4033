import { Stack, Tabs, Title } from '@mantine/core';
import { type OrderType, orderTypes } from '@paydesk/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { accessSubjectOf, useCurrentUser } from '../../../lib/query';
import { AppealListView, appealRoles } from '../components/AppealListView';
import { OrderListView, type OrderScreen } from '../components/OrderListView';

/** The tabs of the order screens: the two order types, and the disputes (SPEC §2.12 APPEALS). */
type OrdersTab = OrderType | 'appeals';

/**
 * /active and /history (SPEC §2.12): pay-in and pay-out tabs, and APPEALS for an admin or a merchant, the tab kept in
 * `?tab=` so a reload keeps it. The lists follow the role of the signed-in user: its list path, its columns and the
 * actions the server allows it.
 */
function OrdersPage({ screen }: { screen: OrderScreen }) {
  const { t } = useTranslation('orders');
  const user = useCurrentUser().data;
  const [search, setSearch] = useSearchParams();
  const tabs: readonly OrdersTab[] = user && appealRoles.includes(user.role) ? [...orderTypes, 'appeals'] : orderTypes;
  const isTab = (value: string | null): value is OrdersTab => tabs.includes(value as OrdersTab);
  const requested = search.get('tab');
  const tab: OrdersTab = isTab(requested) ? requested : 'pay_in';

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t(`title.${screen}`)}
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
        {user &&
          orderTypes.map((type) => (
            <Tabs.Panel key={type} value={type}>
              <OrderListView screen={screen} type={type} role={user.role} />
            </Tabs.Panel>
          ))}
        {user && tabs.includes('appeals') && (
          <Tabs.Panel value="appeals">
            <AppealListView screen={screen} subject={accessSubjectOf(user)} />
          </Tabs.Panel>
        )}
      </Tabs>
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
