import type { WebhookEvent } from '@paydesk/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deferWrite } from '../../db/deferred';
import { newId } from '../../lib/ids';
import { enqueueJobs, insertJobsWhere, type NewJob, noticeJobs } from '../jobs/jobs.module';
import {
  apiOrderView,
  type OrderRow,
  type OrderWebhookDelivery,
  type OrderWebhooks,
  type WebhookOptions,
  type WebhookType,
} from '../orders/orders.module';
import type { ReferenceData } from '../reference/reference.module';
import { userWebhooks } from '../users/users.module';
import { webhookAttempts, webhookDeliveries } from './webhooks.table';

export const webhookJob = 'webhooks.deliver';

export type { WebhookOptions, WebhookType };

/**
 * Writes a webhook into the outbox in the caller's transaction (DESIGN §10) and queues its delivery: it exists, and
 * is sent, only if the change that caused it commits. A type the merchant switched off (SPEC §2.11) is not written.
 */
export async function enqueueWebhook(
  tx: Executor,
  reference: ReferenceData,
  order: OrderRow,
  type: WebhookType,
  options: WebhookOptions = {},
): Promise<string | null> {
  const [id] = await enqueueWebhooks(tx, reference, [order], type, options);
  return id ?? null;
}

/**
 * The same webhook type for many orders (a batch paid by one terminal's messages), like `enqueueWebhook`: the
 * merchants' settings read once, the deliveries and their jobs written in one statement each. Returns the ids of
 * the deliveries written.
 */
export async function enqueueWebhooks(
  tx: Executor,
  reference: ReferenceData,
  orders: OrderRow[],
  type: WebhookType,
  options: WebhookOptions = {},
): Promise<string[]> {
  const jobs = await writeWebhooks(tx, reference, orders, type, options);
  await enqueueJobs(tx, jobs);
  return jobs.map((job) => String(job.payload?.deliveryId));
}

/**
 * Writes the deliveries of `enqueueWebhooks` and returns their jobs for the caller to queue with its others, in one
 * statement (the order engine's moves).
 */
export async function writeWebhooks(
  tx: Executor,
  reference: ReferenceData,
  orders: OrderRow[],
  type: WebhookType,
  options: WebhookOptions = {},
): Promise<NewJob[]> {
  if (orders.length === 0) return [];
  const merchantIds = [...new Set(orders.map((order) => order.merchantId))];
  const off = options.force
    ? new Set<string>()
    : (options.merchantsOff ??
      new Set(
        (
          await tx
            .select({ userId: userWebhooks.userId })
            .from(userWebhooks)
            .where(
              and(
                inArray(userWebhooks.userId, merchantIds),
                eq(userWebhooks.slug, type),
                eq(userWebhooks.isDisabled, true),
              ),
            )
        ).map((row) => row.userId),
      ));
  const deliveries = deliveriesOfOrders(reference, orders, type, options).filter(
    (delivery) => !off.has(delivery.merchantId),
  );
  if (deliveries.length === 0) return [];
  // With the change's other writes, at its end (db/deferred.ts): nothing reads a delivery back in its transaction.
  const insert = tx.insert(webhookDeliveries).values(deliveries).getSQL();
  await deferWrite(tx, { parts: () => [['deliveries', insert]] });
  return deliveries.map(({ id }) => deliveryJob(id));
}

/** The job that delivers a webhook. */
const deliveryJob = (deliveryId: string): NewJob => ({
  kind: webhookJob,
  payload: { deliveryId },
  maxAttempts: webhookSchedule.length + 1,
});

/** The deliveries of a webhook of these orders, as the outbox keeps them. */
function deliveriesOfOrders(reference: ReferenceData, orders: OrderRow[], type: WebhookType, options: WebhookOptions) {
  const createdAt = new Date().toISOString();
  return orders.map((order) => {
    const id = newId();
    const event: WebhookEvent = {
      id,
      type,
      created_at: createdAt,
      data: apiOrderView(order, reference),
      ...(options.dispute ? { dispute: options.dispute } : {}),
    };
    return {
      id,
      orderId: order.id,
      merchantId: order.merchantId,
      type,
      payload: event as unknown as Record<string, unknown>,
    };
  });
}

