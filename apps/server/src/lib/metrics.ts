import {
  type BankMessageOutcome,
  bankMessageOutcomes,
  orderStatuses,
  orderTypes,
  type TransferCode,
  transferCodes,
} from '@paydesk/contract';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { afterCommit, type Executor } from '../db/client';

/**
 * What this process did, counted where it happens (DESIGN §18): one registry per process, as Prometheus expects of a
 * process it scrapes; each server process exposes its own, and Prometheus sums them. Every label value comes from a
 * fixed list (a status, an outcome, a transfer code): never an id, a user, a URL or a secret. Counts are made once the
 * transaction commits (`afterCommit`), so work that rolled back is not counted.
 */
export const processMetrics = new Registry();
collectDefaultMetrics({ register: processMetrics });
// Gauges named `_total` break Prometheus's naming rules (`promtool check metrics` refuses them); each is the sum of
// its sibling by type (`nodejs_active_handles{type}`), which stays.
for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) {
  processMetrics.removeSingleMetric(name);
}

const ordersTotal = new Counter({
  name: 'paydesk_orders_total',
  help: 'Orders that entered each status (new when created), by order type',
  labelNames: ['type', 'status'] as const,
  registers: [processMetrics],
});

const orderSettleSeconds = new Histogram({
  name: 'paydesk_order_settle_seconds',
  help: 'Time from an order being created to its settlement in the ledger',
  buckets: [5, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 21600, 86400],
  registers: [processMetrics],
});

/** `delivered`, `retry` (an attempt failed, another follows), `failed` (the last attempt failed), `skipped`. */
export const webhookOutcomes = ['delivered', 'retry', 'failed', 'skipped'] as const;
export type WebhookOutcome = (typeof webhookOutcomes)[number];

const webhookDeliveriesTotal = new Counter({
  name: 'paydesk_webhook_deliveries_total',
  help: 'Webhook delivery attempts by outcome: delivered, retry (failed, tried again later), failed (the last one), skipped (no URL or key)',
  labelNames: ['outcome'] as const,
  registers: [processMetrics],
});

const ledgerTransfersTotal = new Counter({
  name: 'paydesk_ledger_transfers_total',
  help: 'Ledger transfers posted, by transfer code',
  labelNames: ['code'] as const,
  registers: [processMetrics],
});

const bankMessagesTotal = new Counter({
  name: 'paydesk_bank_messages_total',
  help: 'Bank messages received from terminals, by what came of them (duplicate: seen before)',
  labelNames: ['outcome'] as const,
  registers: [processMetrics],
});

/** Why a signed API request was refused (DESIGN §9): an unknown key, a stale timestamp, a wrong signature. */
export const apiSignatureFailureReasons = ['api_key_invalid', 'timestamp_invalid', 'signature_invalid'] as const;
export type ApiSignatureFailureReason = (typeof apiSignatureFailureReasons)[number];

const apiSignatureFailuresTotal = new Counter({
  name: 'paydesk_api_signature_failures_total',
  help: 'Signed API requests refused, by reason: api_key_invalid (no such key), timestamp_invalid, signature_invalid',
  labelNames: ['reason'] as const,
  registers: [processMetrics],
});

/**
 * Failures naming each existing API key, in fixed windows of `apiKeyFailureWindowSeconds` (issue 31, F0): the key's
 * requests are never refused for them (the address is what is throttled), so they are measured instead, as the most
 * one key got, never labelled by the key. Only keys that exist are kept (a stale timestamp or a wrong signature).
 */
export const apiKeyFailureWindowSeconds = 300;
const keyFailures = new Map<string, { failures: number; resetAtMs: number }>();

new Gauge({
  name: 'paydesk_api_key_failures_max',
  help: 'The most refused requests (stale timestamp or wrong signature) naming one existing API key in its current 5-minute window, on this process',
  registers: [processMetrics],
  collect() {
    const now = Date.now();
    let most = 0;
    for (const [key, window] of keyFailures) {
      if (window.resetAtMs <= now) keyFailures.delete(key);
      else most = Math.max(most, window.failures);
    }
    this.set(most);
  },
});

