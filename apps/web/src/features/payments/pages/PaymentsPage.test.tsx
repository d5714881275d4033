import type { Payment } from '@paydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  envelope,
  failureReply,
  mockApi,
  prepareI18n,
  type RecordedCall,
  type Reply,
  renderApp,
  users,
  validationFailure,
} from '../../../app/testing';
import { formatDateTime } from '../../../lib/format';
import { deposit, listOf, merchantWithdrawal, moderated, pending, rejected, sent, sentHash } from '../testData';

type Routes = Parameters<typeof mockApi>[0];

/**
 * Signs in as `user` and answers `GET /transaction` from `lists` by `filter[type]`. The lists are read at call time,
 * so a test can change a payment and see the reload show it.
 */
function servePayments(lists: Record<string, Payment[]>, extra: Routes = {}, user = users.root) {
  const queries: URLSearchParams[] = [];
  /** The Withdrawals tab's count of those on moderation, asked for apart from the lists. */
  const waitingQueries: URLSearchParams[] = [];
  const api = mockApi({
    'GET /user/current': envelope({ data: user }),
    'GET /transaction': () => {
      const url = new URL(String(api.fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
      const items = lists[url.searchParams.get('filter[type]') ?? ''] ?? [];
      const status = url.searchParams.get('filter[status]');
      if (status === 'moderation' && url.searchParams.get('count') === '1') {
        waitingQueries.push(url.searchParams);
        const waiting = items.filter((item) => item.status.slug === status);
        return envelope({ ...listOf(waiting.slice(0, 1)), context: { ...listOf(waiting).context } });
      }
      queries.push(url.searchParams);
      return envelope(listOf(items));
    },
    ...extra,
  });
  return { ...api, queries, waitingQueries };
}

const posts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST');
const listCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/transaction');

/** The table row showing `text` (a shortened id, a username). */
async function rowWith(text: string) {
  const cell = await screen.findByText(text, { selector: 'td *' });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

beforeAll(async () => {
  await import('./PaymentsPage');
}, 60_000);

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('payments list', () => {
  it('opens on deposits: filter[type]=deposit, the deposit columns and the server filters', async () => {
    const { queries } = servePayments({ deposit: [deposit] });
    renderApp('/pay');

    const row = await rowWith('01a2…00d1');
    expect(queries[0]?.get('filter[type]')).toBe('deposit');
    expect(queries[0]?.get('page')).toBe('1');
    expect(headers()).toEqual(['ID', 'Owner', 'Status', 'Date', 'Sum', 'Source', 'Transaction hash', 'Address']);
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1, 6)).toEqual([
      'trader',
      'Completed',
      formatDateTime(deposit.date),
      '322.12... USDT',
      'TronGrid',
    ]);
    expect(within(row).getByText('cdcd…cdcd')).toBeInTheDocument();
    expect(within(row).getByText('TKEY…gmXJ')).toBeInTheDocument();
    expect(within(row).getByText('Completed').closest('[data-status]')).toHaveAttribute('data-status', 'done');
    for (const label of ['Status', 'Owner', 'Payment ID', 'Date from', 'Date to']) {
      expect(screen.getAllByText(label, { selector: 'label' }).length).toBeGreaterThan(0);
    }
  });

  it('sends filter[type]=withdraw on the withdrawal tab and offers each action only where the status allows it', async () => {
    const { queries } = servePayments({ withdraw: [moderated, pending, merchantWithdrawal, sent, rejected] });
    renderApp('/pay');
    const user = userEvent.setup();

    await screen.findByText('No USDT deposits to display');
    await user.click(screen.getByRole('tab', { name: /^Withdrawals/ }));
    const moderation = await rowWith('01a2…00b1');
    expect(queries.map((query) => query.get('filter[type]'))).toEqual(['deposit', 'withdraw']);
    expect(headers()).toEqual([
      'ID',
      'Owner, type',
      'Sum',
      'Address, transaction',
      'Status, date',
      'Balance',
      'Actions',
    ]);
    // Where the money goes, shortened, with the whole address on hover and in the copy button.
    expect(within(moderation).getByText('TMVQ…K2HC')).toHaveAttribute('title', 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC');

    // The action buttons by their text; the copy buttons are icons without one.
    const buttons = (row: HTMLElement) =>
      within(row)
        .queryAllByRole('button')
        .map((button) => button.textContent)
        .filter(Boolean);
    expect(buttons(moderation)).toEqual(['Accept', 'Reject']);
    // Nothing sent yet: the address alone, no transaction under it.
    expect(within(moderation).getAllByRole('cell')[3]).not.toHaveTextContent('tx');
    expect(moderation).toHaveTextContent('before 6,200 USDTafter 5,000 USDT');

    const sending = await rowWith('01a2…00b2');
    expect(buttons(sending)).toEqual(['Report sent', 'Reject']);
    expect(sending).toHaveTextContent('250.5 USDT');

    const viaTrader = await rowWith('01a2…00b3');
    expect(viaTrader).toHaveTextContent('Merchant withdrawal');
    expect(viaTrader).toHaveTextContent('via trader');

    const done = await rowWith('01a2…00b4');
    expect(buttons(done)).toEqual([]);
    expect(within(within(done).getAllByRole('cell')[3] as HTMLElement).getByText('abab…abab')).toBeInTheDocument();

    const refused = await rowWith('01a2…00b5');
    expect(buttons(refused)).toEqual([]);
    expect(refused).toHaveTextContent('Reason: Address on a sanctions list');
  });

  it('accepts a withdrawal only after a confirmation that restates owner, sum, network and full address', async () => {
    const lists: Record<string, Payment[]> = { withdraw: [moderated] };
    const accepted = { ...moderated, status: { slug: 'pending', title: 'Sending' } };
    const { calls } = servePayments(lists, {
      [`POST /transaction/${moderated.guid}/accept`]: () => {
        lists.withdraw = [accepted];
        return envelope(accepted);
      },
    });
    renderApp('/pay?tab=withdraw');
    const user = userEvent.setup();

    const row = await rowWith('01a2…00b1');
    const loadsBefore = listCalls(calls).length;
    await user.click(within(row).getByRole('button', { name: 'Accept' }));
    let dialog = await screen.findByRole('dialog', { name: 'Accept withdrawal' });
    // Nothing is sent by opening it, nor by going back.
    expect(posts(calls)).toEqual([]);
    const fact = (label: string) => within(dialog).getByRole('rowheader', { name: label }).nextElementSibling;
    expect(fact('Owner')).toHaveTextContent('merchant');
    expect(fact('Sum')).toHaveTextContent('1,200 USDT');
    expect(fact('Network')).toHaveTextContent('TRON (TRC-20)');
    expect(fact('Address')).toHaveTextContent('TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(calls)).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Accept' }));
    dialog = await screen.findByRole('dialog', { name: 'Accept withdrawal' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept withdrawal' }));

    expect(await screen.findByText('Withdrawal of merchant accepted')).toBeInTheDocument();
    expect(posts(calls).map((call) => call.path)).toEqual([`/transaction/${moderated.guid}/accept`]);
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Report sent' })).toBeInTheDocument());
    expect(within(row).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(within(row).getByText('Sending')).toBeInTheDocument();
    expect(listCalls(calls).length).toBeGreaterThan(loadsBefore);
  });

  it("says in the confirmation, in the server's words, why an accept failed", async () => {
    servePayments(
      { withdraw: [moderated] },
      {
        [`POST /transaction/${moderated.guid}/accept`]: failureReply(
          409,
          'conflict',
          'This conflicts with the current state. Reload and try again.',
        ),
      },
    );
    renderApp('/pay?tab=withdraw');
    const user = userEvent.setup();

    await user.click(within(await rowWith('01a2…00b1')).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept withdrawal' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept withdrawal' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This conflicts with the current state. Reload and try again.',
    );
  });

  it('names for a merchant withdrawal the trader who sends it', async () => {
    const viaTrader = { ...merchantWithdrawal, status: { slug: 'moderation', title: 'On moderation' } };
    servePayments({ withdraw: [viaTrader] });
    renderApp('/pay?tab=withdraw');
    const user = userEvent.setup();

    await user.click(within(await rowWith('01a2…00b3')).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept withdrawal' });
    expect(dialog).toHaveTextContent('Paid out bytrader');
    expect(dialog).toHaveTextContent('trader sends the sum to the address above on TRON');
  });

  it('shows on the Withdrawals tab how many wait for a decision', async () => {
    const { waitingQueries } = servePayments({
      withdraw: [moderated, pending, { ...moderated, guid: '01a201f1-0000-7000-8000-0000000000b9' }],
    });
    renderApp('/pay');

    expect(await screen.findByRole('tab', { name: 'Withdrawals 2 waiting' })).toBeInTheDocument();
    expect(waitingQueries[0]?.get('filter[type]')).toBe('withdraw');
    expect(waitingQueries[0]?.get('filter[status]')).toBe('moderation');
  });

  it('says the count in Russian', async () => {
    await prepareI18n('ru');
    servePayments({ withdraw: [moderated] });
    renderApp('/pay');
    expect(await screen.findByRole('tab', { name: 'Выводы ждут: 1' })).toBeInTheDocument();
  });

  it('shows no count when nothing waits', async () => {
    const { waitingQueries } = servePayments({ withdraw: [pending] });
    renderApp('/pay');
    await screen.findByText('No USDT deposits to display');
    await waitFor(() => expect(waitingQueries).toHaveLength(1));
    expect(screen.getByRole('tab', { name: 'Withdrawals' })).toBeInTheDocument();
  });

  it('asks a support admin, who decides nothing, for no count', async () => {
    const support = servePayments({ withdraw: [moderated] }, {}, users.support);
    renderApp('/pay');
    await screen.findByText('No USDT deposits to display');
    expect(support.waitingQueries).toEqual([]);
    expect(screen.getByRole('tab', { name: 'Withdrawals' })).toBeInTheDocument();
  });

  it('shows the Russian empty message of the withdrawal tab', async () => {
    await prepareI18n('ru');
    servePayments({ withdraw: [] });
    renderApp('/pay?tab=withdraw');

    expect(await screen.findByText('Нет транзакций для отображения')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Выводы' })).toHaveAttribute('aria-selected', 'true');
  });

  it("shows 'Load failed.' when the list fails without a message of the server", async () => {
    mockApi({
      'GET /user/current': envelope({ data: users.root }),
      'GET /transaction': failureReply(500, 'internal_error'),
    });
    renderApp('/pay');
    expect(await screen.findByRole('alert')).toHaveTextContent('Load failed.');
  });

  it('sends the filters with page 1', async () => {
    const { queries } = servePayments({ deposit: [deposit] });
    renderApp('/pay');
    const user = userEvent.setup();

    await rowWith('01a2…00d1');
    await user.type(screen.getByRole('textbox', { name: 'Owner' }), 'trad');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(queries.at(-1)?.get('filter[username]')).toBe('trad'));
    expect(queries.at(-1)?.get('filter[type]')).toBe('deposit');
    expect(queries.at(-1)?.get('page')).toBe('1');
  });
});

describe('reject and report sent', () => {
  it('needs a reason before rejecting, then posts it and reloads', async () => {
    const lists: Record<string, Payment[]> = { withdraw: [pending] };
    const { calls } = servePayments(lists, {
      [`POST /transaction/${pending.guid}/reject`]: () => {
        const done = { ...pending, status: { slug: 'rejected', title: 'Rejected' }, comment: 'Wrong network' };
        lists.withdraw = [done];
        return envelope(done);
      },
    });
    renderApp('/pay?tab=withdraw');
    const user = userEvent.setup();

    await user.click(within(await rowWith('01a2…00b2')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject withdrawal' });
    expect(dialog).toHaveTextContent('partner');
    expect(dialog).toHaveTextContent('250.5 USDT');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Write why the withdrawal is rejected.')).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), ' Wrong network ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText('Withdrawal of partner rejected')).toBeInTheDocument();
    expect(posts(calls)).toMatchObject([
      { path: `/transaction/${pending.guid}/reject`, body: { comment: 'Wrong network' } },
    ]);
    expect(await screen.findByText('Reason: Wrong network')).toBeInTheDocument();
  });

  it('checks the hash, then reports the send and shows a server field error under the hash', async () => {
    let reply: Reply = validationFailure({
      tx_hash: ['This transaction hash is already recorded for another withdrawal.'],
    });
    const { calls } = servePayments(
      { withdraw: [merchantWithdrawal] },
      { [`POST /transaction/${merchantWithdrawal.guid}/sent`]: () => reply },
    );
    renderApp('/pay?tab=withdraw');
    const user = userEvent.setup();

    await user.click(within(await rowWith('01a2…00b3')).getByRole('button', { name: 'Report sent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report the on-chain transfer' });
    expect(dialog).toHaveTextContent("The merchant's held money then moves to trader.");
    const hash = within(dialog).getByRole('textbox', { name: 'Transaction hash' });
    await user.type(hash, 'not-a-hash');
    await user.click(within(dialog).getByRole('button', { name: 'Report sent' }));
    expect(within(dialog).getByText('A transaction hash has 64 hexadecimal characters.')).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);

    await user.clear(hash);
    await user.type(hash, `0x${sentHash.toUpperCase()}`);
    await user.click(within(dialog).getByRole('button', { name: 'Report sent' }));
    const message = await within(dialog).findByText(
      'This transaction hash is already recorded for another withdrawal.',
    );
    expect(message).toBeInTheDocument();
    expect(hash).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    reply = envelope({ ...merchantWithdrawal, status: { slug: 'done', title: 'Completed' }, tx_hash: sentHash });
    await user.click(within(dialog).getByRole('button', { name: 'Report sent' }));
    expect(await screen.findByText('Withdrawal of merchant marked as sent')).toBeInTheDocument();
    expect(posts(calls).map((call) => call.body)).toEqual([{ tx_hash: sentHash }, { tx_hash: sentHash }]);
  });
});

describe('credit a deposit', () => {
  const address = 'TKEY28XnVNmdEe7tPn5zpUBZyFiyf3gmXJ';

  async function fillCredit(dialog: HTMLElement, amount = '150') {
    const user = userEvent.setup();
    await user.type(within(dialog).getByRole('textbox', { name: 'Transaction hash' }), sentHash);
    await user.type(within(dialog).getByRole('textbox', { name: 'Deposit address' }), address);
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), amount);
    await user.click(within(dialog).getByRole('button', { name: 'Credit' }));
  }

  it('credits a deposit and says so, and says when it had already been credited', async () => {
    let credited = true;
    const { calls } = servePayments(
      { deposit: [] },
      {
        'POST /wallet/deposits': () =>
          envelope({ credited, payment: { ...deposit, money: { ...deposit.money, amount: '150' } } }),
      },
    );
    renderApp('/pay');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Credit a deposit' }));
    let dialog = await screen.findByRole('dialog', { name: 'Credit a deposit' });
    await user.click(within(dialog).getByRole('button', { name: 'Credit' }));
    expect(within(dialog).getByText('A transaction hash has 64 hexadecimal characters.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter wallet address.')).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);

    await fillCredit(dialog);
    expect(await within(dialog).findByText('Credited 150 USDT to trader.')).toBeInTheDocument();
    expect(posts(calls).map((call) => call.body)).toEqual([{ tx_hash: sentHash, address, amount: '150' }]);

    credited = false;
    await user.click(within(dialog).getByRole('button', { name: 'Credit another' }));
    dialog = await screen.findByRole('dialog', { name: 'Credit a deposit' });
    await fillCredit(dialog);
    expect(
      await within(dialog).findByText('This deposit had already been credited to trader (150 USDT). Nothing changed.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a server field error in red under its field', async () => {
    servePayments(
      { deposit: [] },
      { 'POST /wallet/deposits': validationFailure({ address: ['No user has this deposit address.'] }) },
    );
    renderApp('/pay');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Credit a deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit a deposit' });
    await fillCredit(dialog);

    const message = await within(dialog).findByText('No user has this deposit address.');
    const field = within(dialog).getByRole('textbox', { name: 'Deposit address' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('No user has this deposit address.');
    expect(message.closest('.mantine-InputWrapper-error')).not.toBeNull();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is not offered to a support admin, who may see payments but not manage wallets', async () => {
    servePayments({ deposit: [deposit] }, {}, users.support);
    renderApp('/pay');

    await rowWith('01a2…00d1');
    expect(screen.queryByRole('button', { name: 'Credit a deposit' })).not.toBeInTheDocument();
  });

  it('shows a support admin the withdrawals without any action, since support moves no money', async () => {
    servePayments({ withdraw: [moderated, pending] }, {}, users.support);
    renderApp('/pay?tab=withdraw');

    const row = await rowWith('01a2…00b1');
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    for (const name of ['Accept', 'Reject', 'Report sent']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(row).toHaveTextContent('6,200 USDT');
  });
});
