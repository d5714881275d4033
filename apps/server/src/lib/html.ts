/**
 * HTML written as tagged templates and kept as UTF-8 bytes: `html\`<p>${text}</p>\`` escapes every string it is
 * given (nothing reaches the page unescaped unless it is already `Html`), and encodes each template's fixed text once,
 * on its first use, since a template literal's strings are one object per call site. A page is then its fixed bytes
 * and its values' bytes, joined once into the answer's buffer: no long string built by concatenation, measured again
 * and encoded again on every answer (bench/payer-page.ts).
 */
export class Html {
  constructor(
    readonly parts: readonly Buffer[],
    readonly length: number,
  ) {}
}

/** What a template may hold: text (escaped), a number, markup, a list of markup, or nothing. */
export type HtmlValue = Html | string | number | null | undefined | false | readonly Html[];

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const special = /[&<>"']/;

/** Text safe inside an element or a quoted attribute. */
export const escapeHtml = (value: string): string =>
  special.test(value) ? value.replace(/[&<>"']/g, (character) => escapes[character] ?? character) : value;

const fixedBytes = new WeakMap<TemplateStringsArray, Buffer[]>();

function fixedOf(strings: TemplateStringsArray): Buffer[] {
  let bytes = fixedBytes.get(strings);
  if (!bytes) {
    bytes = strings.map((text) => Buffer.from(text));
    fixedBytes.set(strings, bytes);
  }
  return bytes;
}

function add(parts: Buffer[], value: HtmlValue): number {
  if (value === null || value === undefined || value === false || value === '') return 0;
  if (value instanceof Html) {
    for (const part of value.parts) parts.push(part);
    return value.length;
  }
  if (typeof value === 'object') {
    let length = 0;
    for (const item of value) length += add(parts, item);
    return length;
  }
  const bytes = Buffer.from(typeof value === 'number' ? String(value) : escapeHtml(value));
  parts.push(bytes);
  return bytes.length;
}

/** Markup from a template: its fixed text as written, its values escaped (or kept, when they are markup). */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  const fixed = fixedOf(strings);
  const parts: Buffer[] = [];
  let length = 0;
  for (let index = 0; index < values.length; index += 1) {
    const text = fixed[index] as Buffer;
    if (text.length > 0) parts.push(text);
    length += text.length + add(parts, values[index]);
  }
  const last = fixed[values.length] as Buffer;
  if (last.length > 0) parts.push(last);
  return new Html(parts, length + last.length);
}

/** Markup written elsewhere and trusted as it is (a style sheet): encoded here, once per call, so keep the result. */
export const trustedHtml = (markup: string): Html => {
  const bytes = Buffer.from(markup);
  return new Html([bytes], bytes.length);
};

/** Escaped text as markup, encoded once: for text shown on many pages (a page's words in one language). */
export const textHtml = (text: string): Html => trustedHtml(escapeHtml(text));

/** The bytes of the answer. */
export const htmlBytes = (markup: Html): Buffer => Buffer.concat(markup.parts as Buffer[], markup.length);

/**
 * A place left open in markup, filled when the bytes are sent (a timer): markup made with it can be kept as two byte
 * runs and sent many times, each time with what the place shows then. A slot is marked by its own empty buffer, so
 * no text given to a template can forge it.
 */
export interface HtmlSlot {
  readonly markup: Html;
}

export const htmlSlot = (): HtmlSlot => ({ markup: new Html([Buffer.alloc(0)], 0) });

/** Markup's bytes before and after `slot`; all of them before, and none after, when the markup does not hold it. */
export function htmlAround(markup: Html, slot: HtmlSlot): { before: Buffer; after: Buffer | null } {
  const mark = slot.markup.parts[0];
  const at = markup.parts.indexOf(mark as Buffer);
  if (at < 0) return { before: htmlBytes(markup), after: null };
  const before = markup.parts.slice(0, at) as Buffer[];
  const after = markup.parts.slice(at + 1) as Buffer[];
  return { before: Buffer.concat(before), after: Buffer.concat(after) };
}
