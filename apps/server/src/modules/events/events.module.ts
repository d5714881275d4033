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
export { eventsRoutes } from './events.routes';
