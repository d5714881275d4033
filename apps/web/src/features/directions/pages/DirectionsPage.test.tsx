import type { Direction } from '@paydesk/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failureReply, mockApi, prepareI18n, renderApp, users } from '../../../app/testing';
import { formatDateTime } from '../../../lib/format';
import { directionsRefreshMs } from '../api/listDirections';
import { cardDirection, listOf, sbpDetails, sbpDirection } from '../testData';

beforeAll(async () => {
  await import('./DirectionsPage');
}, 60_000);

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

type Routes = Parameters<typeof mockApi>[0];

function serve(state: { items: Direction[] }, routes: Routes = {}) {
  const api = mockApi({
    'GET /user/current': envelope({ data: users.root }),
    'GET /direction': () => envelope(listOf(state.items)),
    ...routes,
  });
  const queries = () =>
    api.calls
      .map((call, index) => ({ call, url: String(api.fetchMock.mock.calls[index]?.[0]) }))
      .filter(({ call }) => call.path === '/direction')
      .map(({ url }) => new URL(url, 'http://localhost').searchParams);
  return { ...api, queries };
}

async function rowWith(text: string) {
  const cell = await screen.findByText(text, { selector: 'td, td *' });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the directions table', () => {
  it('opens the view its address names: a bookmark of the short directions lists the short ones', async () => {
    const { queries } = serve({ items: [sbpDirection] });
    renderApp('/directions?filter[state]=short&filter[fiat]=RUB');
    await rowWith('SBP');
    const last = queries().at(-1);
    expect(last?.get('filter[state]')).toBe('short');
    expect(last?.get('filter[fiat]')).toBe('RUB');
  });

  it("shows one row per direction with the server's figures, under the server's filters", async () => {
    const { queries } = serve({ items: [cardDirection, sbpDirection] });
    renderApp('/directions');

    expect(await screen.findByRole('heading', { name: 'Directions', level: 1 })).toBeInTheDocument();
    const card = await rowWith('Bank card');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Direction',
      'State',
      'Rate',
      'Flows',
      'Executors',
      'Requisites',
      'Open orders',
      'Last 24\u00a0h',
    ]);
    expect(cellsOf(card)).toEqual([
      'RUB/USDTBank card',
      'OK',
      '92.123456789binance · 2 min 5 s ago',
      '1 / 2',
      '2 / 3',
      '3 / 4',
      '5',
      'Created 40 · paid 30 (75.00%)Median time to pay: 4 min 5 s',
    ]);
    expect(within(card).getByText('OK').closest('[data-status]')).toHaveAttribute('data-status', 'ok');

    const sbp = await rowWith('SBP');
    expect(cellsOf(sbp)).toEqual([
      'RUB/USDTSBP',
      'Short',
      '91.5Stalemanual · 1 h 2 min ago',
      '1 / 1',
      '0 / 1',
      '0 / 1',
      '0',
      'Created 0 · paid 0Median time to pay: —',
    ]);
    expect(within(sbp).getByText('Short').closest('[data-status]')).toHaveAttribute('data-status', 'short');
    expect(screen.getByText(`Order figures as of ${formatDateTime('2026-03-05T09:08:07.000Z')}`)).toBeInTheDocument();
    for (const label of ['Fiat', 'Crypto', 'State']) {
      expect(screen.getByText(label, { selector: 'label' })).toBeInTheDocument();
    }
    // On a phone the wide table scrolls inside a named region the keyboard reaches.
    expect(screen.getByRole('region', { name: 'Directions' })).toHaveAttribute('tabindex', '0');
    expect(queries().map(String)).toEqual(['page=1']);
  });

  it('sends the chosen filters with page 1', async () => {
    const { queries } = serve({ items: [cardDirection, sbpDirection] });
    renderApp('/directions');
    const user = userEvent.setup();

    await rowWith('Bank card');
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Short' }));
    await user.type(screen.getByRole('textbox', { name: 'Fiat' }), 'RUB');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(queries().at(-1)?.get('filter[state]')).toBe('short'));
    expect(queries().at(-1)?.get('filter[fiat]')).toBe('RUB');
    expect(queries().at(-1)?.get('page')).toBe('1');
  });

  it('reads itself again every 10 s, so a direction going short shows without a reload', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    const state: { items: Direction[] } = { items: [makeOk()] };
    serve(state);
    renderApp('/directions');

    const row = await rowWith('SBP');
    expect(within(row).getByText('OK')).toBeInTheDocument();
    state.items = [sbpDirection];
    await act(() => vi.advanceTimersByTimeAsync(directionsRefreshMs + 100));
    await waitFor(() => expect(within(row).getByText('Short')).toBeInTheDocument());
  });

  it('says so when there are no directions', async () => {
    serve({ items: [] });
    renderApp('/directions');
    expect(await screen.findByText('No directions to display')).toBeInTheDocument();
  });

  it("shows the server's message when the list fails", async () => {
    mockApi({
      'GET /user/current': envelope({ data: users.root }),
      'GET /direction': failureReply(503, 'unavailable', 'Directions are being counted.'),
    });
    renderApp('/directions');
    expect(await screen.findByRole('alert')).toHaveTextContent('Directions are being counted.');
  });
});

