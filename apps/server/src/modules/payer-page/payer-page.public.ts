import { disputeFileMaxBytes, type Language } from '@paydesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicOrigin } from '../../http/public-origin';
import { DomainError } from '../../lib/errors';
import { createFailureLimit } from '../../lib/failure-limit';
import type { OpenDispute } from '../disputes/disputes.module';
import { appeal, attachReceipt, type PageDeps, PageRefusal, reportPaid } from './payer-page.actions';
import type { PageCache } from './payer-page.cache';
import { type PageView, pageBytes, type RenderedPage, renderMissing, renderPage, styleHash } from './payer-page.html';
import { parseMultipart } from './payer-page.multipart';
import { pageScript } from './payer-page.script';
import { findContext, type PageContext, pageLanguage, statusOf } from './payer-page.state';
import { text } from './payer-page.texts';

/** No session, no XSRF token: the token in the path is the payer's only key, and its secret (DESIGN §20). */
const routeConfig = { access: 'public' as const, csrf: false, secretParams: ['token'] };
/** Actions per page in a window: a payer's retries, never a flood of uploads from whoever holds the link. */
const actionsPerWindow = 30;
const actionWindowSeconds = 600;

/**
 * The answer's headers (DESIGN §20): a CSP allowing this origin's script and the page's own style only, framed only by
 * the merchant's origins; no referrer (the token is in the URL), never stored, never indexed.
 */
function pageHeaders(reply: FastifyReply, frameOrigins: readonly string[]) {
  reply
    .header('content-security-policy', frameOrigins.length > 0 ? policyFor(frameOrigins.join(' ')) : unframedPolicy)
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .header('x-content-type-options', 'nosniff');
  // Framed by the merchant's origins: X-Frame-Options, which knows no list, is left out (see the onSend hook below).
  if (frameOrigins.length > 0) reply.header('x-frame-options', framedMark);
}

const framedMark = 'paydesk-framed';

const policyFor = (ancestors: string) =>
  `default-src 'none'; script-src 'self'; style-src ${styleHash}; img-src 'self' data:; connect-src 'self'; ` +
  `form-action 'self'; base-uri 'none'; frame-ancestors ${ancestors}`;
/** The policy of a page no site may frame, the usual case: built once. */
const unframedPolicy = policyFor("'none'");

type TokenRequest = FastifyRequest<{ Params: { token: string }; Querystring: { lang?: string; e?: string } }>;

const wantsJson = (request: FastifyRequest) => (request.headers.accept ?? '').includes('application/json');
const chosenOf = (value: unknown): Language | null => (value === 'en' || value === 'ru' ? value : null);

type Form = { fields: Record<string, string>; files: Record<string, Buffer> } | null | undefined;
type Action = (context: PageContext, form: NonNullable<Form>, language: Language) => Promise<void>;

/** A refusal as JSON: the envelope, its message in the page's language. */
function refuse(reply: FastifyReply, refusal: PageRefusal, language: Language) {
  if (refusal.code === 'throttled') reply.header('retry-after', String(refusal.params.seconds ?? 60));
  return reply
    .status(refusal.status)
    .header('cache-control', 'no-store')
    .send({
      success: false,
      error: { code: refusal.code, message: text('en', refusal.key, refusal.params) },
      localized_message: text(language, refusal.key, refusal.params),
      ...(refusal.fields ? { errors: refusal.fields } : {}),
    });
}

function asRefusal(error: unknown): PageRefusal {
  if (error instanceof PageRefusal) return error;
  if (error instanceof DomainError && error.code === 'throttled') {
    return new PageRefusal(429, 'throttled', 'error.throttled', error.params ?? {});
  }
  throw error;
}

/** The page's forms: multipart (a receipt) and plain; and no X-Frame-Options on a page its merchant may frame. */
function registerParsers(app: FastifyInstance) {
  // The security headers' plugin adds X-Frame-Options: DENY to every answer without one; a framed page drops it.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.getHeader('x-frame-options') === framedMark) reply.removeHeader('x-frame-options');
    done(null, payload);
  });
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: formBodyLimit },
    (request, body, done) => done(null, parseMultipart(body as Buffer, request.headers['content-type'] ?? '')),
  );
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, { fields: Object.fromEntries(new URLSearchParams(body as string)), files: {} }),
  );
}

