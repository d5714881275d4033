import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockApi, prepareI18n, renderApp } from '../../../app/testing';
import { formatDateTime } from '../../../lib/format';
import { historyPage, historyRow, summaryOf, trader, withdrawalRow } from '../testData';

const realMatchMedia = window.matchMedia;

/** A 375 px phone: every `max-width` query of the app matches, every `min-width` one does not. */
function onPhone() {
  window.matchMedia = (query: string) => ({ ...realMatchMedia(query), matches: query.includes('max-width') });
}

const settlement = historyRow({
  guid: '01a20443-0000-7000-8000-00000000d003',
  type: { slug: 'order_settle', title: 'Order settled' },
  order_guid: '01a201f1-0000-7000-8000-0000000000c3',
  money: { amount: '15.5', currency: withdrawalRow.money.currency },
  balance_before: '100',
  balance_after: '115.5',
  parts: [],
});

function serve() {
  mockApi({
    'GET /user/current': envelope({ data: trader }),
    'GET /user/balance': envelope(summaryOf()),
    'GET /user/wallet/': envelope({
      items: [],
      context: {
        available_filters: [],
        pagination: { total_count: 0, per_page: 100, current_page: 1, page_number: 1 },
      },
    }),
    'GET /my/transaction': envelope(historyPage([withdrawalRow, settlement])),
  });
}

beforeEach(async () => {
  await prepareI18n('en');
  onPhone();
});

afterEach(() => {
  window.matchMedia = realMatchMedia;
  vi.unstubAllGlobals();
});

describe('the balance history on a phone', () => {
  it('is cards with the signed amount, the balance after, the event, its order and its state, no table', async () => {
    serve();
    renderApp('/balance');

    const history = await screen.findByRole('region', { name: 'Balance history' });
    const list = await within(history).findByRole('list', { name: 'Balance history' });
    expect(within(history).queryByRole('table')).not.toBeInTheDocument();
    const debit = within(list).getByRole('listitem', {
      name: `Withdrawal requested, ${formatDateTime(withdrawalRow.date)}`,
    });
    expect(debit).toHaveTextContent('−1,200.12... USDT');
    expect(debit).toHaveTextContent('Balance after: 4,999.87... USDT');
    expect(debit).toHaveTextContent('On moderation');
    expect(debit).not.toHaveTextContent('Balance before');
    const credit = within(list).getByRole('listitem', { name: `Order settled, ${formatDateTime(settlement.date)}` });
    expect(credit).toHaveTextContent('+15.5 USDT');
    expect(credit).toHaveTextContent('Balance after: 115.5 USDT');
    expect(credit).toHaveTextContent('Order settled · Available');
    expect(credit).toHaveTextContent('Order 01a2…00c3');
  });

  it('speaks Russian', async () => {
    await prepareI18n('ru');
    serve();
    renderApp('/balance');

    const list = await screen.findByRole('list', { name: 'История баланса' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Баланс после: 4 999,87... USDT');
  });
});
