import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../lib/ids';
import { adminsAudience, balanceChangedType, type EventForMany } from '../events/events.module';
import { flowExecutors } from '../flows/flows.module';
import type { NewJob } from '../jobs/jobs.module';
import type { ActorKind } from './lifecycle';
import type { OrderRow } from './orders.repository';

/** What an order's moves announce besides the money: the timeline, the real-time notes and the expiry job. */

/** Who moved an order: the timeline names them. */
export interface OrderActor {
  kind: ActorKind;
  id: string | null;
}

export const expireJob = 'orders.expire';
/** The safety net of expiry: an order whose own expiry job died is still canceled, within a minute. */
export const expirySweepJob = 'orders.expire-sweep';
export const expirySweepSeconds = 60;

/** An order's move, one line of its timeline. */
export const historyOf = (
  order: { id: string },
  from: string | null,
  to: string,
  actor: OrderActor,
  note?: string,
  createdAt?: Date,
) => ({
  id: newId(),
  ...(createdAt ? { createdAt } : {}),
  orderId: order.id,
  fromStatus: from,
  toStatus: to,
  actorKind: actor.kind,
  actorId: actor.id,
  note: note ?? null,
});

export const expiryOf = (orderId: string, at: Date): NewJob => ({
  kind: expireJob,
  payload: { orderId },
  runAt: at,
  maxAttempts: 5,
});

/**
 * Real-time notes for everyone who lists the order (SPEC §2.12): its merchant, its executor, the admins, and for a
 * pay-out still to take, every executor of its flow. With a finished order, whose balances moved, `balance.changed`.
 */
export function announcements(
  order: OrderRow,
  type: 'order.created' | 'order.updated',
  also: readonly string[] = [],
): EventForMany[] {
  const message = JSON.stringify({ guid: order.id, type: order.type, status: order.status });
  const parties = [order.merchantId, ...(order.executorId ? [order.executorId] : [])];
  const events: EventForMany[] = [{ userIds: [...parties, adminsAudience, ...also], type, message }];
  if (order.status === 'paid' || order.status === 'canceled') {
    const paid = order.status === 'paid' ? order.agentShares.map((share) => share.userId) : [];
    events.push({ userIds: [...parties, ...paid], type: balanceChangedType, message: '' });
  }
  return events;
}

/** The executors who may take a flow's pay-outs, told when one appears and when it is taken or gone. */
export async function takersOf(db: Executor, flowId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: flowExecutors.userId })
    .from(flowExecutors)
    .where(eq(flowExecutors.flowId, flowId));
  return rows.map((row) => row.userId);
}
