import type { CurrentUser, Wallet } from '@paydesk/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  envelope,
  failureReply,
  makeUser,
  mockApi,
  prepareI18n,
  type RecordedCall,
  type Reply,
  renderApp,
  users,
} from '../../../app/testing';
import {
  blockedTrader,
  merchant,
  merchantUuid,
  merchantWallet,
  merchantWithdrawal,
  rootWallet,
  trader,
  traderUuid,
  userListOf,
  walletListOf,
} from '../testData';

type Routes = Parameters<typeof mockApi>[0];

/** Signs in as `user`, answers `GET /wallet` with `wallets` and `GET /user` with the traders or merchants. */
function serveWallets(wallets: Wallet[], extra: Routes = {}, user: CurrentUser = users.root) {
  const userQueries: URLSearchParams[] = [];
  const api = mockApi({
    'GET /user/current': envelope({ data: user }),
    'GET /wallet': envelope(walletListOf(wallets)),
    'GET /user': () => {
      const url = new URL(String(api.fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
      userQueries.push(url.searchParams);
      const type = url.searchParams.get('filter[type]');
      return envelope(userListOf(type === 'trader' ? [trader, blockedTrader] : type === 'merchant' ? [merchant] : []));
    },
    ...extra,
  });
  return { ...api, userQueries };
}

const posts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST');
const walletLoads = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/wallet');

async function rowWith(text: string) {
  const cell = await screen.findByText(text, { selector: 'td *' });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

async function openForm() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Merchant withdrawal' }));
  return screen.findByRole('dialog', { name: 'Merchant withdrawal' });
}

async function choose(dialog: HTMLElement, field: string, option: string) {
  const user = userEvent.setup();
  const select = within(dialog).getByRole('combobox', { name: field });
  await waitFor(() => expect(select).toBeEnabled());
  await user.click(select);
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillValid(dialog: HTMLElement) {
  const user = userEvent.setup();
  await choose(dialog, 'Trader', 'trader');
  await choose(dialog, 'Merchant', 'merchant');
  await user.type(within(dialog).getByRole('textbox', { name: 'Amount, USDT' }), '150');
  await user.type(within(dialog).getByRole('textbox', { name: 'Wallet address' }), rootWallet.name);
}

beforeAll(async () => {
  await import('./WalletsPage');
}, 60_000);

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('wallets list', () => {
  it('shows address, owner, account uuid, trx n/a and amount, with the System marker on the root wallet', async () => {
    const { calls } = serveWallets([rootWallet, merchantWallet]);
    renderApp('/wallets');

    const rootRow = await rowWith(rootWallet.name);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Address',
      'Owner',
      'Account ID',
      'TRX balance',
      'Amount',
    ]);
    expect(
      within(rootRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([rootWallet.name, 'rootSystem', '01a2…bb18', 'n/a', '0 USDT']);
    const merchantRow = await rowWith(merchantWallet.name);
    expect(merchantRow).toHaveTextContent('6,772.5 USDT');
    expect(within(merchantRow).queryByText('System')).not.toBeInTheDocument();
    expect(within(merchantRow).getByText('01a2…e7c1')).toBeInTheDocument();
    expect(walletLoads(calls)).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Owner' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Address' })).toBeInTheDocument();
  });

  it('shows the Russian empty message', async () => {
    await prepareI18n('ru');
    serveWallets([]);
    renderApp('/wallets');
    expect(await screen.findByText('Нет кошельков для отображения')).toBeInTheDocument();
  });

  it("shows the server's message when the list fails to load", async () => {
    mockApi({
      'GET /user/current': envelope({ data: users.root }),
      'GET /wallet': failureReply(403, 'forbidden', 'You do not have access to this.'),
    });
    renderApp('/wallets');
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have access to this.');
  });

  it('offers the merchant withdrawal only to the root admin, whatever the names', async () => {
    serveWallets([merchantWallet], {}, makeUser({ username: 'admin2' }));
    renderApp('/wallets');
    await rowWith(merchantWallet.name);
    expect(screen.queryByRole('button', { name: 'Merchant withdrawal' })).not.toBeInTheDocument();
    cleanup();
    // An admin who took the name root is still not the root admin.
    serveWallets([merchantWallet], {}, makeUser({ username: 'root', isRoot: false }));
    renderApp('/wallets');
    await rowWith(merchantWallet.name);
    expect(screen.queryByRole('button', { name: 'Merchant withdrawal' })).not.toBeInTheDocument();
  });
});

