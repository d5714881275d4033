import type { Executor } from '../../db/client';
import type { NewJob } from '../jobs/jobs.module';
import type { OrderChecks } from '../orders/orders.module';

/** The anti-fraud rules of DESIGN §13 run on order events through the job runner, after the event commits. */
export const antiFraudCheckJob = 'anti_fraud.check';
/** Pay-outs taken and not paid in time are found by a sweep: no event marks the minute they become overdue. */
export const antiFraudSweepJob = 'anti_fraud.overdue-sweep';
export const antiFraudSweepSeconds = 60;

export type AntiFraudEvent = 'created' | 'canceled' | 'disputed';

/** The check of these orders' event, queued in the transaction of the event. */
export const antiFraudCheck = (orderIds: string[], event: AntiFraudEvent): NewJob => ({
  kind: antiFraudCheckJob,
  payload: { orderIds, event },
  maxAttempts: 5,
});

/** Orders' announcement of an event the rules look at (DESIGN §17): the check, queued with the event's other jobs. */
export const checkOfOrders = async (_tx: Executor, { orderIds, event }: OrderChecks): Promise<NewJob[]> => [
  antiFraudCheck(orderIds, event),
];
