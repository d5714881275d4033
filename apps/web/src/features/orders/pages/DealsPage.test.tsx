import type { CurrentUser, Order } from '@paydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, makeUser, mockApi, prepareI18n, renderApp, users } from '../../../app/testing';
import { makeOrder, orderListOf, payInPaid, payOutNew } from '../testData';
import { headers, rowWith } from '../testSupport';

/** Signs in as `user` and answers `GET /order` from `tabs` by `filter[tab]`, recording each query. */
function serveDeals(user: CurrentUser, tabs: Record<string, Order[]>) {
  const queries: URLSearchParams[] = [];
  const api = mockApi({
    'GET /user/current': envelope({ data: user }),
    'GET /order': () => {
      const url = new URL(String(api.fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
      queries.push(url.searchParams);
      return envelope(orderListOf(tabs[url.searchParams.get('filter[tab]') ?? ''] ?? []));
    },
  });
  return { ...api, queries };
}

const exportLink = () => screen.getByRole('link', { name: 'Export CSV' });
const exportQuery = () => new URL(exportLink().getAttribute('href') ?? '', 'http://localhost');

beforeAll(async () => {
  await import('./DealsPage');
  await import('./OrdersPage');
}, 60_000);

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/deals', () => {
  it('opens on the active tab, sends each tab as filter[tab] and keeps it in the address', async () => {
    const { queries } = serveDeals(users.root, { active: [makeOrder(), payOutNew], completed: [payInPaid] });
    const { router } = renderApp('/deals');
    const user = userEvent.setup();

    await rowWith('01a2…00c2');
    expect(screen.getByRole('heading', { name: 'All orders', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Active orders' })).toBeInTheDocument();
    expect(queries[0]?.get('filter[tab]')).toBe('active');
    // Every status and both directions: the tab says which.
    expect(queries[0]?.has('filter[status]')).toBe(false);
    expect(queries[0]?.has('filter[direction]')).toBe(false);
    // Both directions in one table: each row says its own, and the status filter is the tab.
    expect(headers()).toEqual([
      'ID, type',
      'Status',
      'Amount',
      'Card holder / payment details',
      'Executor',
      'Merchant',
      'Actions',
    ]);
    expect(within(await rowWith('01a2…00c2')).getByText('Pay-out')).toBeInTheDocument();
    expect(screen.queryByText('Status', { selector: 'label' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Active',
      'Completed',
      'Canceled',
      'Appeals',
      'Pay-in',
      'Pay-out',
    ]);

    await user.click(screen.getByRole('tab', { name: 'Completed' }));
    await rowWith('01a2…00c3');
    expect(queries.at(-1)?.get('filter[tab]')).toBe('completed');
    expect(router.state.location.search).toBe('?tab=completed');
    expect(exportQuery().pathname).toBe('/api/inner/order/export.csv');
    expect(exportQuery().searchParams.get('filter[tab]')).toBe('completed');
  });

  it('restores the tab and the filters from the address, and exports the filtered tab without its page', async () => {
    const { queries } = serveDeals(users.root, { pay_out: [payOutNew] });
    const { router } = renderApp(
      '/deals?tab=pay_out&filter[client_order_id]=shop-1&filter[status]=new&page=2&count=50',
    );
    const user = userEvent.setup();

    await rowWith('01a2…00c2');
    expect(screen.getByRole('tab', { name: 'Pay-out' })).toHaveAttribute('aria-selected', 'true');
    expect(Object.fromEntries(queries[0] ?? [])).toEqual({
      page: '2',
      count: '50',
      'filter[client_order_id]': 'shop-1',
      'filter[status]': 'new',
      'filter[tab]': 'pay_out',
    });
    // The filter bar shows what the address holds; a direction tab offers the status.
    expect(screen.getByRole('textbox', { name: 'Merchant order ID' })).toHaveValue('shop-1');
    const filters = screen.getByRole('form', { name: 'Filters' });
    expect([...filters.querySelectorAll('.mantine-Pill-label')].map((pill) => pill.textContent)).toEqual(['New']);
    expect(headers()).not.toContain('Card holder / payment details');
    expect(Object.fromEntries(exportQuery().searchParams)).toEqual({
      'filter[client_order_id]': 'shop-1',
      'filter[status]': 'new',
      'filter[tab]': 'pay_out',
    });
    expect(exportLink()).toHaveAttribute('download');

    // A new filter starts again on page 1 and lands in the address, the size kept.
    const field = screen.getByRole('textbox', { name: 'Merchant order ID' });
    await user.clear(field);
    await user.type(field, 'shop-2');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(queries.at(-1)?.get('filter[client_order_id]')).toBe('shop-2'));
    expect(queries.at(-1)?.get('page')).toBe('1');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      tab: 'pay_out',
      count: '50',
      'filter[client_order_id]': 'shop-2',
      'filter[status]': 'new',
    });

    // Back shows the previous view again, in the list and in the filter bar.
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Merchant order ID' })).toHaveValue('shop-1'));
    // The list is the cached one of that view; the export follows it.
    expect(exportQuery().searchParams.get('filter[client_order_id]')).toBe('shop-1');
    expect(exportQuery().searchParams.has('page')).toBe(false);
  });

  it('is reached from the order screens by an admin, who exports their lists too', async () => {
    serveDeals(users.root, {});
    const { router } = renderApp('/active');
    const user = userEvent.setup();
    await screen.findByText('No active orders');
    expect(exportQuery().searchParams.get('filter[direction]')).toBe('pay_in');
    await user.click(screen.getByRole('link', { name: 'Open all orders' }));
    await screen.findByRole('heading', { name: 'All orders', level: 1 });
    expect(router.state.location.pathname).toBe('/deals');
  });

  it('offers a merchant no deals link and no export on its order lists', async () => {
    mockApi({
      'GET /user/current': envelope({ data: users.merchant }),
      'GET /merchant/order': envelope(orderListOf([makeOrder()])),
    });
    renderApp('/history');
    await rowWith('01a2…00c1');
    expect(screen.queryByRole('link', { name: 'Open all orders' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('is not a merchant’s screen', async () => {
    mockApi({ 'GET /user/current': envelope({ data: makeUser({ role: 'merchant' }) }) });
    renderApp('/deals');
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('All orders');
  });

  it('speaks Russian', async () => {
    await prepareI18n('ru');
    serveDeals(users.root, { disputes: [] });
    renderApp('/deals?tab=disputes');
    await screen.findByRole('table', { name: 'Заказы с апелляцией' });
    expect(screen.getByRole('heading', { name: 'Все заказы', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Экспорт в CSV' })).toBeInTheDocument();
  });
});
