import type { AntiFraudCase } from '@paydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failureReply, mockApi, prepareI18n, renderApp, users } from '../../../app/testing';
import { formatDateTime } from '../../../lib/format';
import { rowWith, serveAntiFraud, writes } from '../testApi';
import { approvedRequisiteCase, newClientCase, newTraderCase } from '../testData';

beforeAll(async () => {
  await import('./AntiFraudPage');
}, 60_000);

beforeEach(async () => {
  // Ten hours east of UTC: a case opened at 23:30 UTC is already the next morning here, so a local date would show.
  vi.stubEnv('TZ', 'Asia/Vladivostok');
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the cases table', () => {
  it('shows each case with its UTC dates, rule, target, evidence and status, under the server filters', async () => {
    const { queriesOf } = serveAntiFraud({ cases: [newTraderCase, approvedRequisiteCase] });
    renderApp('/antifraud');

    const open = await rowWith('Canceled orders in a row');
    // What the other screens would show here, in local time: the table shows UTC instead.
    expect(formatDateTime(newTraderCase.created_at)).toBe('06.03.2026 09:30:15');
    expect(screen.getByRole('heading', { name: 'Anti-fraud', level: 1 })).toBeInTheDocument();
    expect(headers()).toEqual(['Created (UTC)', 'Rule', 'Target', 'Evidence', 'Status', 'Actions']);
    expect(cellsOf(open)).toEqual([
      '05.03.2026 23:30:15 UTC',
      'Canceled orders in a row',
      'Tradertrader',
      'canceled in a row: 5; last order: 01a201f1-0000-7000-8000-0000000000c1',
      'New',
      'Release',
    ]);
    expect(within(open).getByText('New').closest('[data-status]')).toHaveAttribute('data-status', 'new');
    expect(within(open).getByText(/UTC$/).closest('time')).toHaveAttribute('datetime', newTraderCase.created_at);

    const released = await rowWith('Payers of one requisite per day');
    expect(cellsOf(released)).toEqual([
      '04.03.2026 08:00:00 UTC',
      'Payers of one requisite per day',
      'RequisiteSber card (trader)',
      'payers in 24 hours: 12',
      'Approved04.03.2026 21:05:09 UTCby root',
      '—',
    ]);
    expect(within(released).getByText('Approved').closest('[data-status]')).toHaveAttribute('data-status', 'approved');

    for (const label of ['Status', 'Rule', 'Date from', 'Date to']) {
      expect(screen.getByText(label, { selector: 'label' })).toBeInTheDocument();
    }
    // On a phone the wide table scrolls inside a named region the keyboard reaches.
    expect(screen.getByRole('region', { name: 'Anti-fraud cases' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByText('Results: 1 - 2 of 2')).toBeInTheDocument();
    expect(queriesOf('/anti_fraud/').map((query) => query.toString())).toEqual(['page=1']);
  });

  it('sends the chosen filters with page 1', async () => {
    const { queriesOf } = serveAntiFraud({ cases: [newTraderCase] });
    renderApp('/antifraud');
    const user = userEvent.setup();

    await rowWith('Canceled orders in a row');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'New' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(queriesOf('/anti_fraud/').at(-1)?.get('filter[is_approved]')).toBe('false'));
    expect(queriesOf('/anti_fraud/').at(-1)?.get('page')).toBe('1');
  });

  it('says so when there are no cases', async () => {
    serveAntiFraud({ cases: [] });
    renderApp('/antifraud');
    expect(await screen.findByText('No anti-fraud cases to display')).toBeInTheDocument();
  });

  it("shows 'Load failed.' when the list fails without a message of the server", async () => {
    mockApi({
      'GET /user/current': envelope({ data: users.root }),
      'GET /anti_fraud/': failureReply(500, 'internal_error'),
    });
    renderApp('/antifraud');
    expect(await screen.findByRole('alert')).toHaveTextContent('Load failed.');
  });
});

describe('release', () => {
  it('is offered only on New cases, to a full admin', async () => {
    serveAntiFraud({ cases: [newTraderCase, approvedRequisiteCase, newClientCase] });
    renderApp('/antifraud');

    const trader = await rowWith('Canceled orders in a row');
    expect(within(trader).getByRole('button', { name: 'Release the case of trader' })).toHaveTextContent('Release');
    const client = await rowWith('client-77 (merchant)');
    expect(within(client).getByRole('button', { name: 'Release the case of client-77 (merchant)' })).toBeVisible();
    expect(within(await rowWith('Sber card (trader)')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('is not offered to a support admin, who sees the cases without an action column', async () => {
    serveAntiFraud({ cases: [newTraderCase, approvedRequisiteCase] }, {}, users.support);
    renderApp('/antifraud');

    await rowWith('Canceled orders in a row');
    expect(headers()).not.toContain('Actions');
    expect(screen.queryByRole('button', { name: /^Release/ })).not.toBeInTheDocument();
  });

  it('asks first, then releases the case, says so and reloads the list', async () => {
    const state = { cases: [newTraderCase] };
    const approved: AntiFraudCase = {
      ...newTraderCase,
      is_approved: true,
      approved_at: '2026-03-06T00:15:00.000Z',
      approved_by: { username: 'root' },
    };
    const { calls, queriesOf } = serveAntiFraud(state, {
      [`PATCH /anti_fraud/${newTraderCase.guid}/release`]: () => {
        state.cases = [approved];
        return envelope(approved);
      },
    });
    renderApp('/antifraud');
    const user = userEvent.setup();

    const row = await rowWith('Canceled orders in a row');
    await user.click(within(row).getByRole('button', { name: 'Release the case of trader' }));
    let dialog = await screen.findByRole('dialog', { name: 'Release the case?' });
    expect(dialog).toHaveTextContent('RuleCanceled orders in a row');
    expect(dialog).toHaveTextContent('TargetTrader: trader');
    expect(dialog).toHaveTextContent('Opened05.03.2026 23:30:15 UTC');
    expect(dialog).toHaveTextContent('Evidencecanceled in a row: 5');
    expect(dialog).toHaveTextContent('The trader gets new orders again.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([]);

    const loadsBefore = queriesOf('/anti_fraud/').length;
    await user.click(within(row).getByRole('button', { name: 'Release the case of trader' }));
    dialog = await screen.findByRole('dialog', { name: 'Release the case?' });
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));

    expect(await screen.findByText('Case of trader released')).toBeInTheDocument();
    expect(writes(calls)).toEqual([['PATCH', `/anti_fraud/${newTraderCase.guid}/release`, undefined]]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(row).getByText('Approved')).toBeInTheDocument());
    expect(row).toHaveTextContent('Approved06.03.2026 00:15:00 UTCby root');
    expect(within(row).queryByRole('button', { name: /^Release/ })).not.toBeInTheDocument();
    expect(queriesOf('/anti_fraud/').length).toBeGreaterThan(loadsBefore);
  });

  it("shows the server's refusal in the dialog and reloads the list", async () => {
    const state = { cases: [newTraderCase] };
    const { queriesOf } = serveAntiFraud(state, {
      [`PATCH /anti_fraud/${newTraderCase.guid}/release`]: () => {
        state.cases = [{ ...newTraderCase, is_approved: true, approved_at: '2026-03-06T00:00:00.000Z' }];
        return failureReply(409, 'anti_fraud_case_released', 'This case has been released already.');
      },
    });
    renderApp('/antifraud');
    const user = userEvent.setup();

    const row = await rowWith('Canceled orders in a row');
    await user.click(within(row).getByRole('button', { name: 'Release the case of trader' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release the case?' });
    const loadsBefore = queriesOf('/anti_fraud/').length;
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This case has been released already.');
    await waitFor(() => expect(queriesOf('/anti_fraud/').length).toBeGreaterThan(loadsBefore));
    await waitFor(() => expect(within(row).getByText('Approved')).toBeInTheDocument());
  });
});

describe('in Russian', () => {
  it('shows the headers, statuses, kinds and actions in Russian', async () => {
    await prepareI18n('ru');
    serveAntiFraud({ cases: [newTraderCase, approvedRequisiteCase, newClientCase] });
    renderApp('/antifraud');

    const row = await rowWith('Canceled orders in a row');
    expect(screen.getByRole('heading', { name: 'Антифрод', level: 1 })).toBeInTheDocument();
    expect(headers()).toEqual(['Создан (UTC)', 'Правило', 'Объект', 'Основание', 'Статус', 'Действия']);
    expect(cellsOf(row).slice(0, 1)).toEqual(['05.03.2026 23:30:15 UTC']);
    expect(within(row).getByText('Трейдер')).toBeInTheDocument();
    expect(within(row).getByText('Новый')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Снять случай: trader' })).toHaveTextContent('Снять');
    const released = await rowWith('Sber card (trader)');
    expect(released).toHaveTextContent('Реквизит');
    expect(released).toHaveTextContent('Одобрен');
    expect(released).toHaveTextContent('кем: root');
    expect(await rowWith('client-77 (merchant)')).toHaveTextContent('Плательщик');
    expect(screen.getByRole('button', { name: 'Настройки правил' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Проверить чек' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Случаи антифрода' })).toBeInTheDocument();
  });
});
