import type { Order } from '@paydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, makeUser, mockApi, renderApp } from '../../../app/testing';
import { makeOrder, orderListOf, payInNew, payInReported, payOutNew } from '../testData';
import { setUpOrderScreens } from '../testSupport';
import { formatCountdown, secondsLeft } from './OrderTimer';

setUpOrderScreens();

const trader = makeUser({ role: 'trader', username: 'trader' });
const realMatchMedia = window.matchMedia;

/** A 375 px phone: every `max-width` query of the app matches, every `min-width` one does not. */
function onPhone() {
  window.matchMedia = (query: string) => ({ ...realMatchMedia(query), matches: query.includes('max-width') });
}

function serveTrader(lists: Record<string, Order[]>) {
  const api = mockApi({
    'GET /user/current': envelope({ data: trader }),
    'GET /trader/order': () => {
      const url = new URL(String(api.fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
      return envelope(orderListOf(lists[url.searchParams.get('filter[direction]') ?? ''] ?? []));
    },
  });
  return api;
}

describe('order cards on a phone', () => {
  beforeEach(onPhone);
  afterEach(() => {
    window.matchMedia = realMatchMedia;
    vi.useRealTimers();
  });

  it('shows a pay-in as a card with its amount, where to be paid, status, time left and Confirm received', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-03-05T07:13:09.000Z') });
    serveTrader({ pay_in: [payInNew] });
    renderApp('/active');

    const card = await screen.findByRole('listitem', { name: 'Order 01a2…00c1' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Active pay-in orders' })).toBeInTheDocument();
    expect(card).toHaveTextContent('1,500 RUB');
    expect(card).toHaveTextContent('IVAN PETROV');
    expect(card).toHaveTextContent('4276 3800 1234 5678');
    expect(card).toHaveTextContent('New');
    // Created 07:08:09, expires 07:23:09: ten minutes left at 07:13:09.
    expect(card).toHaveTextContent('10:00 left');
    expect(within(card).getByRole('button', { name: 'Confirm received for order 01a2…00c1' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Details of order 01a2…00c1' })).toBeInTheDocument();
  });

  it("shows the payer's report on a pay-in's card: the time it reported paying, its picture and its PDF", async () => {
    serveTrader({ pay_in: [payInReported] });
    renderApp('/active');

    const card = await screen.findByRole('listitem', { name: 'Order 01a2…00c5' });
    expect(card).toHaveTextContent('Payer reported paying at 12:03');
    const image = within(card).getByRole('img', { name: "Payer's receipt receipt-1.png" });
    expect(image).toHaveAttribute(
      'src',
      '/api/inner/order/01a201f1-0000-7000-8000-0000000000c5/payer_receipt/01a201f1-0000-7000-8000-0000000000d1',
    );
    const pdf = within(card).getByRole('link', { name: "Download the payer's receipt receipt-2.pdf" });
    expect(pdf).toHaveAttribute(
      'href',
      '/api/inner/order/01a201f1-0000-7000-8000-0000000000c5/payer_receipt/01a201f1-0000-7000-8000-0000000000d2',
    );
    expect(within(card).getByRole('button', { name: 'Confirm received for order 01a2…00c5' })).toBeInTheDocument();
  });

  it("shows a pay-out's recipient on its card, and Take asks first", async () => {
    serveTrader({ pay_out: [payOutNew] });
    renderApp('/active?tab=pay_out');
    const user = userEvent.setup();

    const card = await screen.findByRole('listitem', { name: 'Order 01a2…00c2' });
    expect(card).toHaveTextContent('Recipient');
    expect(card).toHaveTextContent('ANNA SMIRNOVA');
    expect(card).toHaveTextContent('+7 (903) 555-01-42');
    // The pay-out's method in words, never its slug (sbp).
    expect(card).toHaveTextContent('SBP (by phone) · T-Bank');
    await user.click(within(card).getByRole('button', { name: 'Take order 01a2…00c2' }));
    expect(await screen.findByRole('dialog', { name: 'Take the pay-out?' })).toBeInTheDocument();
  });

  it('says the list is empty without a table', async () => {
    serveTrader({ pay_in: [] });
    renderApp('/active');
    expect(await screen.findByText('No active orders')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a long list a few cards at a time, busy until every card is in', async () => {
    const orders = Array.from({ length: 10 }, (_, index) =>
      makeOrder({ guid: `01a201f1-0000-7000-8000-0000000001${String(index).padStart(2, '0')}` }),
    );
    serveTrader({ pay_in: orders });
    // The cards the list shows after each of its commits, in order: recorded as the page changes, so what is seen does
    // not depend on when the test happens to look.
    const shown: { cards: number; busy: string | null }[] = [];
    const observer = new MutationObserver(() => {
      const list = document.querySelector('[aria-label="Active pay-in orders"]');
      const last = shown.at(-1);
      const now = { cards: list?.querySelectorAll('li').length ?? 0, busy: list?.getAttribute('aria-busy') ?? null };
      if (list && (last?.cards !== now.cards || last.busy !== now.busy)) shown.push(now);
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    renderApp('/active');
    const list = await screen.findByRole('list', { name: 'Active pay-in orders' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(10));
    observer.disconnect();
    expect(list).toHaveAttribute('aria-busy', 'false');
    // First a screenful, busy; then more, until all ten are in and the list is no longer busy.
    expect(shown[0]?.cards).toBeGreaterThan(0);
    expect(shown[0]?.cards).toBeLessThan(10);
    expect(shown[0]?.busy).toBe('true');
    expect(shown.map((step) => step.cards)).toEqual([...shown.map((step) => step.cards)].sort((a, b) => a - b));
    expect(shown.at(-1)).toEqual({ cards: 10, busy: 'false' });
    const last = within(list).getAllByRole('listitem')[9];
    expect(last).toHaveAccessibleName(expect.stringMatching(/^Order 01a2.+0109$/));
  });
});

describe('order timer', () => {
  it('counts down in minutes and seconds, hours past an hour, and never below zero', () => {
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(3725)).toBe('1:02:05');
    const expiresAt = '2026-03-05T07:23:09.000Z';
    expect(secondsLeft(expiresAt, Date.parse('2026-03-05T07:23:08.500Z'))).toBe(1);
    expect(secondsLeft(expiresAt, Date.parse('2026-03-05T07:30:00.000Z'))).toBe(0);
  });

  it('says an open order past its expiry has expired', async () => {
    serveTrader({ pay_in: [makeOrder({ actions: ['set_paid'] })] });
    renderApp('/active');
    expect(await screen.findByText('Expired')).toBeInTheDocument();
  });
});
