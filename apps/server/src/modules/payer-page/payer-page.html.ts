import { createHash } from 'node:crypto';
import type { Language } from '@paydesk/contract';
import { type Html, html, htmlAround, htmlBytes, htmlSlot, textHtml, trustedHtml } from '../../lib/html';
import type { ReferenceData } from '../reference/reference.module';
import {
  amountText,
  countsTo,
  type PageContext,
  type PageState,
  referenceOf,
  secondsUntil,
  stateOf,
  watchedStates,
} from './payer-page.state';
import { isTextKey, type TextKey, text } from './payer-page.texts';

/**
 * The payer's page as HTML (DESIGN §20): rendered here in the payer's language, for a phone first, light or dark by
 * the system's preference, whole without JavaScript (forms post and the server answers 303 back). Its one style
 * sheet is inline and allowed by its hash; its one script is /payer-page.js (copy buttons, the live timer, polling).
 */
const css = `
:root{color-scheme:light dark;--bg:#f4f5f7;--card:#fff;--fg:#16181d;--muted:#4a5060;--line:#d5d8de;--accent:#1c5fd4;--accent-fg:#fff;--ok:#1d6b32;--bad:#a3261c}
@media (prefers-color-scheme:dark){:root{--bg:#121417;--card:#1c1f24;--fg:#eef0f3;--muted:#b4bac6;--line:#3a3f48;--accent:#8ab4ff;--accent-fg:#0b1526;--ok:#7fd491;--bad:#ff9d94}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:28rem;margin:0 auto;padding:1rem}
header{display:flex;justify-content:space-between;align-items:center;gap:1rem}
header p{margin:0;font-weight:600}
a{color:var(--accent)}
h1{font-size:1.35rem;margin:1rem 0 .5rem}
section{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1rem;margin:.75rem 0}
.amount{font-size:2rem;font-weight:700;margin:0}
.muted{color:var(--muted)}
dl{margin:0}
dt{color:var(--muted);font-size:.875rem;margin-top:.75rem}
dd{margin:0;font-size:1.125rem;font-weight:600;display:flex;align-items:center;gap:.5rem;flex-wrap:wrap;overflow-wrap:anywhere}
.mono{font-variant-numeric:tabular-nums;letter-spacing:.02em}
button,.button{font:inherit;font-weight:600;border-radius:10px;border:0;padding:.75rem 1rem;background:var(--accent);color:var(--accent-fg);width:100%;cursor:pointer;text-align:center;text-decoration:none;display:block}
button.copy{display:inline-block;vertical-align:middle;margin-left:.5rem;width:auto;padding:.25rem .75rem;font-size:.875rem;background:transparent;color:var(--accent);border:1px solid var(--accent)}
form{margin:.75rem 0}
label{display:block;margin:.5rem 0 .25rem;font-weight:600}
input{font:inherit;width:100%;padding:.5rem;border:1px solid var(--muted);border-radius:8px;background:var(--card);color:var(--fg)}
.notice{border-left:4px solid var(--bad);padding:.5rem .75rem;background:var(--card)}
.ok{color:var(--ok)}
footer{font-size:.875rem;color:var(--muted);margin-top:1rem}
`.trim();

/** The CSP's allowance of the inline style sheet, by its hash: no other style is allowed. */
export const styleHash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
const styleSheet = trustedHtml(css);

const clock = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
const utcTime = (at: Date) => at.toISOString().slice(11, 16);
const cardGroups = (digits: string) => digits.replace(/\D/g, '').replace(/(\d{4})(?=\d)/g, '$1 ');

export interface PageView {
  context: PageContext;
  language: Language;
  /** The language chosen on the page itself (kept through its forms), if any. */
  chosen: Language | null;
  token: string;
  reference: ReferenceData;
  /** A refusal to show, by its text key (after a form's 303). */
  notice?: string | undefined;
}

/**
 * A page rendered, as its bytes before and after its timer (the one thing on it that changes while its context does
 * not); `after` is null on a page without a timer. Kept while its context is, and sent with `pageBytes`.
 */
export interface RenderedPage {
  context: PageContext;
  before: Buffer;
  after: Buffer | null;
}

