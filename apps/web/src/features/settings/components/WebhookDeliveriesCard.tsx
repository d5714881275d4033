import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { type RecentWebhookDelivery, webhookSkipReasons } from '@paydesk/contract';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime, shortenId } from '../../../lib/format';
import { webhookErrorText } from '../../../lib/webhookErrorText';
import { StatusBadge } from '../../../ui/StatusBadge';
import { type NotificationSettings, useNotificationSettings } from '../api/getNotificationSettings';
import { useRecentDeliveries } from '../api/getRecentDeliveries';
import { SettingsQueryState } from './SettingsQueryState';
import { SettingsSection } from './SettingsSection';

/** A delivery's state as the merchant reads it: a pending one that has failed before is being retried. */
export function deliveryState(delivery: RecentWebhookDelivery) {
  return delivery.status === 'pending' && delivery.attempts > 0 ? 'retrying' : delivery.status;
}

/** What the last attempt met: the answer's HTTP status or, without one, why it was not sent or did not arrive. */
function resultText(delivery: RecentWebhookDelivery, t: TFunction): string {
  if (delivery.last_status_code !== null) return t('deliveries.httpStatus', { code: delivery.last_status_code });
  if (delivery.last_error) return webhookErrorText(delivery.last_error, t, 'deliveries.error');
  return t('deliveries.noAnswer');
}

/**
 * The warning while webhooks do not arrive (issue 32 item 7): the newest delivery that was tried says it. Skipped
 * for want of a URL or a key names what to set, unless it is set by now (the next webhook goes out); failing (given
 * up or being retried) names what the endpoint did.
 */
export function deliveryWarning(
  deliveries: readonly RecentWebhookDelivery[],
  settings: NotificationSettings | undefined,
  t: TFunction,
): string | null {
  const latest = deliveries.find((delivery) => delivery.attempts > 0);
  if (!latest || latest.status === 'delivered') return null;
  if (latest.status === 'skipped' && latest.last_error === webhookSkipReasons.noNotificationUrl) {
    return settings?.notification_url ? null : t('deliveries.warning.noNotificationUrl');
  }
  if (latest.status === 'skipped' && latest.last_error === webhookSkipReasons.noNotificationKey) {
    return settings?.notification_key ? null : t('deliveries.warning.noNotificationKey');
  }
  return t('deliveries.warning.failing', { reason: resultText(latest, t) });
}

function DeliveryItem({ delivery }: { delivery: RecentWebhookDelivery }) {
  const { t } = useTranslation('settings');
  const state = deliveryState(delivery);
  const tried = delivery.last_attempt_at !== null;
  return (
    <Stack component="li" gap={2}>
      <Group gap="xs" wrap="wrap">
        <StatusBadge slug={state} label={t(`deliveries.status.${state}`)} kind="webhook" />
        <Text size="sm" fw={500} component="span">
          {delivery.title}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {t('deliveries.column.order')} {shortenId(delivery.order_id)} · {formatDateTime(delivery.created_at)}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {tried && delivery.last_attempt_at
          ? `${formatDateTime(delivery.last_attempt_at)} · ${resultText(delivery, t)} · ${t('deliveries.attempts', { count: delivery.attempts })}`
          : t('deliveries.notTried')}
      </Text>
    </Stack>
  );
}

/**
 * Settings' webhook deliveries (merchant, issue 32 item 7): the latest deliveries with their state and what their
 * last attempt met, and a warning above them while webhooks are skipped or fail, so they never fail silently.
 */
export function WebhookDeliveriesCard() {
  const { t } = useTranslation('settings');
  const query = useRecentDeliveries();
  const settings = useNotificationSettings();
  const warning = query.data ? deliveryWarning(query.data, settings.data, t) : null;
  return (
    <SettingsSection title={t('deliveries.title')} description={t('deliveries.description')}>
      <Stack gap="md">
        {warning && (
          <Alert
            color="orange"
            variant="light"
            title={t('deliveries.warning.title')}
            icon={<IconAlertTriangle size={18} aria-hidden="true" />}
          >
            {warning}
          </Alert>
        )}
        <SettingsQueryState query={query} failed={t('deliveries.loadFailed')}>
          {(deliveries) =>
            deliveries.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('deliveries.empty')}
              </Text>
            ) : (
              <Stack
                component="ul"
                gap="sm"
                m={0}
                p={0}
                style={{ listStyle: 'none' }}
                aria-label={t('deliveries.caption')}
              >
                {deliveries.map((delivery) => (
                  <DeliveryItem key={delivery.id} delivery={delivery} />
                ))}
              </Stack>
            )
          }
        </SettingsQueryState>
        <Group justify="flex-end">
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconRefresh size={14} aria-hidden="true" />}
            onClick={() => void query.refetch()}
            loading={query.isFetching && !query.isPending}
          >
            {t('deliveries.refresh')}
          </Button>
        </Group>
      </Stack>
    </SettingsSection>
  );
}