const formBodyLimit = disputeFileMaxBytes + 256 * 1024;

/** How a request finds its page: by its token, unknown tokens limited per address; its language; its origin. */
function pagesOf(app: FastifyInstance, cache: PageCache) {
  const misses = createFailureLimit(app.config.LOGIN_MAX_FAILURES_PER_IP, app.config.LOGIN_WINDOW_SECONDS);
  return {
    /**
     * The page a request's token opens with what it shows; a refusal (404, or 429 past the address's limit) else. A
     * view (`cached`) may be answered from the pages kept in this process; an action always reads the database.
     */
    async contextOf(request: TokenRequest, cached = false): Promise<PageContext> {
      const { token } = request.params;
      const kept = cached ? cache.get(token) : undefined;
      if (kept) return kept;
      const context = await findContext(app.db, token);
      if (context) {
        if (cached) cache.set(token, context);
        return context;
      }
      const keys = [`ip:${request.ip}`];
      misses.assertAllowed(keys);
      misses.recordFailure(keys);
      throw new PageRefusal(404, 'not_found', 'error.not_found');
    },
    forget: (orderId: string) => cache.dropOrders([orderId]),
    languageOf: (request: TokenRequest, context?: PageContext) =>
      context
        ? pageLanguage(request.query.lang, context.page, request.language)
        : (chosenOf(request.query.lang) ?? request.language),
    /**
     * POSTs come only from the page itself (DESIGN §20): the browser's Origin is this origin, or, where the page's
     * no-referrer policy makes it send `Origin: null`, its Sec-Fetch-Site says same-origin (neither can a page forge).
     */
    sameOrigin(request: FastifyRequest) {
      const origin = request.headers.origin;
      if (origin && origin !== 'null') return origin === publicOrigin(app.config, request);
      return request.headers['sec-fetch-site'] === 'same-origin';
    },
  };
}
type Pages = ReturnType<typeof pagesOf>;

/**
 * The pages rendered from each context while it is kept (by language, and the one chosen on the page): a page viewed
 * again — reloaded without JavaScript, opened on a second device — is its kept bytes with the timer filled in. They go
 * with their context: a context dropped from the cache (a move, an action, its age) takes them along.
 */
const renderedOf = new WeakMap<PageContext, Map<string, RenderedPage>>();

function renderedPage(view: PageView): RenderedPage {
  // A page with a refusal's message on it is shown once, after the form that was refused.
  if (view.notice) return renderPage(view);
  const key = `${view.language}:${view.chosen ?? ''}`;
  let pages = renderedOf.get(view.context);
  const kept = pages?.get(key);
  if (kept) return kept;
  const page = renderPage(view);
  if (!pages) {
    pages = new Map();
    renderedOf.set(view.context, pages);
  }
  pages.set(key, page);
  return page;
}

