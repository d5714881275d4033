import type { FastifyInstance } from 'fastify';
import { appEvents } from '../../app-events';
import type { Executor } from '../../db/client';
import { type EventHub, publishEvent } from './events.bus';
import { eventsRoutes, type SocketSessions } from './events.routes';

export type { EventForMany, EventHub } from './events.bus';
export {
  adminsAudience,
  balanceChangedType,
  createEventHub,
  depositAddedType,
  publishEvent,
  publishEvents,
  publishEventToMany,
} from './events.bus';

/** A sign-in alert on the owner's open sessions (`security.two_factor_locked`): the web shows it as a warning. */
const tellOwner = (tx: Executor, alert: { userId: string; kind: string }) =>
  publishEvent(tx, { userId: alert.userId, type: `security.${alert.kind}`, message: '' });

/** The events module (DESIGN §17): the real-time socket, fed by the process's hub; it tells owners of sign-in alerts. */
export const eventsModule = (app: FastifyInstance, options: { hub: EventHub; sessions: SocketSessions }) => {
  appEvents.on('auth.sign_in_alert', 'events', tellOwner);
  return eventsRoutes(app, options);
};
