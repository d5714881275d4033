import type { WebhookEvent } from '@paydesk/contract';
import { appEvents } from '../../app-events';
import type { Executor } from '../../db/client';
import type { NewJob } from '../jobs/jobs.module';
import type { ReferenceData } from '../reference/reference.module';
import type { WebhookAnnounced } from './lifecycle';
import type { OrderRow } from './orders.repository';

/*
 * What orders announce to the modules at the edges (DESIGN §17), in the transaction of the change: the webhooks a
 * change sends to its merchant and the checks it asks of anti-fraud. The edges subscribe when the app starts; each
 * handler returns the jobs to queue with the change's others, in the same statement.
 */

export type WebhookType = WebhookAnnounced;

export interface WebhookOptions {
  /** Written even when the merchant switched the type off (a resend the admin asked for). */
  force?: boolean;
  /** The dispute a `dispute.*` webhook is about. */
  dispute?: WebhookEvent['dispute'];
  /** The merchants who switched the type off, when the caller read them already (saves a query on a hot path). */
  merchantsOff?: ReadonlySet<string>;
}

export interface OrderWebhooks {
  reference: ReferenceData;
  orders: OrderRow[];
  type: WebhookType;
  options: WebhookOptions;
}

/** The events of orders that anti-fraud's rules look at (DESIGN §13). */
export type OrderCheckEvent = 'created' | 'canceled' | 'disputed';

export interface OrderChecks {
  orderIds: string[];
  event: OrderCheckEvent;
}

/** One delivery of a webhook of an order, as the order's details show it. */
export interface OrderWebhookDelivery {
  id: string;
  type: string;
  status: 'pending' | 'delivered' | 'failed' | 'skipped';
  created_at: string;
  attempts: {
    attempted_at: string;
    status_code: number | null;
    duration_ms: number;
    error: string | null;
    response_excerpt: string | null;
  }[];
}

/** The webhooks of a change to these orders: returns their jobs for the caller to queue with its others. */
export async function announceWebhooks(
  tx: Executor,
  reference: ReferenceData,
  orders: OrderRow[],
  type: WebhookType,
  options: WebhookOptions = {},
): Promise<NewJob[]> {
  if (orders.length === 0) return [];
  return (await appEvents.announce(tx, 'order.webhooks', { reference, orders, type, options })).flat();
}

/** Tells whoever keeps what these orders showed that they moved (the payer's page keeps its pages' contexts). */
export async function announceMoved(tx: Executor, orderIds: string[]): Promise<void> {
  await appEvents.announce(tx, 'order.moved', { orderIds });
}

/** The checks of these orders' event: returns their jobs for the caller to queue with its others. */
export async function announceChecks(tx: Executor, orderIds: string[], event: OrderCheckEvent): Promise<NewJob[]> {
  return (await appEvents.announce(tx, 'order.checks', { orderIds, event })).flat();
}

/** The webhook deliveries of an order, oldest first. */
export async function webhookDeliveriesOf(db: Executor, orderId: string): Promise<OrderWebhookDelivery[]> {
  return (await appEvents.announce(db, 'order.webhook_deliveries', { orderId })).flat();
}