/** GET /pay/{token}, its status, and the script. */
function readRoutes(app: FastifyInstance, pages: Pages) {
  app.get('/payer-page.js', { config: { access: 'public' as const } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(pageScript),
  );

  app.get('/pay/:token', { config: routeConfig }, async (request: TokenRequest, reply) => {
    let context: PageContext;
    try {
      context = await pages.contextOf(request, true);
    } catch (error) {
      const refusal = asRefusal(error);
      pageHeaders(reply, []);
      if (refusal.code === 'throttled') reply.header('retry-after', String(refusal.params.seconds ?? 60));
      return reply
        .status(refusal.status)
        .type('text/html; charset=utf-8')
        .send(renderMissing(pages.languageOf(request)));
    }
    pageHeaders(reply, context.settings.payer_frame_origins);
    const page = renderedPage({
      context,
      language: pages.languageOf(request, context),
      chosen: chosenOf(request.query.lang),
      token: request.params.token,
      reference: app.reference,
      notice: request.query.e,
    });
    return reply.type('text/html; charset=utf-8').send(pageBytes(page, new Date()));
  });

  app.get('/pay/:token/status', { config: routeConfig }, async (request: TokenRequest, reply) => {
    pageHeaders(reply, []);
    try {
      return { success: true, data: statusOf(await pages.contextOf(request, true), new Date()) };
    } catch (error) {
      return refuse(reply, asRefusal(error), pages.languageOf(request));
    }
  });
}

/**
 * One of the payer's actions as a route: the page found, the origin checked, the page's actions limited, then the
 * action; 303 back to the page (with the refusal's message on it), or JSON for a client that asks for it.
 */
function actionRoute(app: FastifyInstance, pages: Pages, limit: ReturnType<typeof createFailureLimit>, run: Action) {
  return async (request: TokenRequest, reply: FastifyReply) => {
    pageHeaders(reply, []);
    const form = (request.body as Form) ?? { fields: {}, files: {} };
    const chosen = chosenOf(form?.fields.lang);
    let language = chosen ?? request.language;
    const back = (notice?: string) => {
      const query = new URLSearchParams({ ...(chosen ? { lang: chosen } : {}), ...(notice ? { e: notice } : {}) });
      const search = query.size > 0 ? `?${query}` : '';
      return reply.status(303).header('location', `/pay/${request.params.token}${search}`).send();
    };
    try {
      const context = await pages.contextOf(request);
      language = pageLanguage(chosen ?? undefined, context.page, request.language);
      if (!pages.sameOrigin(request)) throw new PageRefusal(403, 'forbidden', 'error.forbidden');
      const keys = [`order:${context.order.id}`];
      limit.assertAllowed(keys);
      limit.recordFailure(keys);
      if (!form) throw new PageRefusal(422, 'validation_failed', 'error.invalid');
      try {
        await run(context, form, language);
      } finally {
        // Whatever the payer's action did (a receipt kept, a refusal after a change), the page is read anew.
        pages.forget(context.order.id);
      }
      if (!wantsJson(request)) return back();
      const after = await findContext(app.db, request.params.token);
      return { success: true, data: after ? statusOf(after, new Date()) : null };
    } catch (error) {
      const refusal = asRefusal(error);
      if (wantsJson(request) || refusal.status === 404 || refusal.status === 403)
        return refuse(reply, refusal, language);
      return back(refusal.key);
    }
  };
}

/**
 * The payer's page (DESIGN §20): GET /pay/{token} (HTML), GET /pay/{token}/status (JSON), and the payer's actions
 * POST /pay/{token}/paid, /receipt and /appeal, which answer 303 back to the page (a form without JavaScript) or JSON
 * (a client asking for it). A token that opens nothing is the same 404 whatever it is; unknown tokens are limited per
 * address, actions per page, so nobody's guesses lock another order's payer out.
 */
export async function payerPagePublic(
  app: FastifyInstance,
  { cache, openDispute }: { cache: PageCache; openDispute: OpenDispute },
) {
  const deps: PageDeps = { db: app.db, config: app.config, reference: app.reference, files: app.files, openDispute };
  const limit = createFailureLimit(actionsPerWindow, actionWindowSeconds);
  const pages = pagesOf(app, cache);
  registerParsers(app);
  readRoutes(app, pages);
  const route = (run: Action) => actionRoute(app, pages, limit, run);
  app.post(
    '/pay/:token/paid',
    { config: routeConfig },
    route((context) => reportPaid(deps, context)),
  );
  app.post(
    '/pay/:token/receipt',
    { config: routeConfig, bodyLimit: formBodyLimit },
    route((context, form) => attachReceipt(deps, context, form.files.receipt)),
  );
  app.post(
    '/pay/:token/appeal',
    { config: routeConfig, bodyLimit: formBodyLimit },
    route((context, form, language) =>
      appeal(deps, context, { fields: form.fields, file: form.files.receipt }, language),
    ),
  );
}