/** Where the timer goes: seconds left, as the script counts them down (and as a page without it shows them). */
const timerSlot = htmlSlot();

/** A rendered page's bytes at `now`: its timer showing the seconds left then. */
export function pageBytes(page: RenderedPage, now: Date): Buffer {
  const end = countsTo(page.context.order);
  if (!page.after || !end) return page.before;
  const seconds = secondsUntil(end, now);
  // Digits and a date in ISO form: nothing to escape, one byte a character.
  const timer = `<time class="mono" datetime="${end.toISOString()}" data-seconds="${seconds}">${clock(seconds)}</time>`;
  const bytes = Buffer.allocUnsafe(page.before.length + timer.length + page.after.length);
  page.before.copy(bytes, 0);
  bytes.write(timer, page.before.length, 'latin1');
  page.after.copy(bytes, page.before.length + timer.length);
  return bytes;
}

/** A text of the page as markup: those without a placeholder, most of a page, encoded once per language. */
type Say = (key: TextKey, params?: Record<string, string | number>) => Html;
const said = new Map<string, Html>();
const sayIn =
  (language: Language): Say =>
  (key, params) => {
    if (params) return textHtml(text(language, key, params));
    const known = said.get(`${language}:${key}`);
    if (known) return known;
    const markup = textHtml(text(language, key));
    said.set(`${language}:${key}`, markup);
    return markup;
  };

function detailRow(label: Html, shown: string, copy?: string) {
  return copy === undefined
    ? html`<dt>${label}</dt><dd>${shown}</dd>`
    : html`<dt>${label}</dt><dd><span class="mono" data-copy="${copy}">${shown}</span></dd>`;
}

function paymentDetails(view: PageView, t: Say) {
  const { order } = view.context;
  const details = order.details;
  const type = order.paymentType ? view.reference.paymentTypes.get(order.paymentType) : undefined;
  const bank = type ? (view.language === 'ru' ? type.nameRu : type.nameEn) : details.bank;
  const amount = amountText(order, view.reference);
  const rows = [
    bank ? detailRow(t('bank'), bank) : null,
    details.card_number ? detailRow(t('card'), cardGroups(details.card_number), details.card_number) : null,
    details.phone ? detailRow(t('phone'), details.phone, details.phone) : null,
    !details.card_number && !details.phone && details.account_number
      ? detailRow(t('account'), details.account_number, details.account_number)
      : null,
    details.holder ? detailRow(t('holder'), details.holder) : null,
  ].filter((row): row is Html => row !== null);
  const timer = countsTo(order) ? html`<dt>${t('timeLeft')}</dt><dd>${timerSlot.markup}</dd>` : null;
  return html`<section aria-labelledby="amount-label"><p id="amount-label" class="muted">${t('amount')}</p>
<p class="amount mono"><span data-copy="${amount}">${amount}</span> ${order.fiat}</p>
<p>${t('exact')}</p><dl>${rows}${timer}</dl></section>`;
}

const hiddenLanguage = (view: PageView) =>
  view.chosen ? html`<input type="hidden" name="lang" value="${view.chosen}">` : null;

function receiptForm(view: PageView, t: Say) {
  return html`<form method="post" action="/pay/${view.token}/receipt" enctype="multipart/form-data">${hiddenLanguage(view)}
<label for="receipt">${t('receipt')}</label><input id="receipt" name="receipt" type="file" required accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg">
<button type="submit">${t('receiptButton')}</button></form>`;
}

function appealForm(view: PageView, t: Say) {
  const { order } = view.context;
  const offset = view.language === 'ru' ? 180 : 0;
  const required = view.context.receipts === 0 ? html` required` : null;
  return html`<section><h2>${t('alreadyPaid')}</h2><p>${t('appealText')}</p>
<form method="post" action="/pay/${view.token}/appeal" enctype="multipart/form-data">${hiddenLanguage(view)}
<input type="hidden" name="tz_offset" value="${offset}">
<label for="paid_amount">${t('paidAmount', { currency: order.fiat })}</label><input id="paid_amount" name="paid_amount" inputmode="decimal" required value="${amountText(order, view.reference)}">
<label for="paid_at">${t('paidAt')}</label><input id="paid_at" name="paid_at" type="datetime-local" required>
<label for="appeal_receipt">${t('receipt')}</label><input id="appeal_receipt" name="receipt" type="file"${required} accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg">
<button type="submit">${t('appealButton')}</button></form></section>`;
}

