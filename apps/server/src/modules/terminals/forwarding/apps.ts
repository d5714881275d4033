import { createHmac, timingSafeEqual } from 'node:crypto';
import { deviceNotificationSchema, type ForwardingApp } from '@paydesk/contract';
import { DomainError } from '../../../lib/errors';
import { sha256 } from '../../../lib/ids';
import type { Notification } from '../bank-messages/settle';

/**
 * The three Android forwarding apps of DESIGN §19, each recognised by the shape of its request and verified its own
 * way. What each app really sends was read in its source:
 * - SMSGate (capcom6/android-sms-gateway): modules/webhooks/plugins/PayloadSingingPlugin.kt signs `body + X-Timestamp`
 *   (unix seconds) with HMAC-SHA256 into a lowercase hex `X-Signature`, on every attempt; the body is
 *   WebHookEventDTO `{ id, webhookId, event, deviceId, payload }` (payload/SmsEventPayload.kt), serialized by Gson
 *   with dates as `yyyy-MM-dd'T'HH:mm:ss.SSSXXX` (extensions/GsonBuilder.kt).
 * - SmsForwarder (pppscn/SmsForwarder): utils/sender/WebhookUtils.kt makes `sign` = URL-encoded Base64 of
 *   HMAC-SHA256(secret, timestamp_ms + "\n" + secret) and puts it in the JSON template as it is, or in a form body,
 *   where the form encoding encodes it a second time. The sign covers the time only, never the text.
 * - SMS Gateway webhook (bogkonstantin/android_income_sms_gateway_webhook): ForwardingConfig.prepareMessage fills the
 *   JSON template (the text through commons-text escapeJson, so every non-ASCII letter is a `\uXXXX` escape). No
 *   release signs: the "Sign with HMAC-SHA-256" option (Request.setSignatureHeader) lives in the unmerged pull request
 *   #85, whose builds send the lowercase hex HMAC-SHA256 of the whole body as `X-Signature`.
 *
 * Only a signature over the text authenticates a message (SMSGate's, a signed SMS Gateway webhook build's): those
 * settle their pay-ins by themselves. SmsForwarder's sign and the released SMS Gateway webhook's token prove only that
 * the sender once held the link (and for SmsForwarder a captured sign forges any text for an hour): their messages
 * are weak, and a trader confirms what they match (DESIGN §19).
 */

/** SMSGate's X-Timestamp may be this far from our clock (its own documentation's window). */
export const smsGateWindowMs = 300_000;
/** SmsForwarder's signed timestamp is good this long: the sign does not cover the text, so never longer. */
export const smsForwarderWindowMs = 3_600_000;
/**
 * SMS Gateway webhook signs the body it built when the SMS came; its retries (ten, backing off exponentially, waiting
 * for a network) send that same body for hours. Its receivedStamp is signed, so a day is the window.
 */
export const smsGatewayWebhookWindowMs = 86_400_000;

/** A forwarded request as it reached us: the body exactly as sent and the headers the apps sign with. */
export interface ForwardedRequest {
  rawBody: string;
  contentType: string;
  signature: string | undefined;
  timestamp: string | undefined;
}

export interface Recognised {
  app: ForwardingApp;
  /** The app's signature does not cover the text: the messages are marked weakly authenticated. */
  weak: boolean;
  /** The bank messages it carried; none for an app's own events (SMSGate's ping, a sent SMS). */
  messages: Notification[];
}

const forged = () => new DomainError('forwarding_signature_invalid');
const stale = () => new DomainError('forwarding_timestamp_invalid');

const hmac = (key: string, text: string) => createHmac('sha256', key).update(text, 'utf8');

