import { createHmac } from 'node:crypto';
import { webhookSkipReasons } from '@paydesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Agent, fetch } from 'undici';
import type { Deps } from '../../deps';
import { newId } from '../../lib/ids';
import { countWebhookDelivery, type WebhookOutcome } from '../../lib/metrics';
import { checkedLookup, DestinationRefused, destinationProblem, type Resolve } from '../../lib/network';
import type { JobDefinition } from '../jobs/jobs.runner';
import { users } from '../users/users.module';
import { webhookSchedule } from './outbox';
import { webhookAttempts, webhookDeliveries } from './webhooks.table';

const defaultTimeoutMs = 10_000;
const excerptBytes = 1024;

/** `Paydesk-Signature: t=<unix>,v1=<hex HMAC-SHA256(notification key, t + "." + raw body)>` (DESIGN §10). */
export function signatureHeader(key: string, body: string, unixSeconds: number): string {
  const digest = createHmac('sha256', key).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}

/** The delivery's status after an attempt, as the metric's outcome (DESIGN §18). */
const outcomeOf: Record<string, WebhookOutcome> = {
  delivered: 'delivered',
  pending: 'retry',
  failed: 'failed',
  skipped: 'skipped',
};

/** A delivery attempt that did not succeed; the job runner retries it after its backoff. */
class DeliveryFailed extends Error {}

/** The refusal behind a failed fetch (undici wraps what the connection's lookup threw), if that is what it was. */
function refusalIn(error: unknown): DestinationRefused | null {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof DestinationRefused) return cause;
  }
  return null;
}

/**
 * What a failed request says, down to its cause: undici's "fetch failed" names no reason, and the merchant reads the
 * attempt's error to mend the endpoint ("fetch failed: connect ECONNREFUSED 203.0.113.7:443").
 */
export function failureOf(error: unknown): string {
  const parts: string[] = [];
  for (let cause = error, depth = 0; cause !== undefined && cause !== null && depth < 5; depth++) {
    if (!(cause instanceof Error)) {
      parts.push(String(cause));
      break;
    }
    // Several addresses tried (happy eyeballs): the first one's reason.
    const first = cause instanceof AggregateError && cause.errors[0] instanceof Error ? cause.errors[0] : undefined;
    const code = (cause as { code?: unknown }).code;
    let text = cause.message || first?.message || cause.name;
    if (typeof code === 'string' && !text.includes(code)) text += ` (${code})`;
    if (!parts.includes(text)) parts.push(text);
    cause = cause.cause;
  }
  return parts.join(': ').slice(0, 500);
}

export interface DeliveryOptions {
  /** How host names are resolved (tests answer what a rebinding resolver would). */
  resolve?: Resolve;
  timeoutMs?: number;
}

/**
 * Delivers one webhook: POST to the merchant's notification URL with the signature header, a 2xx within 10 s is
 * success. Every attempt is logged with its time, status, duration, error and the first kilobyte of the answer. The
 * destination is checked on the address it resolves to, at every attempt; a private one is refused unless allowed.
 * The name is resolved once, by the connection itself, and only a public answer is connected to (DNS rebinding);
 * redirects are never followed.
 */
export function webhookDelivery(deps: Deps, log: FastifyBaseLogger, options: DeliveryOptions = {}): JobDefinition {
  const sender: Sender = {
    deps,
    log,
    timeoutMs: options.timeoutMs ?? defaultTimeoutMs,
    dispatcher: new Agent(
      deps.config.allowPrivateNetworks ? {} : { connect: { lookup: checkedLookup(options.resolve) } },
    ),
  };
  return {
    run: ({ payload, attempt: number }) =>
      attemptDelivery(sender, String(payload.deliveryId), number >= webhookSchedule.length + 1),
    backoffMs: (attemptNumber) => webhookSchedule[attemptNumber - 1] ?? webhookSchedule.at(-1) ?? 60_000,
  };
}

/** What every attempt sends with: the app's dependencies, the log, the time allowed and the checked connections. */
interface Sender {
  deps: Deps;
  log: FastifyBaseLogger;
  timeoutMs: number;
  dispatcher: Agent;
}

/** One attempt at a delivery; `final` when the job runner will not try again, so a failure is the delivery's last. */
async function attemptDelivery({ deps, log, timeoutMs, dispatcher }: Sender, deliveryId: string, final: boolean) {
  const { db } = deps;
  const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId)).limit(1);
  if (!delivery || delivery.status === 'delivered') return;
  const [merchant] = await db
    .select({ url: users.notificationUrl, key: users.notificationKey })
    .from(users)
    .where(eq(users.id, delivery.merchantId))
    .limit(1);
  const started = Date.now();
  const record = (outcome: AttemptOutcome, status: string) => recordAttempt(deps, deliveryId, started, outcome, status);
  if (!merchant?.url || !merchant.key) {
    // Nothing to send to or sign with: the merchant can set them and resend.
    const error = merchant?.url ? webhookSkipReasons.noNotificationKey : webhookSkipReasons.noNotificationUrl;
    await record({ error }, 'skipped');
    return;
  }
  const url = new URL(merchant.url);
  // Address literals and internal names here; what a name resolves to is checked by the connection's lookup.
  const problem = deps.config.allowPrivateNetworks ? null : await destinationProblem(url, { resolveNames: false });
  const failed = final ? 'failed' : 'pending';
  if (problem) {
    await record({ error: `${webhookSkipReasons.destinationRefused}${problem}` }, failed);
    throw new DeliveryFailed(`destination refused: ${problem}`);
  }
  const body = JSON.stringify(delivery.payload);
  try {
    const response = await fetch(url, {
      dispatcher,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Paydesk-Webhooks/1',
        'paydesk-signature': signatureHeader(deps.secrets.open(merchant.key), body, Math.floor(Date.now() / 1000)),
        'paydesk-event-id': delivery.id,
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = (await response.text()).slice(0, excerptBytes);
    if (response.status >= 200 && response.status < 300) {
      await record({ statusCode: response.status, excerpt: text }, 'delivered');
      return;
    }
    await record({ statusCode: response.status, excerpt: text, error: `answered ${response.status}` }, failed);
    throw new DeliveryFailed(`answered ${response.status}`);
  } catch (error) {
    if (error instanceof DeliveryFailed) throw error;
    const message = refusalIn(error)?.message ?? failureOf(error);
    await record({ error: message }, failed);
    log.info({ delivery: deliveryId, error: message }, 'webhook delivery failed; it will be retried');
    throw new DeliveryFailed(message);
  }
}

interface AttemptOutcome {
  statusCode?: number;
  error?: string;
  excerpt?: string;
}

/** Logs an attempt that began at `started` and sets its delivery's status, in one transaction; then counts it. */
async function recordAttempt(
  { db }: Deps,
  deliveryId: string,
  started: number,
  outcome: AttemptOutcome,
  status: string,
) {
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      id: newId(),
      deliveryId,
      statusCode: outcome.statusCode ?? null,
      durationMs: Date.now() - started,
      error: outcome.error ?? null,
      responseExcerpt: outcome.excerpt ?? null,
    });
    await tx
      .update(webhookDeliveries)
      .set({
        status,
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        ...(status === 'delivered' ? { deliveredAt: new Date() } : {}),
      })
      .where(eq(webhookDeliveries.id, deliveryId));
  });
  countWebhookDelivery(outcomeOf[status] ?? 'retry');
}
