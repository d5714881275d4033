import type { AntiFraudCase, CurrentUser } from '@paydesk/contract';
import { screen } from '@testing-library/react';
import { envelope, mockApi, type RecordedCall, users } from '../../app/testing';
import { listOf, storedSettings } from './testData';

type Routes = Parameters<typeof mockApi>[0];

/**
 * Signs in as `user` and serves the anti-fraud screen: the cases from `state` (read at call time, so a test can change
 * them and see the reload) and the settings.
 */
export function serveAntiFraud(state: { cases: AntiFraudCase[] }, extra: Routes = {}, user: CurrentUser = users.root) {
  const api = mockApi({
    'GET /user/current': envelope({ data: user }),
    'GET /anti_fraud/': () => envelope(listOf(state.cases)),
    'GET /anti_fraud/settings/': envelope(storedSettings),
    ...extra,
  });
  const urlOf = (call: RecordedCall) =>
    new URL(String(api.fetchMock.mock.calls[api.calls.indexOf(call)]?.[0]), 'http://localhost');
  /** The query string of every call to `path`, in order. */
  const queriesOf = (path: string) =>
    api.calls.filter((call) => call.path === path).map((call) => urlOf(call).searchParams);
  return { ...api, queriesOf };
}

export const writes = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method !== 'GET').map((call) => [call.method, call.path, call.body]);

/** The cases table's row showing `text`. */
export async function rowWith(text: string) {
  const cell = await screen.findByText(text, { selector: 'td, td *' });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}