/**
 * `writeWebhooks` of a change whose caller did not read the merchants' settings, in one deferred write: the
 * deliveries of the merchants who did not switch the type off go in, and only their jobs with them — the settings are
 * read by the statement that writes, not by one of their own. Queues the jobs itself.
 */
async function writeWebhooksAtEnd(
  tx: Executor,
  reference: ReferenceData,
  orders: OrderRow[],
  type: WebhookType,
  options: WebhookOptions,
): Promise<void> {
  const deliveries = deliveriesOfOrders(reference, orders, type, options);
  const jobs = deliveries.map(({ id }) => deliveryJob(id));
  const values = deliveries.map(
    (delivery) =>
      sql`(${delivery.id}::uuid, ${delivery.orderId}::uuid, ${delivery.merchantId}::uuid, ${JSON.stringify(delivery.payload)}::jsonb)`,
  );
  await deferWrite(tx, {
    parts: (name) => [
      [
        'deliveries',
        sql`insert into webhook_deliveries (id, order_id, merchant_id, type, payload)
          select d.id, d.order_id, d.merchant_id, ${type}::text, d.payload
          from (values ${sql.join(values, sql`, `)}) as d (id, order_id, merchant_id, payload)
          where not exists (select 1 from user_webhooks w
                            where w.user_id = d.merchant_id and w.slug = ${type}::text and w.is_disabled)
          returning id`,
      ],
      [
        'jobs',
        insertJobsWhere(
          jobs,
          (payload) => sql`(${payload} ->> 'deliveryId')::uuid in (select id from ${name('deliveries')})`,
        ),
      ],
    ],
  });
  await noticeJobs(tx, jobs);
}

/**
 * Delays before each retry, like Hyperswitch's: 1 min, 5 min ×2, 10 min ×5, 1 h ×5, 6 h ×3 — sixteen retries over a
 * little more than 24 hours, then the delivery is failed (DESIGN §10).
 */
export const webhookSchedule: readonly number[] = [
  60_000,
  ...Array<number>(2).fill(5 * 60_000),
  ...Array<number>(5).fill(10 * 60_000),
  ...Array<number>(5).fill(60 * 60_000),
  ...Array<number>(3).fill(6 * 60 * 60_000),
];

/**
 * Orders' announcement of webhooks (DESIGN §17): written into the outbox in the order's transaction. Unless the
 * caller read the merchants' settings already (or forces the webhook), the deliveries and their jobs are written at the
 * transaction's end by one deferred write, which reads the settings itself; no jobs are returned then.
 */
export async function writeOrderWebhooks(tx: Executor, { reference, orders, type, options }: OrderWebhooks) {
  if (options.force || options.merchantsOff || orders.length === 0) {
    return writeWebhooks(tx, reference, orders, type, options);
  }
  await writeWebhooksAtEnd(tx, reference, orders, type, options);
  return [];
}

/** The deliveries of an order's webhooks with their attempts, as the order's details show them (orders ask). */
export async function deliveriesOf(db: Executor, { orderId }: { orderId: string }): Promise<OrderWebhookDelivery[]> {
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.orderId, orderId))
    .orderBy(asc(webhookDeliveries.createdAt));
  const attempts =
    deliveries.length > 0
      ? await db
          .select()
          .from(webhookAttempts)
          .where(
            inArray(
              webhookAttempts.deliveryId,
              deliveries.map((delivery) => delivery.id),
            ),
          )
          .orderBy(asc(webhookAttempts.attemptedAt))
      : [];
  return deliveries.map((delivery) => ({
    id: delivery.id,
    type: delivery.type,
    status: delivery.status as 'pending' | 'delivered' | 'failed' | 'skipped',
    created_at: delivery.createdAt.toISOString(),
    attempts: attempts
      .filter((attempt) => attempt.deliveryId === delivery.id)
      .map((attempt) => ({
        attempted_at: attempt.attemptedAt.toISOString(),
        status_code: attempt.statusCode,
        duration_ms: attempt.durationMs,
        error: attempt.error,
        response_excerpt: attempt.responseExcerpt,
      })),
  }));
}
