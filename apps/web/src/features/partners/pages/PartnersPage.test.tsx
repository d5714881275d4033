import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failureReply, mockApi, prepareI18n, renderApp, users } from '../../../app/testing';
import { formatDateTime } from '../../../lib/format';
import { rowWith, servePartners } from '../testApi';
import { credit, debit, fastPay, slowPay } from '../testData';

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

beforeAll(async () => {
  await import('./PartnersPage');
}, 60_000);

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('partner systems list', () => {
  it("shows the title, every partner's balance in all and the systems with their real balance", async () => {
    const { queries } = servePartners({ systems: [fastPay, slowPay], total: '650.123456' });
    renderApp('/partners');

    expect(await screen.findByRole('heading', { name: 'Partners PS', level: 1 })).toBeInTheDocument();
    const fast = await rowWith('Fast Pay');
    expect(screen.getByText('Total balance:').parentElement).toHaveTextContent('Total balance:650.12... USDT');
    expect(headers()).toEqual(['Name', 'Balance', 'Active', 'Payment method', 'Actions']);
    expect(cellsOf(fast).slice(0, 4)).toEqual(['Fast Pay', '650.12... USDT', 'Active', 'Bank card']);
    expect(within(fast).getByRole('img', { name: 'Active' })).toBeInTheDocument();
    const slow = await rowWith('Slow Pay');
    expect(cellsOf(slow).slice(0, 4)).toEqual(['Slow Pay', '0 USDT', 'Inactive', 'Faster Payments System (SBP)']);
    expect(within(slow).getByRole('img', { name: 'Inactive' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create partner system' })).toBeInTheDocument();
    // Page 1, and no page size until one is chosen (SPEC §9).
    expect(queries['/partner-system']?.[0]?.get('page')).toBe('1');
    expect(queries['/partner-system']?.[0]?.get('count')).toBeNull();
  });

  it('says so in Russian when there are no partners', async () => {
    await prepareI18n('ru');
    servePartners({ systems: [], total: '0' });
    renderApp('/partners');

    expect(await screen.findByText('Нет партнёров для отображения')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ПС партнёров', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Общий баланс:')).toBeInTheDocument();
    expect(headers()).toEqual(['Название', 'Баланс', 'Активность', 'Способ оплаты', 'Действия']);
    expect(screen.getByRole('button', { name: 'Создать систему партнёра' })).toBeInTheDocument();
  });

  it("shows the server's message when the list fails to load", async () => {
    mockApi({
      'GET /user/current': envelope({ data: users.root }),
      'GET /partner-system': failureReply(403, 'forbidden', 'You do not have access to this.'),
    });
    renderApp('/partners');
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have access to this.');
  });
});

describe('partner system details', () => {
  it('opens on a row click: title, read-only active toggle, currencies, options, flows and history', async () => {
    const { queries } = servePartners({ systems: [fastPay, slowPay] });
    const { router } = renderApp('/partners');
    const user = userEvent.setup();

    await user.click(await rowWith('Fast Pay'));

    expect(await screen.findByRole('heading', { name: 'Fast Pay', level: 1 })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?slug=fast-pay');
    const active = screen.getByRole('switch', { name: 'Active' });
    expect(active).toBeChecked();
    expect(active).toHaveAttribute('aria-readonly', 'true');
    await user.click(active);
    expect(active).toBeChecked();
    expect(screen.getByText('RUB - KZT')).toBeInTheDocument();
    expect(screen.getByRole('list')).toHaveTextContent('CardSBP');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();

    const flows = screen.getByRole('region', { name: 'Flows' });
    expect(cellsOf(within(flows).getAllByRole('row')[1] as HTMLElement)).toEqual([
      '01a2…1001',
      'Shop RUB',
      'RUB',
      'USDT',
    ]);

    const history = screen.getByRole('region', { name: 'Balance history' });
    const creditRow = (await within(history).findByText(formatDateTime(credit.created_at))).closest('tr');
    expect(creditRow && cellsOf(creditRow)).toEqual([
      formatDateTime(credit.created_at),
      'Order paid out',
      '+150.5 USDT',
      '650.12... USDT',
      '01a2…0001',
    ]);
    const debitRow = within(history).getByText(formatDateTime(debit.created_at)).closest('tr');
    expect(debitRow && cellsOf(debitRow)).toEqual([
      formatDateTime(debit.created_at),
      'Withdrawal',
      '−100 USDT',
      '499.62... USDT',
      '01a2…0002',
    ]);
    expect(within(history).getByText('Results: 1 - 20 of 120')).toBeInTheDocument();
    expect(queries['/partner-system/fast-pay/balance-log']?.[0]?.get('page')).toBe('1');
  });

  it('pages and filters the balance history, going back to page 1 on a new size or filter', async () => {
    const { queries } = servePartners({ systems: [fastPay] });
    renderApp('/partners?slug=fast-pay');
    const user = userEvent.setup();
    const log = () => queries['/partner-system/fast-pay/balance-log'] ?? [];

    const history = await screen.findByRole('region', { name: 'Balance history' });
    await within(history).findByText('Results: 1 - 20 of 120');
    await user.click(within(history).getByRole('button', { name: '2' }));
    await waitFor(() => expect(log().at(-1)?.get('page')).toBe('2'));
    expect(log().at(-1)?.get('count')).toBeNull();

    await user.selectOptions(within(history).getByRole('combobox', { name: 'Rows per page' }), '50');
    await waitFor(() => expect(log().at(-1)?.get('count')).toBe('50'));
    expect(log().at(-1)?.get('page')).toBe('1');

    await user.click(within(history).getByRole('button', { name: '2' }));
    await waitFor(() => expect(log().at(-1)?.get('page')).toBe('2'));
    await user.click(within(history).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Withdrawal' }));
    expect(within(history).getByText('Date from')).toBeInTheDocument();
    await user.click(within(history).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(log().at(-1)?.get('filter[type]')).toBe('withdrawal'));
    expect(log().at(-1)?.get('page')).toBe('1');
    expect(log().at(-1)?.get('count')).toBe('50');
  });

  it('opens from the keyboard and the back button returns to the list on the same page', async () => {
    const { queries } = servePartners({ systems: [fastPay, slowPay] });
    const { router } = renderApp('/partners');
    const user = userEvent.setup();

    const row = await rowWith('Slow Pay');
    row.focus();
    await user.keyboard('{Enter}');

    const title = await screen.findByRole('heading', { name: 'Slow Pay', level: 1 });
    await waitFor(() => expect(title).toHaveFocus());
    expect(router.state.location.search).toBe('?slug=slow-pay');
    // Nothing to list: dashes, and the flows' own empty message.
    expect(screen.getByText('No flows to display')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Active' })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    const listTitle = await screen.findByRole('heading', { name: 'Partners PS', level: 1 });
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(listTitle).toHaveFocus());
    await rowWith('Fast Pay');
    expect(queries['/partner-system']).toHaveLength(1);

    // The browser's forward and back buttons walk the same way.
    await router.navigate(1);
    expect(await screen.findByRole('heading', { name: 'Slow Pay', level: 1 })).toBeInTheDocument();
    await router.navigate(-1);
    expect(await screen.findByRole('heading', { name: 'Partners PS', level: 1 })).toBeInTheDocument();
  });

  it('opens straight from the address (a reload) and goes back to the list', async () => {
    servePartners({ systems: [fastPay] });
    const { router } = renderApp('/partners?slug=fast-pay');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Fast Pay', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('RUB - KZT')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await rowWith('Fast Pay')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/partners');
    expect(router.state.location.search).toBe('');
  });

  it("shows the server's message for a system that does not exist", async () => {
    servePartners(
      { systems: [] },
      { 'GET /partner-system/gone': failureReply(404, 'not_found', 'Partner system not found.') },
    );
    renderApp('/partners?slug=gone');
    expect(await screen.findByRole('alert')).toHaveTextContent('Partner system not found.');
    expect(screen.getByRole('heading', { name: 'Partners PS', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('shows the details in Russian', async () => {
    await prepareI18n('ru');
    servePartners({ systems: [fastPay] });
    renderApp('/partners?slug=fast-pay');

    expect(await screen.findByRole('heading', { name: 'Fast Pay', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Назад' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Активна' })).toBeChecked();
    expect(screen.getByText('Фиатные валюты')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Потоки' })).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'История баланса' });
    expect(await within(history).findByText('Результаты: 1 - 20 из 120')).toBeInTheDocument();
  });
});

describe('support admin', () => {
  it('reads the list and the details but is offered no create or edit', async () => {
    servePartners({ systems: [fastPay] }, {}, users.support);
    renderApp('/partners');
    const user = userEvent.setup();

    const row = await rowWith('Fast Pay');
    expect(headers()).toEqual(['Name', 'Balance', 'Active', 'Payment method']);
    expect(screen.queryByRole('button', { name: 'Create partner system' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();

    await user.click(row);
    expect(await screen.findByRole('heading', { name: 'Fast Pay', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
