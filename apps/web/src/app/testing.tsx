import type { CurrentUser, Language } from '@paydesk/contract';
import type { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { changeLanguage, i18n, initI18n, lazyNamespaces } from '../lib/i18n';
import { createQueryClient } from '../lib/query';
import { AppProviders } from './providers';
import { appRoutes } from './router';
// The signed-in layout and the toasts' container are lazy chunks; the app preloads the first at startup (main.tsx).
// Loaded here up front, a screen's first render in a test does not wait for their modules to be compiled.
import './layout/SignedInLayout';
import './Toasts';

/**
 * Test helpers for the shell and the screens: the real routes, providers and i18n, with `fetch` replaced by a
 * table of canned answers.
 */

export interface RecordedCall {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

export interface Reply {
  status?: number;
  body?: unknown;
}

type Route = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

export function envelope(data: unknown): Reply {
  return { status: 200, body: { success: true, data } };
}

export function failureReply(status: number, code: string, localizedMessage?: string): Reply {
  const body: Record<string, unknown> = { success: false, error: { code, message: code } };
  if (localizedMessage !== undefined) body.localized_message = localizedMessage;
  return { status, body };
}

/** A 422 of the server: `errors` holds each field's messages, already in the request's language. */
export function validationFailure(
  errors: Record<string, string[]>,
  localizedMessage = 'Some fields are not filled in correctly.',
): Reply {
  return {
    status: 422,
    body: {
      success: false,
      error: { code: 'validation_failed', message: 'validation_failed' },
      localized_message: localizedMessage,
      errors,
    },
  };
}

/**
 * Replaces `fetch` with a router over `"METHOD /path"` keys (path without /api/inner and query). Unknown calls
 * answer 404. Every call is recorded in `calls`.
 */
export function mockApi(routes: Record<string, Route>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api\/inner/, ''),
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const reply =
      typeof route === 'function' ? await route(call) : (route ?? failureReply(404, 'not_found', 'Not found.'));
    const status = reply.status ?? 200;
    const text = reply.body === undefined ? null : JSON.stringify(reply.body);
    return new Response(status === 204 ? null : text, {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('WebSocket', SilentWebSocket);
  return { calls, fetchMock };
}

/**
 * The shell opens the real-time connection on every signed-in screen; under test it is a socket that never connects,
 * so no test reaches the network. The real-time tests put their own fake in its place.
 */
class SilentWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly readyState = SilentWebSocket.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  send() {}
  close() {}
  addEventListener() {}
  removeEventListener() {}
}

export const makeWallet = (slug: 'virtual' | 'real', name: string, amount: string): CurrentUser['wallets'][number] => ({
  name,
  type: { slug },
  amount: { amount, currency: { code: 'USDT', name: 'Tether USD', ratio_fraction: 6 } },
  holder: { username: 'holder', uuid: '01a201f1-0000-7000-8000-000000000000', is_root: false },
});

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    role: 'admin',
    roles: [],
    isRoot: false,
    userId: '01a201f1-e882-7617-870d-c5d07c92bb18',
    username: 'root',
    email: null,
    isActive: true,
    manualWithdrawal: false,
    inviteCode: null,
    comment: null,
    createdAt: '2026-03-05T07:08:09.000Z',
    updatedAt: '2026-03-05T07:08:09.000Z',
    isOnline: true,
    apiKeys: { key: null, secret: null, notification: null },
    ws_token: 'ws-token',
    createdBy: null,
    is2FAEnabled: false,
    wallets: [],
    notificationURL: null,
    profile: { insurance_paid: true, insurance_payment_amount: null },
    ...overrides,
  };
}

export const users = {
  root: makeUser({ isRoot: true }),
  support: makeUser({ username: 'support', roles: ['support'] }),
  merchant: makeUser({
    role: 'merchant',
    username: 'merchant',
    inviteCode: 'INV-42',
    manualWithdrawal: true,
    wallets: [
      makeWallet('virtual', 'virtual-merchant', '5000.000000'),
      makeWallet('real', 'TXmerchantRealAddress0000000000001', '0'),
    ],
  }),
  trader2: makeUser({
    role: 'trader',
    username: 'trader2',
    profile: {
      insurance_paid: false,
      insurance_payment_amount: { amount: '100', currency: { code: 'USDT', name: 'Tether USD', ratio_fraction: 6 } },
    },
  }),
};

/** Starts i18n once, loads every namespace in both languages, and switches to `language`. */
export async function prepareI18n(language: Language = 'en'): Promise<void> {
  await initI18n();
  await i18n.loadLanguages(['en', 'ru']);
  await i18n.loadNamespaces([...lazyNamespaces]);
  await changeLanguage(language);
}

export interface RenderAppResult {
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
}

/** Renders the whole app (real routes and providers) at `path`. */
export function renderApp(path: string, queryClient: QueryClient = createQueryClient()): RenderAppResult {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient };
}

/**
 * Waits until the app has nothing left to do: no query or mutation in flight, React's updates and effects flushed,
 * twice in a row. A check that something is *not* shown or *not* asked for comes after it: it waits on the app's
 * state, turn by turn, never on a number of milliseconds.
 */
export async function untilSettled(queryClient: QueryClient): Promise<void> {
  const idle = () => queryClient.isFetching() === 0 && queryClient.isMutating() === 0;
  // One turn of the event loop inside act: the query cache's notifications (a zero timeout) and React's work run.
  const turn = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  for (let quiet = 0; quiet < 2; ) {
    await turn();
    quiet = idle() ? quiet + 1 : 0;
  }
}
