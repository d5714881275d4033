import type { CurrentUser, Payment, PlatformInfo } from '@paydesk/contract';
import { USDT } from '@paydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  envelope,
  makeWallet,
  mockApi,
  prepareI18n,
  type RecordedCall,
  type Reply,
  renderApp,
} from '../../../app/testing';
import { formatDateTime } from '../../../lib/format';
import { listOf, makePayment } from '../../payments/testData';
import {
  agent,
  historyPage,
  historyRow,
  merchant,
  partner,
  paymentOf,
  realAddress,
  summaryOf,
  trader,
  withdrawalRow,
} from '../testData';

const platform: PlatformInfo = { demo: false, currency: USDT, withdrawal: { min: '1', auto_limit: '1000' } };
const validAddress = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

type Routes = Parameters<typeof mockApi>[0];

/** Signs in as `user` and serves the balance screen's calls; `/my/transaction` queries are kept for the filters. */
function serveBalance(
  user: CurrentUser,
  extra: Routes = {},
  history = historyPage([withdrawalRow, historyRow()]),
  withdrawals: Payment[] = [],
) {
  const historyQueries: URLSearchParams[] = [];
  const api = mockApi({
    'GET /user/current': envelope({ data: user }),
    'GET /user/balance': envelope(summaryOf()),
    'GET /user/wallet/': envelope({
      items: user.wallets,
      context: {
        available_filters: [],
        pagination: { total_count: 2, per_page: 100, current_page: 1, page_number: 1 },
      },
    }),
    'GET /my/transaction': () => {
      const url = new URL(String(api.fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
      historyQueries.push(url.searchParams);
      return envelope(history);
    },
    'GET /platform': envelope(platform),
    'GET /currency/crypto/': envelope([USDT]),
    // The server offers no filter bar for this short list (the balance history has its own).
    'GET /my/withdrawals': envelope({
      ...listOf(withdrawals),
      context: { ...listOf(withdrawals).context, available_filters: [] },
    }),
    ...extra,
  });
  return { ...api, historyQueries };
}

const posts = (calls: RecordedCall[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === path);

async function openPayout() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Withdraw USDT' }));
  const dialog = await screen.findByRole('dialog', { name: 'Withdraw USDT' });
  return { user, dialog };
}

// The page is a lazy chunk; loading it once up front keeps the first test within the query timeouts.
beforeAll(async () => {
  await import('./BalancePage');
}, 60_000);

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('balance summary', () => {
  it('shows the available balance large, with what is on hold', async () => {
    serveBalance(merchant);
    renderApp('/balance');

    expect(await screen.findByRole('heading', { name: 'Balance', level: 1 })).toBeInTheDocument();
    const summary = await screen.findByRole('region', { name: 'Available balance' });
    expect(await within(summary).findByText('5,000 USDT')).toBeInTheDocument();
    expect(summary).toHaveTextContent('On hold1,200 USDT');
    expect(summary).not.toHaveTextContent('Insurance');
  });

  it("shows a trader's insurance deposit beside it", async () => {
    serveBalance(trader, {
      'GET /user/balance': envelope(summaryOf({ insurance: '100', insurance_required: '100', insurance_paid: true })),
    });
    renderApp('/balance');

    const summary = await screen.findByRole('region', { name: 'Available balance' });
    expect(await within(summary).findByText('Insurance deposit')).toBeInTheDocument();
    expect(summary).toHaveTextContent('Insurance deposit100 USDT');
  });

  it.each([
    ['merchant', merchant, ['Deposit USDT', 'Withdraw USDT']],
    ['partner', partner, ['Deposit USDT', 'Withdraw USDT']],
    ['trader', trader, ['Deposit USDT']],
    ['agent', agent, ['Withdraw USDT']],
  ] as const)('gives the %s the buttons of SPEC §2.6', async (_role, user, expected) => {
    serveBalance(user);
    renderApp('/balance');

    const summary = await screen.findByRole('region', { name: 'Available balance' });
    await within(summary).findByText('5,000 USDT');
    const buttons = within(summary)
      .queryAllByRole('button')
      .map((button) => button.textContent);
    expect(buttons).toEqual(expected);
  });

  it('says when the balance could not be loaded', async () => {
    serveBalance(merchant, { 'GET /user/balance': { status: 500, body: undefined } });
    renderApp('/balance');

    const summary = await screen.findByRole('region', { name: 'Available balance' });
    expect(await within(summary).findByRole('alert')).toHaveTextContent('Load failed.');
  });
});

describe('wallets and history', () => {
  it('lists the virtual wallet only; the real address stays in the pay-in modal', async () => {
    serveBalance(merchant);
    renderApp('/balance');

    const wallets = await screen.findByRole('region', { name: 'Wallets' });
    expect(await within(wallets).findByText('01a2…aaaa')).toBeInTheDocument();
    expect(within(wallets).getByText('Virtual')).toBeInTheDocument();
    expect(within(wallets).queryByText(realAddress)).not.toBeInTheDocument();
    expect(within(wallets).getAllByRole('row')).toHaveLength(2);
  });

  it('shows each movement with its sign, status and the balance before and after', async () => {
    serveBalance(merchant);
    renderApp('/balance');

    const history = await screen.findByRole('region', { name: 'Balance history' });
    const debit = (await within(history).findByText('Withdrawal requested', { selector: 'td span' })).closest('tr');
    if (!debit) throw new Error('no row');
    const cells = within(debit)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      formatDateTime(withdrawalRow.date),
      // One part, the row itself: no details under its name.
      'Withdrawal requested',
      'Available',
      // The action under the signed amount; the balance before over the balance after, in one column.
      '−1,200.12... USDTDebit',
      'On moderation',
      'before 6,200 USDTafter 4,999.87... USDT',
      expect.stringContaining('01a2…d002'),
    ]);
    // The exact amount is one hover away.
    expect(within(debit).getByTitle('1200.125 USDT')).toHaveTextContent('1,200.12... USDT');
    const credit = within(history).getByText('Deposit', { selector: 'td span' }).closest('tr');
    expect(credit).toHaveTextContent('+4,000 USDT');
    expect(credit).toHaveTextContent('before 0 USDTafter 4,000 USDT');
    expect(within(history).getByText('Results: 1 - 2 of 2')).toBeInTheDocument();
  });

  it('shows an order\'s settlement as one row, its parts in the details, a tiny amount as "< 0.01"', async () => {
    const settlement = historyRow({
      guid: '01a20443-0000-7000-8000-00000000d003',
      type: { slug: 'order_settle', title: 'Order settled' },
      money: { amount: '0.004', currency: USDT },
      order_guid: '01a201f1-0000-7000-8000-0000000000c3',
      balance_before: '100',
      balance_after: '100.004',
      parts: [
        {
          type: { slug: 'order_settle', title: 'Order settled' },
          account: { slug: 'hold', title: 'On hold' },
          amount: '-16.216217',
          balance_before: '16.216217',
          balance_after: '0',
        },
        {
          type: { slug: 'order_reward', title: 'Order reward' },
          account: { slug: 'available', title: 'Available' },
          amount: '0.004',
          balance_before: '100',
          balance_after: '100.004',
        },
      ],
    });
    serveBalance(merchant, {}, historyPage([settlement]));
    renderApp('/balance');

    const history = await screen.findByRole('region', { name: 'Balance history' });
    const row = (await within(history).findByText('Order settled', { selector: 'td > div > span' })).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(history).getAllByRole('row')).toHaveLength(2);
    expect(row).toHaveTextContent('+< 0.01 USDT');
    expect(row).toHaveTextContent('Order 01a2…00c3');
    expect(row).toHaveTextContent('Order settled · On hold−16.21... USDT');
    expect(row).toHaveTextContent('Order reward · Available+< 0.01 USDT');
    expect(row).not.toHaveTextContent(/(^|[^\d])0\.\.\./);
  });

  it('asks for the next page from where the last one ended (keyset cursor)', async () => {
    const { historyQueries } = serveBalance(
      merchant,
      {},
      historyPage([historyRow()], { total_count: 45, page_number: 3, next_cursor: '4242' }),
    );
    renderApp('/balance');
    const user = userEvent.setup();
    const history = await screen.findByRole('region', { name: 'Balance history' });
    await user.click(await within(history).findByRole('button', { name: '2' }));
    await waitFor(() => expect(historyQueries.at(-1)?.get('page')).toBe('2'));
    expect(historyQueries.at(-1)?.get('cursor')).toBe('4242');
    expect(historyQueries[0]?.has('cursor')).toBe(false);
  });

  it('sends the chosen filters as filter[...] and goes back to page 1', async () => {
    const { historyQueries } = serveBalance(
      merchant,
      {},
      historyPage([historyRow()], { total_count: 45, page_number: 3 }),
    );
    renderApp('/balance');
    const user = userEvent.setup();

    const history = await screen.findByRole('region', { name: 'Balance history' });
    await user.click(await within(history).findByRole('button', { name: '2' }));
    await waitFor(() => expect(historyQueries.at(-1)?.get('page')).toBe('2'));

    await user.click(within(history).getByRole('combobox', { name: 'Account' }));
    await user.click(await screen.findByRole('option', { name: 'On hold' }));
    await user.click(within(history).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(historyQueries.at(-1)?.get('filter[account]')).toBe('hold'));
    expect(historyQueries.at(-1)?.get('page')).toBe('1');
    expect(historyQueries.at(-1)?.has('filter[type]')).toBe(false);
  });

  it('asks for another page size from page 1', async () => {
    const { historyQueries } = serveBalance(
      merchant,
      {},
      historyPage([historyRow()], { total_count: 45, page_number: 3 }),
    );
    renderApp('/balance');
    const user = userEvent.setup();

    const history = await screen.findByRole('region', { name: 'Balance history' });
    await user.click(await within(history).findByRole('button', { name: '3' }));
    await waitFor(() => expect(historyQueries.at(-1)?.get('page')).toBe('3'));
    expect(historyQueries.at(-1)?.has('count')).toBe(false);

    await user.selectOptions(within(history).getByRole('combobox', { name: 'Rows per page' }), '50');

    await waitFor(() => expect(historyQueries.at(-1)?.get('count')).toBe('50'));
    expect(historyQueries.at(-1)?.get('page')).toBe('1');
  });

  it('says "Load failed." when the history cannot be loaded', async () => {
    serveBalance(merchant, { 'GET /my/transaction': { status: 500, body: undefined } });
    renderApp('/balance');

    const history = await screen.findByRole('region', { name: 'Balance history' });
    expect(await within(history).findByRole('alert')).toHaveTextContent('Load failed.');
  });
});

