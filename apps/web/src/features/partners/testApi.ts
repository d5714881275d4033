import type { CurrentUser, PartnerSystem } from '@paydesk/contract';
import { screen } from '@testing-library/react';
import { envelope, mockApi, type RecordedCall, type Reply, users } from '../../app/testing';
import {
  credit,
  debit,
  fiatCurrencies,
  logOf,
  pageOf,
  partnerUsers,
  paymentOptions,
  systemListOf,
  userListOf,
} from './testData';

type Routes = Parameters<typeof mockApi>[0];

/** The query string of a recorded call (`mockApi` records the path only). */
export type QueryLog = Record<string, URLSearchParams[]>;

/**
 * Signs in as `user` and serves the partner systems screen: the list from `state.systems` (read at call time, so a
 * test can change it and see the reload), each system and its balance log, and the form's choices.
 */
export function servePartners(
  state: { systems: PartnerSystem[]; total?: string },
  extra: Routes = {},
  user: CurrentUser = users.root,
) {
  const queries: QueryLog = {};
  const lastQuery = (path: string) => {
    const url = new URL(String(api.fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
    const log = queries[path] ?? [];
    log.push(url.searchParams);
    queries[path] = log;
    return url.searchParams;
  };
  const systemRoutes: Routes = {};
  for (const system of state.systems) {
    const slug = system.partner.slug;
    systemRoutes[`GET /partner-system/${slug}`] = () => {
      const current = state.systems.find((item) => item.partner.slug === slug) ?? system;
      return envelope(current);
    };
    systemRoutes[`GET /partner-system/${slug}/balance-log`] = (): Reply => {
      const query = lastQuery(`/partner-system/${slug}/balance-log`);
      const page = Number(query.get('page') ?? '1');
      const count = Number(query.get('count') ?? '20');
      return envelope(logOf(slug === 'fast-pay' ? [credit, debit] : [], { ...pageOf(120, page, count) }));
    };
  }
  const api = mockApi({
    'GET /user/current': envelope({ data: user }),
    'GET /partner-system': () => {
      lastQuery('/partner-system');
      return envelope(systemListOf(state.systems, state.total));
    },
    ...systemRoutes,
    'GET /user': () => {
      lastQuery('/user');
      return envelope(userListOf(partnerUsers));
    },
    'GET /currency/fiat/': envelope(fiatCurrencies),
    'GET /payment_option': envelope(paymentOptions),
    ...extra,
  });
  return { ...api, queries };
}

export const writes = (calls: RecordedCall[]) => calls.filter((call) => call.method !== 'GET');

/** The table row showing `text`. */
export async function rowWith(text: string) {
  const cell = await screen.findByText(text, { selector: 'td, td *' });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}
