import type { CurrentUser, Order } from '@paydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  envelope,
  failureReply,
  makeUser,
  mockApi,
  prepareI18n,
  type RecordedCall,
  renderApp,
  users,
} from '../../../app/testing';
import {
  detailsOf,
  makeOrder,
  merchantDetailsOf,
  orderListOf,
  payInCanceled,
  payInNew,
  payInPaid,
  payOutNew,
} from '../testData';
import { headers, rowWith, setUpOrderScreens } from '../testSupport';

type Routes = Parameters<typeof mockApi>[0];

const trader = makeUser({ role: 'trader', username: 'trader' });
const partner = makeUser({ role: 'partner', username: 'partner' });

/**
 * Signs in as `user` and answers its order list path from `lists` by `filter[direction]`. The lists are read at call
 * time, so a test can change an order and see the reload show it.
 */
function serveOrders(user: CurrentUser, path: string, lists: Record<string, Order[]>, extra: Routes = {}) {
  const queries: URLSearchParams[] = [];
  const api = mockApi({
    'GET /user/current': envelope({ data: user }),
    [`GET ${path}`]: () => {
      const url = new URL(String(api.fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
      queries.push(url.searchParams);
      return envelope(orderListOf(lists[url.searchParams.get('filter[direction]') ?? ''] ?? []));
    },
    ...extra,
  });
  return { ...api, queries };
}

const posts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST').map((call) => call.path);

setUpOrderScreens();

describe('order lists', () => {
  it("loads a merchant's active pay-ins from its role path with every column of SPEC §2.12", async () => {
    const { queries } = serveOrders(users.merchant, '/merchant/order', { pay_in: [makeOrder(), payInPaid] });
    renderApp('/active');

    const row = await rowWith('01a2…00c1');
    expect(screen.getByRole('heading', { name: 'Active orders', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Active pay-in orders' })).toBeInTheDocument();
    expect(queries[0]?.get('filter[direction]')).toBe('pay_in');
    expect(queries[0]?.get('filter[status]')).toBe('new,in-progress');
    expect(headers()).toEqual(['ID', 'Status', 'Amount', 'Card holder / payment details', 'Executor', 'Actions']);
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[1]).toContain('New');
    expect(cells[2]).toBe('1,500 RUB16.21... Tether USD');
    expect(cells[3]).toBe('IVAN PETROV4276 3800 1234 5678Sberbank');
    // The flow and the merchant itself are in the row's details: the table fits a 1440 px screen.
    expect(cells[4]).toBe('trader');
    // Executor of a partner's order is the partner's title; a phone stands in for a card.
    const partnerRow = await rowWith('01a2…00c3');
    expect(within(partnerRow).getByText('PayFlow')).toBeInTheDocument();
    expect(within(partnerRow).getByText('+7 (916) 123-45-67')).toBeInTheDocument();
    expect(within(partnerRow).getByText('Paid').closest('[data-status]')).toHaveAttribute('data-status', 'paid');
    // The merchant may do nothing but look: no action buttons besides details.
    expect(
      within(row)
        .getAllByRole('button', { name: /order/ })
        .map((button) => button.textContent),
    ).toEqual(['Details']);
    // No status filter on the active screen; the others come from the server.
    expect(screen.queryByText('Status', { selector: 'label' })).not.toBeInTheDocument();
    for (const label of ['Order ID', 'Merchant order ID', 'Date from', 'Date to']) {
      expect(screen.getAllByText(label, { selector: 'label' }).length).toBeGreaterThan(0);
    }
  });

  it('shows a trader whom to pay on pay-ins and pay-outs, and no executor, merchant or flow', async () => {
    const { queries } = serveOrders(trader, '/trader/order', { pay_in: [payInNew], pay_out: [payOutNew] });
    renderApp('/active');
    const user = userEvent.setup();

    await rowWith('01a2…00c1');
    expect(headers()).toEqual(['ID', 'Status', 'Amount', 'Card holder / payment details', 'Actions']);
    await user.click(screen.getByRole('tab', { name: 'Pay-out' }));
    const row = await rowWith('01a2…00c2');
    expect(queries.map((query) => query.get('filter[direction]'))).toEqual(['pay_in', 'pay_out']);
    expect(headers()).toEqual(['ID', 'Status', 'Amount', 'Recipient', 'Actions']);
    expect(within(row).getByRole('cell', { name: /ANNA SMIRNOVA/ })).toHaveTextContent(
      'ANNA SMIRNOVA+7 (903) 555-01-42',
    );
    expect(within(row).getByRole('button', { name: 'Take order 01a2…00c2' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Confirm received/ })).not.toBeInTheDocument();
  });

  it("loads the admin's history with paid and canceled by default, and its two action columns", async () => {
    const { queries } = serveOrders(users.root, '/order', { pay_out: [] });
    renderApp('/history?tab=pay_out');

    await screen.findByText('No orders to display');
    expect(queries[0]?.get('filter[status]')).toBe('paid,canceled');
    expect(queries[0]?.get('filter[direction]')).toBe('pay_out');
    // The webhook resend is one of the row's actions; the flow is in the details.
    expect(headers()).toEqual(['ID', 'Status', 'Amount', 'Executor', 'Merchant', 'Actions']);
    expect(screen.getByRole('table', { name: 'Pay-out order history' })).toBeInTheDocument();
  });

  it('starts history on paid and canceled, filters, and returns to them on reset', async () => {
    const { queries } = serveOrders(partner, '/partner/order', { pay_in: [payInPaid] });
    renderApp('/history');
    const user = userEvent.setup();

    await rowWith('01a2…00c3');
    expect(headers()).toEqual(['ID', 'Status', 'Amount', 'Actions']);
    await user.type(screen.getByRole('textbox', { name: 'Merchant order ID' }), 'shop-1');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(queries.at(-1)?.get('filter[client_order_id]')).toBe('shop-1'));
    expect(queries.at(-1)?.get('filter[status]')).toBe('paid,canceled');
    // Reset clears the text and shows (and loads, here from the cache) the default statuses again.
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Merchant order ID' })).toHaveValue(''));
    const filters = screen.getByRole('form', { name: 'Filters' });
    const pills = [...filters.querySelectorAll('.mantine-Pill-label')].map((pill) => pill.textContent);
    expect(pills).toEqual(['Paid', 'Canceled']);
  });

  it('says why a list could not load', async () => {
    mockApi({
      'GET /user/current': envelope({ data: trader }),
      'GET /trader/order': failureReply(500, 'internal', 'Something went wrong on our side.'),
    });
    renderApp('/active');

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
  });
});

describe('order actions', () => {
  it("asks before a trader's send paid, then sends it, says so and reloads the list", async () => {
    const lists = { pay_in: [payInNew] };
    const { calls, queries } = serveOrders(trader, '/trader/order', lists, {
      'POST /order/01a201f1-0000-7000-8000-0000000000c1/set-paid': () => {
        lists.pay_in = [];
        return envelope(makeOrder({ status: { slug: 'paid', title: 'Paid' } }));
      },
    });
    renderApp('/active');
    const user = userEvent.setup();

    const row = await rowWith('01a2…00c1');
    await user.click(within(row).getByRole('button', { name: 'Confirm received for order 01a2…00c1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the money arrived?' });
    expect(dialog).toHaveTextContent('Confirm that 1,500 RUB has arrived on your requisite.');
    // Back sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(calls)).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Confirm received for order 01a2…00c1' }));
    const again = await screen.findByRole('dialog', { name: 'Confirm the money arrived?' });
    await user.click(within(again).getByRole('button', { name: 'Confirm received' }));
    expect(await screen.findByText('Order 01a2…00c1 is paid')).toBeInTheDocument();
    expect(posts(calls)).toEqual(['/order/01a201f1-0000-7000-8000-0000000000c1/set-paid']);
    expect(await screen.findByText('No active orders')).toBeInTheDocument();
    expect(queries.length).toBeGreaterThanOrEqual(2);
  });

  it("keeps the confirmation open with the server's refusal in red", async () => {
    serveOrders(
      trader,
      '/trader/order',
      { pay_in: [payInNew] },
      {
        'POST /order/01a201f1-0000-7000-8000-0000000000c1/set-paid': failureReply(
          409,
          'order_status_conflict',
          'The order cannot move this way from its current status.',
        ),
      },
    );
    renderApp('/active');
    const user = userEvent.setup();

    const row = await rowWith('01a2…00c1');
    await user.click(within(row).getByRole('button', { name: /Confirm received/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the money arrived?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm received' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The order cannot move this way from its current status.',
    );
  });

  it('asks before taking a pay-out, showing whom to pay, and says whose it is now', async () => {
    const { calls } = serveOrders(
      partner,
      '/partner/order',
      { pay_out: [payOutNew] },
      {
        'POST /order/01a201f1-0000-7000-8000-0000000000c2/take': envelope(
          makeOrder({ ...payOutNew, status: { slug: 'in-progress', title: 'In progress' }, actions: ['set_paid'] }),
        ),
      },
    );
    renderApp('/active?tab=pay_out');
    const user = userEvent.setup();

    const row = await rowWith('01a2…00c2');
    await user.click(within(row).getByRole('button', { name: 'Take order 01a2…00c2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take the pay-out?' });
    expect(within(dialog).getByText(/You take the pay-out of 3,000 RUB/)).toBeInTheDocument();
    expect(within(dialog).getByRole('rowheader', { name: 'Recipient' }).nextElementSibling).toHaveTextContent(
      'ANNA SMIRNOVA',
    );
    expect(within(dialog).getByRole('rowheader', { name: 'Amount' }).nextElementSibling).toHaveTextContent('3,000 RUB');
    expect(posts(calls)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Take' }));
    expect(await screen.findByText('Order 01a2…00c2 is yours: pay the recipient, then confirm')).toBeInTheDocument();
    expect(posts(calls)).toEqual(['/order/01a201f1-0000-7000-8000-0000000000c2/take']);
  });

  it("offers the admin resend on finished orders and cancel on open ones, as each order's actions say", async () => {
    const paid = makeOrder({ ...payInPaid, actions: ['webhook_resend'] });
    const open = makeOrder({ ...payInNew, actions: ['cancel'] });
    const { calls, queries } = serveOrders(
      users.root,
      '/order',
      { pay_in: [paid, payInCanceled, open] },
      {
        'POST /order/01a201f1-0000-7000-8000-0000000000c3/webhook/resend': envelope(paid),
        'POST /order/01a201f1-0000-7000-8000-0000000000c1/cancel': failureReply(
          409,
          'order_status_conflict',
          'The order cannot move this way from its current status.',
        ),
      },
    );
    renderApp('/history');
    const user = userEvent.setup();

    const paidRow = await rowWith('01a2…00c3');
    // Actions follow `actions`: the canceled order without webhook_resend has no resend button.
    expect(within(await rowWith('01a2…00c4')).queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument();
    await user.click(within(paidRow).getByRole('button', { name: 'Resend webhook of order 01a2…00c3' }));
    expect(await screen.findByText('The webhook of order 01a2…00c3 is queued for delivery')).toBeInTheDocument();
    await waitFor(() => expect(queries.length).toBe(2));

    const openRow = await rowWith('01a2…00c1');
    await user.click(within(openRow).getByRole('button', { name: 'Cancel order 01a2…00c1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The order cannot move this way');
    expect(posts(calls)).toEqual([
      '/order/01a201f1-0000-7000-8000-0000000000c3/webhook/resend',
      '/order/01a201f1-0000-7000-8000-0000000000c1/cancel',
    ]);
  });

  it('says in the confirmation, in red, why a take failed', async () => {
    serveOrders(
      trader,
      '/trader/order',
      { pay_out: [payOutNew] },
      {
        'POST /order/01a201f1-0000-7000-8000-0000000000c2/take': failureReply(
          409,
          'order_status_conflict',
          'Another executor took this order first.',
        ),
      },
    );
    renderApp('/active?tab=pay_out');
    const user = userEvent.setup();

    await user.click(within(await rowWith('01a2…00c2')).getByRole('button', { name: /Take/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Take the pay-out?' });
    await user.click(within(dialog).getByRole('button', { name: 'Take' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Another executor took this order first.');
  });
});

describe('order details', () => {
  it('shows the order, its pricing, timeline, ledger transfers and webhook attempts', async () => {
    serveOrders(
      users.root,
      '/order',
      { pay_in: [payInPaid] },
      {
        'GET /order/01a201f1-0000-7000-8000-0000000000c3': envelope(detailsOf(payInPaid)),
      },
    );
    renderApp('/history');
    const user = userEvent.setup();

    await user.click(within(await rowWith('01a2…00c3')).getByRole('button', { name: 'Details of order 01a2…00c3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order 01a2…00c3' });
    const summary = await within(dialog).findByRole('table', { name: 'Order' });
    expect(summary).toHaveTextContent('Merchant order IDshop-1001');
    expect(summary).toHaveTextContent('ExecutorPayFlow');
    expect(within(dialog).getByRole('table', { name: 'Pricing' })).toHaveTextContent('Agent agent0.5%');
    const timeline = within(dialog).getByRole('table', { name: 'Timeline' });
    expect(within(timeline).getAllByRole('row')).toHaveLength(3);
    expect(timeline).toHaveTextContent('Executor');
    // Both sides named (role, user, account), the platform's rounding by its name and a tiny amount readable.
    const transfers = within(dialog).getByRole('table', { name: 'Ledger transfers' });
    expect(transfers).toHaveTextContent('Order holdTrader trader · AvailableTrader trader · On hold16.21... USDT');
    expect(transfers).toHaveTextContent('RoundingTrader trader · On holdRounding< 0.01 USDT');
    expect(transfers).not.toHaveTextContent(/\w:(available|hold|rounding)/);
    expect(within(dialog).queryByRole('table', { name: 'Your money in this order' })).toBeNull();
    const webhooks = within(dialog).getByRole('table', { name: 'Webhook deliveries' });
    expect(webhooks).toHaveTextContent('Order paid');
    expect(webhooks).not.toHaveTextContent('order.paid');
    expect(webhooks).toHaveTextContent('Failed');
    expect(webhooks).toHaveTextContent('HTTP 502 · 120 ms');
  });

  it("shows a merchant its own money only: its fee, what it receives and its balance's line", async () => {
    serveOrders(
      users.merchant,
      '/merchant/order',
      { pay_in: [payInPaid] },
      { 'GET /order/01a201f1-0000-7000-8000-0000000000c3': envelope(merchantDetailsOf(payInPaid)) },
    );
    renderApp('/history');
    const user = userEvent.setup();

    await user.click(within(await rowWith('01a2…00c3')).getByRole('button', { name: 'Details of order 01a2…00c3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order 01a2…00c3' });
    const own = await within(dialog).findByRole('table', { name: 'Your money in this order' });
    expect(own).toHaveTextContent('You areMerchant');
    expect(own).toHaveTextContent('Your fee5 %');
    expect(own).toHaveTextContent('Fee0.81... USDT');
    expect(own).toHaveTextContent('You receive15.4... USDT');
    expect(own).not.toHaveTextContent('You pay');
    expect(within(dialog).getByRole('table', { name: 'Movements of your balances' })).toHaveTextContent(
      'Order settledAvailable+15.4... USDT',
    );
    expect(within(dialog).queryByRole('table', { name: 'Pricing' })).toBeNull();
    expect(within(dialog).queryByRole('table', { name: 'Ledger transfers' })).toBeNull();
    expect(dialog).not.toHaveTextContent('agent');
  });

  it('speaks Russian', async () => {
    await prepareI18n('ru');
    serveOrders(trader, '/trader/order', { pay_in: [payInNew] });
    renderApp('/active');

    await rowWith('01a2…00c1');
    expect(screen.getByRole('heading', { name: 'Активные заказы', level: 1 })).toBeInTheDocument();
    expect(headers()).toEqual(['ID', 'Статус', 'Сумма', 'Держатель карты / реквизиты', 'Действия']);
    expect(screen.getByRole('button', { name: 'Деньги по заказу 01a2…00c1 получены' })).toHaveTextContent(
      'Деньги получены',
    );
  });
});
