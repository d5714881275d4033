import type { FastifyInstance } from 'fastify';
import type { EventHub } from './events.bus';
import { eventsRoutes } from './events.routes';

export type { EventForMany } from './events.bus';
export {
  adminsAudience,
  balanceChangedType,
  createEventHub,
  depositAddedType,
  publishEvent,
  publishEvents,
  publishEventToMany,
} from './events.bus';

/** The events module (DESIGN §17): the real-time socket, fed by the process's hub. */
export const eventsModule = (app: FastifyInstance, options: { hub: EventHub }) => eventsRoutes(app, options);
