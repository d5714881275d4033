import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, makeUser, mockApi, prepareI18n, renderApp, untilSettled, users } from '../../../app/testing';

const trader = makeUser({ role: 'trader', username: 'trader' });

/** The answer of `GET /trader/order` as the server pages it: only its total is read. */
function orderPage(total: number) {
  return envelope({
    items: [],
    context: {
      available_filters: [],
      pagination: { total_count: total, per_page: 1, current_page: 1, page_number: Math.max(total, 1) },
    },
  });
}

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the way to the active orders on /settings', () => {
  it('shows a trader with open orders their number and leads to /active', async () => {
    const { fetchMock } = mockApi({
      'GET /user/current': envelope({ data: trader }),
      'GET /trader/order': orderPage(3),
    });
    const { router } = renderApp('/settings');

    const link = await screen.findByRole('link', { name: 'Go to active orders (3)' });
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname.endsWith('/trader/order'));
    expect(asked?.searchParams.get('filter[status]')).toBe('new,in-progress');
    expect(asked?.searchParams.get('count')).toBe('1');

    await userEvent.setup().click(link);
    expect(router.state.location.pathname).toBe('/active');
  });

  it('says it in Russian', async () => {
    await prepareI18n('ru');
    mockApi({ 'GET /user/current': envelope({ data: trader }), 'GET /trader/order': orderPage(12) });
    renderApp('/settings');

    expect(await screen.findByRole('link', { name: 'Перейти к активным заказам (12)' })).toBeInTheDocument();
  });

  it('is not there while the trader has no open order', async () => {
    mockApi({ 'GET /user/current': envelope({ data: trader }), 'GET /trader/order': orderPage(0) });
    const { queryClient } = renderApp('/settings');

    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    await untilSettled(queryClient);
    expect(screen.queryByRole('link', { name: /Go to active orders/ })).not.toBeInTheDocument();
  });

  it('is not asked for by a merchant, whose orders are not worked from /active this way', async () => {
    const { calls } = mockApi({
      'GET /user/current': envelope({ data: users.merchant }),
      'GET /trader/order': orderPage(3),
    });
    const { queryClient } = renderApp('/settings');

    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    await untilSettled(queryClient);
    expect(calls.some((call) => call.path === '/trader/order')).toBe(false);
    expect(screen.queryByRole('link', { name: /Go to active orders/ })).not.toBeInTheDocument();
  });

  it('is not asked for by a trader the insurance gate still holds', async () => {
    const { calls } = mockApi({
      'GET /user/current': envelope({ data: users.trader2 }),
      'GET /trader/order': orderPage(3),
    });
    const { queryClient } = renderApp('/settings');

    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    await untilSettled(queryClient);
    expect(calls.some((call) => call.path === '/trader/order')).toBe(false);
  });
});
