import { createHmac } from 'node:crypto';

/**
 * Requests exactly as the three forwarding apps of DESIGN §19 send them, written from each app's source (the files are
 * named at each builder). A test posts them as they are: their bodies are the apps' own bytes, signed the apps' way.
 */

export interface AppRequest {
  headers: Record<string, string>;
  body: string;
}

export interface Sms {
  sender: string;
  text: string;
  /** When the phone received it. */
  receivedAt: Date;
}

/** A phone in Moscow: the apps format times in the phone's own zone. */
const offsetMinutes = 180;

/** `yyyy-MM-dd'T'HH:mm:ss(.SSS)XXX` in the phone's zone, as Java's SimpleDateFormat writes it. */
function phoneTime(date: Date, millis: boolean): string {
  const local = new Date(date.getTime() + offsetMinutes * 60_000).toISOString();
  const base = millis ? local.slice(0, 23) : local.slice(0, 19);
  return `${base}+03:00`;
}

/**
 * Gson's default writer is "HTML safe": it writes < > & = ' as \u escapes (com.google.gson.stream.JsonWriter,
 * HTML_SAFE_REPLACEMENT_CHARS), and non-ASCII letters as they are.
 */
const gsonJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&=']/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * SMSGate, capcom6/android-sms-gateway:
 * - the body is WebHookEventDTO (modules/webhooks/domain/WebHookEventDTO.kt: id, webhookId, event, deviceId, payload),
 *   its id a NanoID made per event (WebHooksService.emit), serialized by Gson, which writes a subclass's fields before
 *   its parent's: SmsReceived's message and receivedAt, then MessageEventPayload's messageId, sender, recipient,
 *   simNumber, phoneNumber (payload/SmsEventPayload.kt, payload/MessageEventPayload.kt); dates as
 *   yyyy-MM-dd'T'HH:mm:ss.SSSXXX (extensions/GsonBuilder.kt); messageId is the message's hash in hex
 *   (modules/receiver/ReceiverService.kt);
 * - X-Timestamp is unix seconds and X-Signature the lowercase hex HMAC-SHA256(signing key, body + X-Timestamp)
 *   (modules/webhooks/plugins/PayloadSingingPlugin.kt), made again on every attempt;
 * - the User-Agent is the application id and version (workers/SendWebhookWorker.kt, DefaultRequest).
 */
export function smsGateRequest(
  key: string,
  sms: Sms,
  options: { eventId?: string; now?: Date; event?: string } = {},
): AppRequest {
  const body = gsonJson({
    id: options.eventId ?? nanoId(),
    webhookId: 'paydesk',
    event: options.event ?? 'sms:received',
    deviceId: 'ffffffff9b8e5f3a00000191c2d3e4f5',
    payload: {
      message: sms.text,
      receivedAt: phoneTime(sms.receivedAt, true),
      messageId: (sms.text.length * 2654435761).toString(16).slice(-8),
      sender: sms.sender,
      recipient: '+79161234567',
      simNumber: 1,
      phoneNumber: sms.sender,
    },
  });
  const timestamp = String(Math.floor((options.now ?? new Date()).getTime() / 1000));
  return {
    headers: {
      'content-type': 'application/json; charset=UTF-8',
      'user-agent': 'me.capcom.smsgateway/1.36.0',
      'x-timestamp': timestamp,
      'x-signature': createHmac('sha256', key)
        .update(body + timestamp)
        .digest('hex'),
    },
    body,
  };
}

let nanoSerial = 0;
/** A NanoID's shape: 21 characters of A-Za-z0-9_-. */
function nanoId(): string {
  nanoSerial += 1;
  return `V1StGXR8_Z5jdHi6B${String(nanoSerial).padStart(4, '0')}`.slice(-21);
}

/**
 * SmsForwarder's sign (pppscn/SmsForwarder, utils/sender/WebhookUtils.kt): Base64 (NO_WRAP) of
 * HMAC-SHA256(secret, "$timestamp\n" + secret), then URLEncoder.encode(…, "UTF-8").
 */
export function smsForwarderSign(key: string, timestampMs: number): string {
  const base64 = createHmac('sha256', key).update(`${timestampMs}\n${key}`).digest('base64');
  return encodeURIComponent(base64);
}

/** Gson's toJson of a string without its quotes: what WebhookUtils.escapeJson puts into a JSON template. */
const escapeJsonGson = (text: string) => gsonJson(text).slice(1, -1);

