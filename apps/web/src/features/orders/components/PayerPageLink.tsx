import { Button, Group } from '@mantine/core';
import { can, orderPayerPageSchema } from '@paydesk/contract';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from '../../../lib/http';
import { accessSubjectOf, useCurrentUser } from '../../../lib/query';
import { ordersKey } from '../api/ordersKey';

/** `GET /order/{id}/payer_page` (the order's merchant and admins): the link of the pay-in's payer's page, or null. */
async function fetchPayerPageLink(id: string, signal?: AbortSignal): Promise<string | null> {
  const answer = orderPayerPageSchema.parse(
    await http.get<unknown>(`/order/${encodeURIComponent(id)}/payer_page`, { signal }),
  );
  return answer.payment_url;
}

/**
 * "Open the payer's page" in a pay-in's details (DESIGN §20): the page its payer was sent to, in a new tab, for the
 * order's merchant and admins; a trader never sees it (the server refuses it too). Nothing while there is no page.
 */
export function PayerPageLink({ orderId }: { orderId: string }) {
  const { t } = useTranslation('orders');
  const { data: user } = useCurrentUser();
  const allowed = user !== undefined && can(accessSubjectOf(user), 'orders.payerPage');
  const link = useQuery({
    queryKey: [...ordersKey, 'payerPage', orderId],
    queryFn: ({ signal }) => fetchPayerPageLink(orderId, signal),
    enabled: allowed,
  });
  if (!allowed || !link.data) return null;
  return (
    <Group>
      <Button
        component="a"
        href={link.data}
        target="_blank"
        rel="noopener noreferrer"
        variant="light"
        rightSection={<IconExternalLink size={16} aria-hidden />}
        aria-label={`${t('details.openPayerPage')} ${t('details.newTab')}`}
      >
        {t('details.openPayerPage')}
      </Button>
    </Group>
  );
}
