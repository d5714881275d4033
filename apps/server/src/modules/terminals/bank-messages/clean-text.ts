import type { Notification } from './settle';

/**
 * What PostgreSQL's text cannot hold: NUL, and a UTF-16 surrogate without its pair (JSON's `\ud800`), which has no
 * UTF-8 spelling. A forwarded message may carry either (a phone's garbled SMS, or a forged one); it is stored and read
 * without them, never refused: a refused message is lost, as its app does not send it again (issue 31, F6).
 */
const nul = String.fromCharCode(0);
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text without NUL, each lone surrogate replaced by U+FFFD (the replacement character). */
export const storableText = (text: string) => text.replaceAll(nul, '').replace(loneSurrogate, '\uFFFD');

/**
 * The message as it can be stored and read, and, when that changed any of it, what it was exactly as received (JSON:
 * its escapes spell out every NUL and lone surrogate), kept beside it.
 */
export function storableMessage(message: Notification): { message: Notification; received: string | null } {
  const fields = [message.id, message.package, message.title, message.body] as const;
  const clean = fields.map((field) => (field === null ? null : storableText(field)));
  if (clean.every((field, index) => field === fields[index])) return { message, received: null };
  const [id, pkg, title, body] = clean;
  const received = JSON.stringify({
    id: message.id,
    package: message.package,
    title: message.title,
    body: message.body,
  });
  return {
    message: { ...message, id: id ?? '', package: pkg ?? null, title: title ?? null, body: body ?? '' },
    received,
  };
}