/**
 * SmsForwarder through Paydesk's JSON template (WebhookUtils.sendMsg, the JSON branch): [from] as it is, [title] (the
 * SIM card of an SMS, the title of an app's notification) and [org_content] through escapeJson, [receive_time:…] in
 * SimpleDateFormat of the phone's zone, [timestamp] in milliseconds, [sign] as made above; posted with upJson, so
 * XHttp2's BaseBodyRequest sends `application/json; charset=utf-8`.
 */
export function smsForwarderJsonRequest(
  key: string,
  sms: Sms & { title?: string },
  options: { now?: Date; sign?: string } = {},
): AppRequest {
  const timestamp = (options.now ?? new Date()).getTime();
  const body = `{"from":"${sms.sender}","title":"${escapeJsonGson(sms.title ?? 'SIM1_MTS')}","text":"${escapeJsonGson(sms.text)}","received_at":"${phoneTime(sms.receivedAt, false)}","timestamp":${timestamp},"sign":"${options.sign ?? smsForwarderSign(key, timestamp)}"}`;
  return { headers: { 'content-type': 'application/json; charset=utf-8' }, body };
}

/**
 * SmsForwarder with its default parameters (WebhookUtils.sendMsg, the last branch: no template given):
 * `from=[from]&content=[content]&timestamp=[timestamp]&sign=[sign]`, sent as a form through XHttp2's post with
 * Retrofit's @FieldMap, which form-encodes every value, so the already URL-encoded sign is encoded a second time.
 * [content] is the message through the app's SMS template (MsgInfo.getContentForSend): sender, text, SIM, SubId,
 * time and device name on their own lines.
 */
export function smsForwarderFormRequest(key: string, sms: Sms, options: { now?: Date } = {}): AppRequest {
  const timestamp = (options.now ?? new Date()).getTime();
  const local = phoneTime(sms.receivedAt, false).slice(0, 19).replace('T', ' ');
  const content = `${sms.sender}\n${sms.text}\nSIM1_MTS\nSubId：1\n${local}\nPixel 7`;
  const fields: [string, string][] = [
    ['from', sms.sender],
    ['content', content],
    ['timestamp', String(timestamp)],
    ['sign', smsForwarderSign(key, timestamp)],
  ];
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&'),
  };
}

/**
 * commons-text StringEscapeUtils.escapeJson: " \ / escaped, the control characters by name, everything outside
 * 32..127 as an upper-case \uXXXX escape, so a Russian SMS arrives as ASCII.
 */
function escapeJsonCommons(text: string): string {
  const named: Record<string, string> = { '"': '\\"', '\\': '\\\\', '/': '\\/', '\b': '\\b', '\f': '\\f' };
  Object.assign(named, { '\n': '\\n', '\r': '\\r', '\t': '\\t' });
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    out += named[char] ?? (code < 32 || code > 0x7f ? `\\u${code.toString(16).toUpperCase().padStart(4, '0')}` : char);
  }
  return out;
}

/**
 * SMS Gateway webhook, bogkonstantin/android_income_sms_gateway_webhook: ForwardingConfig.prepareMessage fills the
 * template (%from% and %sim% as they are, %text% through escapeJson, %sentStamp% the SMS's own time and
 * %receivedStamp% the phone's clock, both in milliseconds); Request.java posts it as `application/json;
 * charset=utf-8` with the configured headers ({"User-agent":"SMS Forwarder App"} by default) and, with "Sign with
 * HMAC-SHA-256" ticked (pull request #85, Request.setSignatureHeader), X-Signature = lowercase hex
 * HMAC-SHA256(secret, body). `released`: the app as released, which has no such option and sends no X-Signature.
 */
export function smsGatewayWebhookRequest(
  key: string,
  sms: Sms,
  options: { now?: Date; signature?: string; released?: boolean } = {},
): AppRequest {
  const received = (options.now ?? new Date()).getTime();
  const body = `{"from":"${sms.sender}","text":"${escapeJsonCommons(sms.text)}","sentStamp":${sms.receivedAt.getTime()},"receivedStamp":${received},"sim":"sim1"}`;
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'user-agent': 'SMS Forwarder App',
  };
  if (!options.released) {
    headers['x-signature'] = options.signature ?? createHmac('sha256', key).update(body, 'utf8').digest('hex');
  }
  return { headers, body };
}
