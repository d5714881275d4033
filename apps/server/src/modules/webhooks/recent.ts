import type { Language, RecentWebhookDelivery } from '@paydesk/contract';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { translate } from '../../i18n/messages';
import { webhookAttempts, webhookDeliveries } from './webhooks.table';

/**
 * The merchant's own latest deliveries, newest first, each with what its last attempt met (issue 32 item 7):
 * Settings reads them to show whether webhooks arrive, and warns while they fail or are skipped.
 */
export async function recentDeliveries(
  db: Executor,
  merchantId: string,
  count: number,
  language: Language,
): Promise<RecentWebhookDelivery[]> {
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.merchantId, merchantId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(count);
  const lastAttempts =
    deliveries.length === 0
      ? []
      : await db
          .selectDistinctOn([webhookAttempts.deliveryId])
          .from(webhookAttempts)
          .where(
            inArray(
              webhookAttempts.deliveryId,
              deliveries.map((delivery) => delivery.id),
            ),
          )
          .orderBy(webhookAttempts.deliveryId, desc(webhookAttempts.attemptedAt));
  const lastOf = new Map(lastAttempts.map((attempt) => [attempt.deliveryId, attempt]));
  return deliveries.map((delivery) => {
    const last = lastOf.get(delivery.id);
    return {
      id: delivery.id,
      type: delivery.type,
      title: translate(language, `webhook.${delivery.type}`),
      order_id: delivery.orderId,
      status: delivery.status as RecentWebhookDelivery['status'],
      created_at: delivery.createdAt.toISOString(),
      attempts: delivery.attempts,
      last_attempt_at: last?.attemptedAt.toISOString() ?? null,
      last_status_code: last?.statusCode ?? null,
      last_error: last?.error ?? null,
    };
  });
}