/** Compares two strings in constant time for their length. */
function sameText(given: string, expected: string): boolean {
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

const within = (timeMs: number, windowMs: number, now: number) =>
  Number.isFinite(timeMs) && Math.abs(now - timeMs) <= windowMs;

/** A phone's clock may be anything: a time from 2000 up to a day ahead of ours is taken, anything else is now. */
function receivedAt(value: unknown, now: number): string {
  const time =
    typeof value === 'number' || (typeof value === 'string' && /^\d{10,14}$/.test(value))
      ? Number(value)
      : typeof value === 'string'
        ? Date.parse(value)
        : Number.NaN;
  const sane = Number.isFinite(time) && time >= Date.UTC(2000, 0, 1) && time <= now + 86_400_000;
  return new Date(sane ? time : now).toISOString();
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** An Android package name (com.idamob.tinkoff.android): SmsForwarder puts it in `from` for an app's notification. */
const packagePattern = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/i;

/** The message as the bank-message path takes it, checked by the device API's own schema (lengths, times). */
function notification(message: Notification): Notification {
  const checked = deviceNotificationSchema.safeParse(message);
  if (!checked.success) throw new DomainError('validation_failed', { body: ['validation.invalid'] });
  return { ...message, id: checked.data.id };
}

/** The same message gets the same id: an app's retry is the same message, a replay is stored once. */
const idOf = (app: ForwardingApp, ...parts: (string | number | null)[]) =>
  `${app}:${sha256(JSON.stringify(parts)).slice(0, 40)}`;

function smsGate(request: ForwardedRequest, body: Record<string, unknown>, key: string, now: number): Recognised {
  const expected = hmac(key, request.rawBody + (request.timestamp ?? '')).digest('hex');
  if (!sameText((request.signature ?? '').toLowerCase(), expected)) throw forged();
  if (!/^\d{1,12}$/.test(request.timestamp ?? '') || !within(Number(request.timestamp) * 1000, smsGateWindowMs, now)) {
    throw stale();
  }
  const payload = (body.payload ?? {}) as Record<string, unknown>;
  const id = text(body.id);
  if (body.event !== 'sms:received' || !id) return { app: 'smsgate', weak: false, messages: [] };
  const message = notification({
    id: `smsgate:${id}`,
    package: null,
    title: text(payload.sender) ?? text(payload.phoneNumber),
    body: text(payload.message) ?? '',
    received_at: receivedAt(payload.receivedAt, now),
    via: { app: 'smsgate', weak: false },
  });
  return { app: 'smsgate', weak: false, messages: [message] };
}

/** SmsForwarder's sign: URL-encoded once by the app (the JSON template), or not at all by older versions. */
function smsForwarderSignOk(sign: string, timestamp: number, key: string): boolean {
  const expected = hmac(key, `${timestamp}\n${key}`).digest('base64');
  let decoded = sign;
  try {
    decoded = decodeURIComponent(sign);
  } catch {
    // Not percent-encoded: compared as it is.
  }
  return sameText(decoded, expected) || sameText(sign, expected);
}

function smsForwarder(fields: Record<string, unknown>, key: string, now: number): Recognised {
  const timestamp = Number(fields.timestamp);
  const sign = text(fields.sign) ?? '';
  if (!Number.isSafeInteger(timestamp) || !smsForwarderSignOk(sign, timestamp, key)) throw forged();
  if (!within(timestamp, smsForwarderWindowMs, now)) throw stale();
  const from = text(fields.from) ?? '';
  const title = text(fields.title);
  const isApp = packagePattern.test(from);
  const body = text(fields.text) ?? text(fields.org_content) ?? text(fields.content) ?? '';
  const at = receivedAt(fields.received_at ?? timestamp, now);
  const message = notification({
    id: idOf('smsforwarder', from, title, body, at),
    package: isApp ? from : null,
    // An SMS's [title] is its SIM card; an app's notification's [title] is the notification's own title.
    title: isApp ? title : from,
    body,
    received_at: at,
    via: { app: 'smsforwarder', weak: true },
  });
  return { app: 'smsforwarder', weak: true, messages: [message] };
}

/**
 * SMS Gateway webhook: no released version signs, so a request without X-Signature is taken on the link's token alone,
 * weakly authenticated (DESIGN §19); a build that signs (pull request #85) must sign right, and is authenticated.
 */
function smsGatewayWebhook(
  request: ForwardedRequest,
  body: Record<string, unknown>,
  key: string,
  now: number,
): Recognised {
  const weak = request.signature === undefined;
  if (!weak && !sameText((request.signature ?? '').toLowerCase(), hmac(key, request.rawBody).digest('hex'))) {
    throw forged();
  }
  if (!within(Number(body.receivedStamp), smsGatewayWebhookWindowMs, now)) throw stale();
  const from = text(body.from);
  const sent = body.sentStamp as string | number;
  const message = notification({
    id: idOf('sms-gateway-webhook', from, text(body.text), String(sent)),
    package: null,
    title: from,
    body: text(body.text) ?? '',
    received_at: receivedAt(sent, now),
    via: { app: 'sms-gateway-webhook', weak },
  });
  return { app: 'sms-gateway-webhook', weak, messages: [message] };
}

function parseJson(raw: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Which app sent this and whether it is signed with the link's key: a forged, unsigned or unrecognised request is
 * `forwarding_signature_invalid`, one signed too long ago `forwarding_timestamp_invalid` (both 401, nothing stored).
 */
export function recogniseForwarded(request: ForwardedRequest, key: string, now = Date.now()): Recognised {
  if (request.contentType.startsWith('application/x-www-form-urlencoded')) {
    const fields = Object.fromEntries(new URLSearchParams(request.rawBody));
    if (fields.sign !== undefined && fields.timestamp !== undefined) return smsForwarder(fields, key, now);
    throw forged();
  }
  const body = parseJson(request.rawBody);
  if (!body) throw forged();
  if (typeof body.event === 'string' && body.payload && request.timestamp !== undefined) {
    return smsGate(request, body, key, now);
  }
  if (body.sign !== undefined && body.timestamp !== undefined) return smsForwarder(body, key, now);
  if (body.receivedStamp !== undefined) return smsGatewayWebhook(request, body, key, now);
  throw forged();
}