/**
 * Counts a refused signed request by reason, and for a key that exists in the key's window too; answers that key's
 * failures in its window (0 for no key).
 */
export function countApiSignatureFailure(reason: ApiSignatureFailureReason, apiKey: string | null, now = Date.now()) {
  apiSignatureFailuresTotal.inc({ reason });
  if (apiKey === null || reason === 'api_key_invalid') return 0;
  const live = keyFailures.get(apiKey);
  const window =
    live && live.resetAtMs > now ? live : { failures: 0, resetAtMs: now + apiKeyFailureWindowSeconds * 1000 };
  window.failures += 1;
  if (keyFailures.size > 50_000) keyFailures.clear();
  keyFailures.set(apiKey, window);
  return window.failures;
}

// Every series starts at zero, so a rate is defined (and an alert can fire) before the first event of its kind.
for (const reason of apiSignatureFailureReasons) apiSignatureFailuresTotal.inc({ reason }, 0);
for (const type of orderTypes) for (const status of orderStatuses) ordersTotal.inc({ type, status }, 0);
for (const outcome of webhookOutcomes) webhookDeliveriesTotal.inc({ outcome }, 0);
for (const code of transferCodes) ledgerTransfersTotal.inc({ code }, 0);
for (const outcome of [...bankMessageOutcomes, 'duplicate']) bankMessagesTotal.inc({ outcome }, 0);

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

/**
 * Counts the orders announced on the events bus (`order.created`, `order.updated` with `{ type, status }` in their
 * message): each announcement is one order entering its status. Anything else, or a value not in the contract's
 * lists, is not counted.
 */
export function countOrderAnnouncements(tx: Executor, events: { type: string; message: string }[]): void {
  const moves: { type: string; status: string }[] = [];
  for (const event of events) {
    if (event.type !== 'order.created' && event.type !== 'order.updated') continue;
    try {
      const { type, status } = JSON.parse(event.message) as Record<string, unknown>;
      if (isOneOf(orderTypes, type) && isOneOf(orderStatuses, status)) moves.push({ type, status });
    } catch {
      // Not an order's announcement after all: nothing to count.
    }
  }
  if (moves.length === 0) return;
  afterCommit(tx, () => {
    for (const labels of moves) ordersTotal.inc(labels);
  });
}

/** The creation time a UUIDv7 carries in its first 48 bits (DESIGN §2: identifiers are UUIDv7), or null. */
export function uuidv7Time(id: string): number | null {
  const hex = id.replace(/-/g, '');
  if (hex.length !== 32 || hex[12] !== '7') return null;
  return Number.parseInt(hex.slice(0, 12), 16);
}

/**
 * Counts transfers posted, by code; an `order_settle` transfer (one per settled order, its id derived from the order)
 * also measures the order's time from creation to settlement.
 */
export function countTransfers(tx: Executor, transfers: { code: TransferCode; referenceId?: string | null }[]): void {
  if (transfers.length === 0) return;
  afterCommit(tx, () => {
    const now = Date.now();
    for (const transfer of transfers) {
      ledgerTransfersTotal.inc({ code: transfer.code });
      if (transfer.code !== 'order_settle' || !transfer.referenceId) continue;
      const createdAt = uuidv7Time(transfer.referenceId);
      if (createdAt !== null && createdAt <= now) orderSettleSeconds.observe((now - createdAt) / 1000);
    }
  });
}

export function countWebhookDelivery(outcome: WebhookOutcome): void {
  webhookDeliveriesTotal.inc({ outcome });
}

/** Counts a terminal's batch of bank messages once it commits: new ones by outcome, the rest as duplicates. */
export function countBankMessages(
  tx: Executor,
  results: { state: 'new' | 'duplicate'; outcome: BankMessageOutcome }[],
): void {
  afterCommit(tx, () => {
    for (const result of results) {
      bankMessagesTotal.inc({ outcome: result.state === 'duplicate' ? 'duplicate' : result.outcome });
    }
  });
}