describe('merchant withdrawal', () => {
  it('checks the form before any call with the messages of SPEC §5', async () => {
    const { calls, userQueries } = serveWallets([rootWallet]);
    renderApp('/wallets');
    const user = userEvent.setup();

    const dialog = await openForm();
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    for (const message of [
      'Please select a trader.',
      'Please select a merchant.',
      'Please enter a valid amount.',
      'Please enter wallet address.',
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }

    await user.type(within(dialog).getByRole('textbox', { name: 'Amount, USDT' }), '0.5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Wallet address' }), 'TAbc12345');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(within(dialog).getByText('Please enter a valid amount.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid wallet address.')).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
    // Both choice lists load the first 100 users of their type (SPEC §9).
    expect(userQueries.map((query) => [query.get('filter[type]'), query.get('page'), query.get('count')])).toEqual(
      expect.arrayContaining([
        ['trader', '1', '100'],
        ['merchant', '1', '100'],
      ]),
    );
  });

  it('greys out a blocked trader and shows the chosen merchant its available balance', async () => {
    serveWallets([rootWallet]);
    renderApp('/wallets');
    const user = userEvent.setup();

    const dialog = await openForm();
    const traderSelect = within(dialog).getByRole('combobox', { name: 'Trader' });
    await waitFor(() => expect(traderSelect).toBeEnabled());
    await user.click(traderSelect);
    expect(await screen.findByRole('option', { name: 'trader2 (blocked or inactive)' })).toHaveAttribute(
      'data-combobox-disabled',
      'true',
    );
    await user.keyboard('{Escape}');
    await choose(dialog, 'Merchant', 'merchant');
    expect(within(dialog).getByText('Available: 5,000.12... USDT')).toBeInTheDocument();
  });

  it('posts the form, says the withdrawal was executed, closes and reloads the wallets', async () => {
    const { calls } = serveWallets([rootWallet], {
      'POST /wallet/merchant_withdrawal': envelope(merchantWithdrawal),
    });
    renderApp('/wallets');

    const dialog = await openForm();
    await fillValid(dialog);
    const loadsBefore = walletLoads(calls).length;
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Withdraw' }));

    expect(await screen.findByText('Withdrawal executed successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(calls).map((call) => call.body)).toEqual([
      { user_uuid: traderUuid, merchant_uuid: merchantUuid, amount: '150', to_address: rootWallet.name },
    ]);
    await waitFor(() => expect(walletLoads(calls).length).toBeGreaterThan(loadsBefore));
  });

  it("shows the server's field error in red under its field", async () => {
    const insufficient: Reply = {
      status: 422,
      body: {
        success: false,
        error: { code: 'validation_failed', message: 'validation_failed' },
        localized_message: 'Some fields are not filled in correctly.',
        errors: { amount: ['There is not enough money on the balance.'] },
      },
    };
    serveWallets([rootWallet], { 'POST /wallet/merchant_withdrawal': insufficient });
    renderApp('/wallets');

    const dialog = await openForm();
    await fillValid(dialog);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Withdraw' }));

    const message = await within(dialog).findByText('There is not enough money on the balance.');
    expect(message.closest('.mantine-InputWrapper-error')).not.toBeNull();
    expect(within(dialog).getByRole('textbox', { name: 'Amount, USDT' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('speaks Russian: the §5 messages and the success toast', async () => {
    await prepareI18n('ru');
    serveWallets([rootWallet], { 'POST /wallet/merchant_withdrawal': envelope(merchantWithdrawal) });
    renderApp('/wallets');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Вывод мерчанта' }));
    const dialog = await screen.findByRole('dialog', { name: 'Вывод мерчанта' });
    await user.click(within(dialog).getByRole('button', { name: 'Вывести' }));
    expect(within(dialog).getByText('Пожалуйста, выберите трейдера.')).toBeInTheDocument();
    expect(within(dialog).getByText('Пожалуйста, выберите мерчанта.')).toBeInTheDocument();
    expect(within(dialog).getByText('Пожалуйста, введите корректную сумму.')).toBeInTheDocument();
    expect(within(dialog).getByText('Пожалуйста, введите адрес кошелька.')).toBeInTheDocument();

    await choose(dialog, 'Трейдер', 'trader');
    await choose(dialog, 'Мерчант', 'merchant');
    await user.type(within(dialog).getByRole('textbox', { name: 'Сумма, USDT' }), '10');
    await user.type(within(dialog).getByRole('textbox', { name: 'Адрес кошелька' }), rootWallet.name);
    await user.click(within(dialog).getByRole('button', { name: 'Вывести' }));
    expect(await screen.findByText('Вывод успешно выполнен')).toBeInTheDocument();
  });
});