function makeOk(): Direction {
  return { ...sbpDirection, state: { slug: 'ok', title: 'OK' } };
}

describe('a direction in detail', () => {
  it('opens from the keyboard and shows the flows and the executors with their reasons', async () => {
    serve({ items: [cardDirection, sbpDirection] }, { 'GET /direction/RUB.USDT.sbp': envelope(sbpDetails) });
    renderApp('/directions');
    const user = userEvent.setup();

    const row = await rowWith('SBP');
    row.focus();
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'RUB/USDT · SBP' });
    const flows = await within(dialog).findByRole('table', { name: 'Flows' });
    expect(cellsOf(within(flows).getAllByRole('row')[1] as HTMLElement)).toEqual([
      'Shop RUB',
      'merchant',
      'Yes',
      'manual',
      '0',
    ]);
    const executors = within(dialog).getByRole('table', { name: 'Executors' });
    const trader = within(executors).getAllByRole('row')[1] as HTMLElement;
    expect(cellsOf(trader)).toEqual(['trader', 'Trader', 'Pay-ins switched off', '0 / 1', '0']);
    expect(within(trader).getByText('Pay-ins switched off').closest('[data-status]')).toHaveAttribute(
      'data-status',
      'deposits_closed',
    );
    expect(dialog).toHaveTextContent('Executors 0 / 1, requisites 0 / 1, open orders 0');
  });

  it("shows the server's message when the details fail, with a way out", async () => {
    serve(
      { items: [sbpDirection] },
      { 'GET /direction/RUB.USDT.sbp': failureReply(404, 'not_found', 'No such direction.') },
    );
    renderApp('/directions');
    const user = userEvent.setup();

    await user.click(await rowWith('SBP'));
    const dialog = await screen.findByRole('dialog', { name: 'RUB/USDT · SBP' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No such direction.');
    // The modal's own close mark is named Close too; the way out is the button under the message.
    const buttons = within(dialog).getAllByRole('button', { name: 'Close' });
    await user.click(buttons.at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('stops reading the details once closed, while the list goes on refreshing', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    const { calls } = serve({ items: [sbpDirection] }, { 'GET /direction/RUB.USDT.sbp': envelope(sbpDetails) });
    renderApp('/directions');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const detailCalls = () => calls.filter((call) => call.path === '/direction/RUB.USDT.sbp').length;
    const listCalls = () => calls.filter((call) => call.path === '/direction').length;

    await user.click(await rowWith('SBP'));
    const dialog = await screen.findByRole('dialog', { name: 'RUB/USDT · SBP' });
    await within(dialog).findByRole('table', { name: 'Executors' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const detailsBefore = detailCalls();
    const listBefore = listCalls();

    await act(() => vi.advanceTimersByTimeAsync(directionsRefreshMs * 2 + 100));
    await waitFor(() => expect(listCalls()).toBeGreaterThan(listBefore));
    expect(detailCalls()).toBe(detailsBefore);
  });
});
