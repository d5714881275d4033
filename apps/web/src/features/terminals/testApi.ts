import type { CurrentUser, Terminal, TerminalNotification } from '@paydesk/contract';
import { screen } from '@testing-library/react';
import { envelope, makeUser, mockApi, type RecordedCall, type Reply } from '../../app/testing';
import { listOf, notification, requisiteChoices, traderUuid } from './testData';

type Routes = Parameters<typeof mockApi>[0];

export const trader = makeUser({ role: 'trader', username: 'trader', userId: traderUuid });

export interface TerminalsState {
  terminals: Terminal[];
  /** The list's total when it is more than the page shows (pagination tests); the number of terminals otherwise. */
  total?: number;
  /** Bank messages of every terminal: this many, served a page at a time. */
  messages?: number;
}

/**
 * Signs in as `user` and serves the terminals and devices screens: both lists from `state` (read at call time, so a
 * test can change it and see the reload), the requisite choices, and each terminal's bank messages.
 */
export function serveTerminals(state: TerminalsState, user: CurrentUser, extra: Routes = {}) {
  const urlOf = (call: RecordedCall) =>
    new URL(String(api.fetchMock.mock.calls[api.calls.indexOf(call)]?.[0]), 'http://localhost');
  const pageOf = (call: RecordedCall) => {
    const query = urlOf(call).searchParams;
    return { page: Number(query.get('page') ?? '1'), count: Number(query.get('count') ?? '20') };
  };
  const list = (call: RecordedCall): Reply => {
    const { page, count } = pageOf(call);
    return envelope(listOf(state.terminals, state.total ?? state.terminals.length, page, count));
  };
  const messageRoutes: Routes = {};
  for (const terminal of state.terminals) {
    messageRoutes[`GET /terminal/${terminal.guid}/notification/`] = (call) => {
      const { page, count } = pageOf(call);
      const total = state.messages ?? 2;
      const first = (page - 1) * count + 1;
      const items: TerminalNotification[] = [];
      for (let index = first; index <= Math.min(total, page * count); index += 1) items.push(notification(index));
      return envelope(listOf(items, total, page, count));
    };
  }
  const api = mockApi({
    'GET /user/current': envelope({ data: user }),
    'GET /trader/terminal': list,
    'GET /terminal': list,
    'GET /trader/requisite': envelope(listOf(requisiteChoices)),
    'GET /requisite': envelope(listOf(requisiteChoices.slice(0, 2))),
    ...messageRoutes,
    ...extra,
  });
  /** The query string of every call to `path`, in order. */
  const queriesOf = (path: string) =>
    api.calls.filter((call) => call.path === path).map((call) => urlOf(call).searchParams);
  return { ...api, queriesOf };
}

export const writes = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method !== 'GET').map((call) => [call.method, call.path, call.body]);

/** The card of the terminal named `name`. */
export function cardOf(name: string) {
  return screen.findByRole('article', { name });
}

/** The devices table's row showing `text`. */
export async function rowWith(text: string) {
  const cell = await screen.findByText(text, { selector: 'td, td *' });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}