describe('pay out', () => {
  it('clamps the amount to the available balance and offers the whole balance as Max', async () => {
    serveBalance(merchant);
    renderApp('/balance');
    const { user, dialog } = await openPayout();
    const amount = within(dialog).getByRole('textbox', { name: 'Amount' });

    await user.type(amount, '7000');
    expect(amount).toHaveValue('5000');
    await user.clear(amount);
    await user.type(amount, '-12,5');
    expect(amount).toHaveValue('12.5');
    await user.clear(amount);
    await user.click(within(dialog).getByRole('button', { name: 'Max: withdraw the whole available balance' }));
    expect(amount).toHaveValue('5000');
    expect(dialog).toHaveTextContent('The minimum withdrawal is 1 USDT.');
    expect(dialog).toHaveTextContent('Your withdrawals wait for an administrator');
  });

  it('keeps the submit disabled without an address or with a zero amount', async () => {
    const { calls } = serveBalance(merchant);
    renderApp('/balance');
    const { user, dialog } = await openPayout();
    const submit = within(dialog).getByRole('button', { name: 'Request withdrawal' });

    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '10');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Wallet address' }), validAddress);
    await user.clear(within(dialog).getByRole('textbox', { name: 'Amount' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '0.000');
    expect(submit).toBeDisabled();
    await user.click(submit);
    expect(posts(calls, '/wallet/withdrawals')).toEqual([]);
  });

  it('tells a user whose withdrawals are automatic about the limit', async () => {
    serveBalance(agent);
    renderApp('/balance');
    const { dialog } = await openPayout();

    expect(dialog).toHaveTextContent('Withdrawals above 1,000 USDT wait for an administrator');
  });

  it('sends address, USDT and the amount, then closes, says so and reloads the balance', async () => {
    let balances = 0;
    const { calls } = serveBalance(merchant, {
      'GET /user/balance': () => envelope(summaryOf(balances++ === 0 ? {} : { available: '3800' })),
      'POST /wallet/withdrawals': envelope({
        ...paymentOf({ type: { slug: 'withdraw', title: 'Withdrawal' } }),
        status: { slug: 'moderation', title: 'On moderation' },
        money: { amount: '1200', currency: USDT },
      }),
    });
    renderApp('/balance');
    const { user, dialog } = await openPayout();

    await user.type(within(dialog).getByRole('textbox', { name: 'Wallet address' }), ` ${validAddress} `);
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '1200');
    await user.click(within(dialog).getByRole('button', { name: 'Request withdrawal' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Withdraw USDT' })).not.toBeInTheDocument());
    expect(posts(calls, '/wallet/withdrawals').map((call) => call.body)).toEqual([
      { address: validAddress, currency: 'USDT', amount: '1200' },
    ]);
    const toast = (await screen.findByText("1,200 USDT is on hold and waits for an administrator's approval.")).closest(
      '.mantine-Notification-root',
    );
    expect(toast).toHaveTextContent('Withdrawal requested');
    const summary = screen.getByRole('region', { name: 'Available balance' });
    expect(await within(summary).findByText('3,800 USDT')).toBeInTheDocument();
  });

  it("checks the contract's rules before sending: an amount under 1 USDT is refused", async () => {
    const { calls } = serveBalance(merchant);
    renderApp('/balance');
    const { user, dialog } = await openPayout();

    await user.type(within(dialog).getByRole('textbox', { name: 'Wallet address' }), validAddress);
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '0.5');
    await user.click(within(dialog).getByRole('button', { name: 'Request withdrawal' }));

    expect(within(dialog).getByRole('textbox', { name: 'Amount' })).toHaveAccessibleDescription(
      expect.stringContaining('The minimum withdrawal is 1 USDT.'),
    );
    expect(posts(calls, '/wallet/withdrawals')).toEqual([]);
  });

  it("shows the server's field error under its field, in red", async () => {
    const rejected: Reply = {
      status: 422,
      body: {
        success: false,
        error: { code: 'validation_failed', message: 'validation_failed' },
        localized_message: 'Some fields are not filled in correctly.',
        errors: { address: ['This is a deposit address of this platform; enter an address outside it.'] },
      },
    };
    serveBalance(merchant, { 'POST /wallet/withdrawals': rejected });
    renderApp('/balance');
    const { user, dialog } = await openPayout();

    const address = within(dialog).getByRole('textbox', { name: 'Wallet address' });
    await user.type(address, validAddress);
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Request withdrawal' }));

    const message = await within(dialog).findByText(
      'This is a deposit address of this platform; enter an address outside it.',
    );
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(address).toHaveAccessibleDescription(expect.stringContaining(message.textContent ?? ''));
    expect(message.className).toMatch(/error/i);
    expect(screen.getByRole('dialog', { name: 'Withdraw USDT' })).toBeInTheDocument();
  });

  it("shows the server's message in red when no field is to blame", async () => {
    serveBalance(merchant, {
      'POST /wallet/withdrawals': {
        status: 409,
        body: {
          success: false,
          error: { code: 'conflict', message: 'conflict' },
          localized_message: 'This conflicts with the current state. Reload and try again.',
        },
      },
    });
    renderApp('/balance');
    const { user, dialog } = await openPayout();

    await user.type(within(dialog).getByRole('textbox', { name: 'Wallet address' }), validAddress);
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Request withdrawal' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This conflicts with the current state. Reload and try again.',
    );
  });
});

describe('pay in', () => {
  it('lists the real deposit addresses with a copy button, without the virtual wallet', async () => {
    const second = 'TXsecondRealAddress000000000000002';
    serveBalance({ ...merchant, wallets: [...merchant.wallets, makeWallet('real', second, '0')] });
    renderApp('/balance');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Deposit USDT' }));
    const dialog = await screen.findByRole('dialog', { name: 'USDT deposit' });
    const list = await within(dialog).findByRole('list', { name: 'Your deposit addresses' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^TX/).textContent)).toEqual([realAddress, second]);
    expect(items[0]).toHaveTextContent('Received so far: 6,450 USDT');
    expect(within(items[0] as HTMLElement).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('01a201f1-0000-7000-8000-00000000aaaa');
    expect(within(dialog).queryByRole('button', { name: 'Simulate a deposit (demo)' })).not.toBeInTheDocument();
  });

  it('offers a simulated deposit in demo mode', async () => {
    const { calls } = serveBalance(merchant, {
      'GET /platform': envelope({ ...platform, demo: true }),
      'POST /wallet/demo_deposit': envelope({
        credited: true,
        payment: paymentOf({ money: { amount: '100', currency: USDT } }),
      }),
    });
    renderApp('/balance');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Deposit USDT' }));
    const dialog = await screen.findByRole('dialog', { name: 'USDT deposit' });
    await user.click(await within(dialog).findByRole('button', { name: 'Simulate a deposit (demo)' }));

    expect(await within(dialog).findByText('Deposit of 100 USDT credited.')).toBeInTheDocument();
    expect(posts(calls, '/wallet/demo_deposit').map((call) => call.body)).toEqual([{}]);
  });
});

describe('my withdrawals', () => {
  const address = 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC';
  const hash = 'ab'.repeat(32);
  const waiting = makePayment({ guid: '01a201f1-0000-7000-8000-0000000000f1', address });
  const sent = makePayment({
    guid: '01a201f1-0000-7000-8000-0000000000f2',
    status: { slug: 'done', title: 'Completed' },
    tx_hash: hash,
    address,
  });
  const rejected = makePayment({
    guid: '01a201f1-0000-7000-8000-0000000000f3',
    status: { slug: 'rejected', title: 'Rejected' },
    comment: 'Address on a sanctions list',
    address,
  });

  it('lists each withdrawal with address, state, hash and the reason of a rejection', async () => {
    serveBalance(merchant, {}, undefined, [waiting, sent, rejected]);
    renderApp('/balance');

    const section = await screen.findByRole('region', { name: 'My withdrawals' });
    const table = within(section).getByRole('table');
    await within(table).findByText('Rejected');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Date', 'Amount', 'State', 'Address', 'Transaction hash']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('On moderation');
    expect(within(rows[0] as HTMLElement).getByText('TMVQ…K2HC')).toHaveAttribute('title', address);
    expect(rows[1]).toHaveTextContent('Completed');
    expect(within(rows[1] as HTMLElement).getByText('abab…abab')).toHaveAttribute('title', hash);
    expect(rows[2]).toHaveTextContent('Reason: Address on a sanctions list');
    expect(rows[0]).not.toHaveTextContent('Reason');
  });

  it('says so in Russian when there is none yet, and names the button «Вывести USDT»', async () => {
    await prepareI18n('ru');
    serveBalance(agent);
    renderApp('/balance');

    const section = await screen.findByRole('region', { name: 'Мои выводы' });
    expect(await within(section).findByText('Выводов пока нет.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Вывести USDT' })).toBeInTheDocument();
  });

  it('on a phone is cards: the amount and state, the reason, the address and hash; the wallets too', async () => {
    const realMatchMedia = window.matchMedia;
    // A 375 px phone: every `max-width` query of the app matches, every `min-width` one does not.
    window.matchMedia = (query: string) => ({ ...realMatchMedia(query), matches: query.includes('max-width') });
    try {
      serveBalance(merchant, {}, undefined, [waiting, sent, rejected]);
      renderApp('/balance');

      const section = await screen.findByRole('region', { name: 'My withdrawals' });
      const list = await within(section).findByRole('list', { name: 'My withdrawals' });
      expect(within(section).queryByRole('table')).not.toBeInTheDocument();
      const cards = within(list).getAllByRole('listitem');
      expect(cards).toHaveLength(3);
      expect(cards[0]).toHaveTextContent('On moderation');
      expect(within(cards[0] as HTMLElement).getByText('TMVQ…K2HC')).toHaveAttribute('title', address);
      expect(within(cards[1] as HTMLElement).getByText('abab…abab')).toHaveAttribute('title', hash);
      expect(cards[2]).toHaveTextContent('Reason: Address on a sanctions list');

      const wallets = screen.getByRole('list', { name: 'Wallets' });
      expect(screen.queryByRole('table', { name: /wallet/i })).not.toBeInTheDocument();
      const wallet = within(wallets).getAllByRole('listitem')[0] as HTMLElement;
      expect(wallet).toHaveTextContent('Virtual');
      expect(wallet).toHaveTextContent('USDT');
    } finally {
      window.matchMedia = realMatchMedia;
    }
  });

  it('is not shown to a trader, who does not withdraw here', async () => {
    const { calls } = serveBalance(trader);
    renderApp('/balance');

    await screen.findByRole('heading', { name: 'Balance history' });
    expect(screen.queryByRole('region', { name: 'My withdrawals' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/my/withdrawals')).toBe(false);
  });
});