/** What the page says under its heading, by state. */
function body(state: PageState, view: PageView, t: Say): Html {
  const { page, order } = view.context;
  const back = page.returnUrl
    ? html`<a class="button" href="${page.returnUrl}" rel="noreferrer">${t('back')}</a>`
    : null;
  const receipts =
    view.context.receipts > 0 ? html`<p class="ok">${t('receiptsKept', { count: view.context.receipts })}</p>` : null;
  switch (state) {
    case 'waiting':
      return html`${paymentDetails(view, t)}<p>${t('steps')}</p>
<form method="post" action="/pay/${view.token}/paid">${hiddenLanguage(view)}<button type="submit">${t('paidButton')}</button></form>
<section>${receipts}${receiptForm(view, t)}</section>`;
    case 'reported':
      return html`<p>${t('reportedText', { time: utcTime(page.reportedAt ?? order.updatedAt) })}</p>${paymentDetails(view, t)}<section>${receipts}${receiptForm(view, t)}</section>`;
    case 'paid':
      return html`<p class="ok">${t('paidText')}</p>${back}`;
    case 'appeal_resolved':
      return html`<p class="ok">${t('appealResolvedText')}</p>${back}`;
    case 'expired':
    case 'canceled':
      return html`<p>${t(state === 'expired' ? 'expiredText' : 'canceledText')}</p>${receipts}${view.context.dispute ? null : appealForm(view, t)}`;
    case 'appeal_open':
      return html`<p>${t('appealOpenText')}</p>`;
    case 'appeal_rejected':
      return html`<p>${t('appealRejectedText')}</p>`;
  }
}

const headings: Record<PageState, TextKey> = {
  waiting: 'waitingTitle',
  reported: 'reportedTitle',
  paid: 'paidTitle',
  expired: 'canceledTitle',
  canceled: 'canceledTitle',
  appeal_open: 'appealOpenTitle',
  appeal_resolved: 'appealResolvedTitle',
  appeal_rejected: 'appealRejectedTitle',
};

function document(language: Language, title: Html, main: Html) {
  return html`<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><title>${title}</title><style>${styleSheet}</style><script src="/payer-page.js" defer></script></head><body>${main}</body></html>`;
}

/** The page a token opens, rendered (its bytes around its timer). */
export function renderPage(view: PageView): RenderedPage {
  const state = stateOf(view.context);
  const t = sayIn(view.language);
  const { settings } = view.context;
  const shop = settings.payer_display_name ? t('shop', { shop: settings.payer_display_name }) : t('shopless');
  const other: Language = view.language === 'ru' ? 'en' : 'ru';
  const notice =
    view.notice && isTextKey(view.notice) ? html`<p class="notice" role="alert">${t(view.notice)}</p>` : null;
  const support = settings.payer_support_contact
    ? html`<p>${t('support', { contact: settings.payer_support_contact })}</p>`
    : null;
  const watched = watchedStates.includes(state);
  const main = html`<main data-state="${state}" data-status-url="/pay/${view.token}/status" data-poll="${watched ? '1' : '0'}" data-copy-label="${t('copy')}" data-copied-label="${t('copied')}">
<header><p>${shop}</p><a href="/pay/${view.token}?lang=${other}" hreflang="${other}" lang="${other}">${t('language')}</a></header>
<h1>${t(headings[state])}</h1>${notice}${body(state, view, t)}
<footer><p>${t('reference')}: <span class="mono">${referenceOf(view.context.order)}</span></p>${support}${watched ? html`<noscript><p>${t('noScript')}</p></noscript>` : null}</footer></main>`;
  return { context: view.context, ...htmlAround(document(view.language, shop, main), timerSlot) };
}

/** The page of a token that opens nothing, as the answer's bytes: the same for a wrong token and a gone order. */
export function renderMissing(language: Language): Buffer {
  const t = sayIn(language);
  return htmlBytes(document(language, t('title'), html`<main><h1>${t('error.not_found')}</h1></main>`));
}
