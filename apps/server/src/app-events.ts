import { eventMap } from './lib/event-map';
import type { NewJob } from './modules/jobs/jobs.module';
import type {
  OrderChecks,
  OrderPayerReport,
  OrderWebhookDelivery,
  OrderWebhooks,
} from './modules/orders/orders.module';
import type { PartnerFlow } from './modules/partners/partners.module';
import type { RequisiteBlockedByBank } from './modules/terminals/terminals.module';

/**
 * Every event one module announces for others to hear, in one map (DESIGN §17): its payload, and what each
 * subscriber hands back to the announcer (`unknown`: nothing the announcer reads). The announcer imports this map,
 * never the modules that hear it; they subscribe in their plugins. (Live events for the web app's socket are another
 * thing: module `events`.)
 */
export interface AppEvents {
  /** users: a user's access was taken away (blocked, deactivated, a new password, an accepted invite). */
  'user.access_revoked': { payload: { userId: string }; result: unknown };
  /** auth: the sweep of ended sessions ran; whoever keeps other short-lived records of callers sweeps them too. */
  'auth.swept': { payload: { now: Date }; result: unknown };
  /** auth: a sign-in reached an account's second factor and failed there too often; its owner is told. */
  'auth.sign_in_alert': { payload: { userId: string; kind: 'two_factor_locked' }; result: unknown };
  /** orders: the webhooks of a change to these orders; each subscriber returns the jobs to queue with the change. */
  'order.webhooks': { payload: OrderWebhooks; result: NewJob[] };
  /** orders: an event of these orders that anti-fraud's rules look at; returns the checks' jobs. */
  'order.checks': { payload: OrderChecks; result: NewJob[] };
  /** orders: these orders moved (their state, times or amounts changed); whoever keeps what they showed forgets it. */
  'order.moved': { payload: { orderIds: string[] }; result: unknown };
  /** orders: asks for an order's webhook deliveries, for its details (webhooks owns them). */
  'order.webhook_deliveries': { payload: { orderId: string }; result: OrderWebhookDelivery[] };
  /** orders: asks for the payers' reports of these pay-ins, for lists and details (the payer's page owns them). */
  'order.payer_reports': { payload: { orderIds: string[] }; result: OrderPayerReport[] };
  /** terminals: a bank message says a requisite was blocked. */
  'requisite.blocked_by_bank': { payload: RequisiteBlockedByBank; result: unknown };
  /** partners: asks for the flows a partner executes, for the partners' list (flows sit above partners). */
  'partner.flows': { payload: { userId: string }; result: PartnerFlow[] };
}

export const appEvents = eventMap<AppEvents>();

/**
 * The subscribers the app cannot work without, by module: app.ts checks them once every module's plugin has
 * registered, and does not start without them (a webhook never written, a session never ended, would be silent).
 */
export const neededSubscribers: { readonly [Name in keyof AppEvents]: readonly string[] } = {
  'user.access_revoked': ['auth'],
  'auth.swept': ['api'],
  'auth.sign_in_alert': ['events'],
  'order.webhooks': ['webhooks'],
  'order.checks': ['anti-fraud'],
  'order.moved': ['payer-page'],
  'order.webhook_deliveries': ['webhooks'],
  'order.payer_reports': ['payer-page'],
  'requisite.blocked_by_bank': ['anti-fraud'],
  'partner.flows': ['flows'],
};
