import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  envelope,
  failureReply,
  mockApi,
  prepareI18n,
  type RecordedCall,
  renderApp,
  users,
} from '../../../app/testing';
import { formatDateTime } from '../../../lib/format';
import { makeStatistic } from '../testData';

beforeAll(async () => {
  await import('./StatisticsPage');
}, 60_000);

beforeEach(async () => {
  await prepareI18n('en');
  // jsdom lays nothing out, so recharts measures its box as 0 × 0 and says so on every render.
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('of chart should be greater than 0')) warn(...args);
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Routes = Parameters<typeof mockApi>[0];

function serve(routes: Routes, user = users.root) {
  const api = mockApi({ 'GET /user/current': envelope({ data: user }), ...routes });
  const queriesOf = (path: string) =>
    api.calls
      .map((call: RecordedCall, index) => ({ call, url: String(api.fetchMock.mock.calls[index]?.[0]) }))
      .filter(({ call }) => call.path === path)
      .map(({ url }) => new URL(url, 'http://localhost').searchParams);
  return { ...api, queriesOf };
}

const table = (name: string) => screen.getByRole('table', { name });
const rowsOf = (element: HTMLElement) =>
  within(element)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('the admin statistics', () => {
  it('shows the currencies and rewards as the server wrote them, the chart and the summary age', async () => {
    const { queriesOf } = serve({ 'GET /order/statistic/': envelope(makeStatistic()) });
    renderApp('/statistics');

    expect(await screen.findByRole('heading', { name: 'Statistics', level: 1 })).toBeInTheDocument();
    await screen.findByText('Russian ruble');
    expect(rowsOf(table('Currencies'))).toEqual([
      ['Total', '123,456,789,012,345.67 RUB', 'Russian ruble', '12'],
      ['Total', '1,350.12... USDT', 'Tether USD', '12'],
    ]);
    // The exact amount stays readable on hover: no digit of the server's string is lost.
    expect(screen.getByTitle('123456789012345.67 RUB')).toBeInTheDocument();
    expect(rowsOf(table('Rewards'))).toEqual([
      ['Total', 'Trader', '27...', 'USDT'],
      ['Total', 'Platform', '13.5', 'USDT'],
    ]);
    expect(screen.getByText(`Updated ${formatDateTime('2026-03-05T09:08:07.000Z')}`)).toBeInTheDocument();

    const chart = screen.getByRole('img', { name: 'Bar chart of the volume per day in RUB' });
    expect(chart).toHaveAccessibleDescription(
      "04.03.2026 to 05.03.2026 in RUB; the table of days under the chart gives each day's figures.",
    );
    expect(rowsOf(table('Volume per day in RUB'))).toEqual([
      ['04.03.2026', '50,000.5 RUB', '5'],
      ['05.03.2026', '73,456.17 RUB', '7'],
    ]);
    expect(queriesOf('/order/statistic/').map(String)).toEqual(['']);
    // The platform's statistics lead to /directions (the side menu has it too).
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Directions' })).toHaveAttribute(
      'href',
      '/directions',
    );
  });

  it('draws the table of days on request, which is otherwise there for screen readers only', async () => {
    serve({ 'GET /order/statistic/': envelope(makeStatistic()) });
    renderApp('/statistics');
    const user = userEvent.setup();

    const show = await screen.findByRole('button', { name: 'Show the table of days' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(table('Volume per day in RUB')).toHaveStyle({ position: 'absolute' });
    await user.click(show);
    expect(screen.getByRole('button', { name: 'Hide the table of days' })).toHaveAttribute('aria-expanded', 'true');
    expect(table('Volume per day in RUB')).not.toHaveStyle({ position: 'absolute' });
  });

  it('switches the chart to another currency, a day without it showing zero', async () => {
    serve({ 'GET /order/statistic/': envelope(makeStatistic()) });
    renderApp('/statistics');
    const user = userEvent.setup();

    await screen.findByRole('img', { name: 'Bar chart of the volume per day in RUB' });
    await user.click(screen.getByRole('radio', { name: 'USDT' }));

    expect(screen.getByRole('img', { name: 'Bar chart of the volume per day in USDT' })).toBeInTheDocument();
    expect(rowsOf(table('Volume per day in USDT'))).toEqual([
      ['04.03.2026', '0 USDT', '5'],
      ['05.03.2026', '800.12... USDT', '7'],
    ]);
  });

  it('loads about 50 ms after opening, not at once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const { queriesOf } = serve({ 'GET /order/statistic/': envelope(makeStatistic()) });
    renderApp('/statistics');

    await screen.findByRole('heading', { name: 'Statistics', level: 1 });
    expect(queriesOf('/order/statistic/')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(60);
    await waitFor(() => expect(queriesOf('/order/statistic/')).toHaveLength(1));
  });

  it('sends the filters the user applies, and loads again when the same ones are applied again', async () => {
    const { queriesOf } = serve({ 'GET /order/statistic/': envelope(makeStatistic()) });
    renderApp('/statistics');
    const user = userEvent.setup();

    await screen.findByText('Russian ruble');
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Pay-out' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(queriesOf('/order/statistic/')).toHaveLength(2));
    expect(queriesOf('/order/statistic/').at(-1)?.toString()).toBe('filter%5Btype%5D=pay_out');

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(queriesOf('/order/statistic/')).toHaveLength(3));
    expect(queriesOf('/order/statistic/').at(-1)?.get('filter[type]')).toBe('pay_out');
  });

  it('opens the view its address names and keeps an applied filter in the address', async () => {
    const { queriesOf } = serve({ 'GET /order/statistic/': envelope(makeStatistic()) });
    const { router } = renderApp('/statistics?filter[type]=pay_in&filter[status]=paid,canceled&filter[type]=ignored');
    await screen.findByText('Russian ruble');
    const first = queriesOf('/order/statistic/').at(-1);
    expect(first?.get('filter[type]')).toBe('pay_in');
    expect(first?.get('filter[status]')).toBe('paid,canceled');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(queriesOf('/order/statistic/').at(-1)?.get('filter[type]')).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it('says so when nothing matches and the summary was never built', async () => {
    serve({
      'GET /order/statistic/': envelope(makeStatistic({ sum: [], role_rewards: [], per_day: [], refreshed_at: null })),
    });
    renderApp('/statistics');

    expect(await screen.findByText('No orders for these filters')).toBeInTheDocument();
    expect(screen.getByText('No rewards for these filters')).toBeInTheDocument();
    expect(screen.getByText('No orders in these days')).toBeInTheDocument();
    expect(screen.getByText('Not summarized yet')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it("shows the server's message when the load fails", async () => {
    serve({ 'GET /order/statistic/': failureReply(503, 'unavailable', 'The summary is being rebuilt.') });
    renderApp('/statistics');

    expect(await screen.findByRole('alert')).toHaveTextContent('The summary is being rebuilt.');
  });

  it("shows 'Load failed.' when the server gave no message", async () => {
    serve({ 'GET /order/statistic/': failureReply(500, 'internal_error') });
    renderApp('/statistics');

    expect(await screen.findByRole('alert')).toHaveTextContent('Load failed.');
  });
});

describe('the personal statistic', () => {
  it("asks for the merchant's own orders, never the platform's", async () => {
    const { calls } = serve({ 'GET /my/order/statistic/': envelope(makeStatistic()) }, users.merchant);
    renderApp('/statistic');

    expect(await screen.findByRole('heading', { name: 'Statistics', level: 1 })).toBeInTheDocument();
    await screen.findByText('Russian ruble');
    expect(calls.map((call) => call.path)).toContain('/my/order/statistic/');
    expect(calls.map((call) => call.path)).not.toContain('/order/statistic/');
  });

  it('is in Russian for a Russian reader', async () => {
    await prepareI18n('ru');
    serve({ 'GET /my/order/statistic/': envelope(makeStatistic()) }, users.merchant);
    renderApp('/statistic');

    expect(await screen.findByRole('heading', { name: 'Статистика', level: 1 })).toBeInTheDocument();
    await screen.findByText('Russian ruble');
    expect(screen.getByRole('table', { name: 'Валюты' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Вознаграждения' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Столбчатая диаграмма объёма по дням в RUB' })).toBeInTheDocument();
  });
});
