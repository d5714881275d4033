import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  envelope,
  failureReply,
  makeUser,
  makeWallet,
  mockApi,
  prepareI18n,
  renderApp,
  untilSettled,
  users,
} from '../../../app/testing';
import { formatDateTime } from '../../../lib/format';

const realAddress = 'TXtraderRealAddress00000000000000001';

function signedInAs(user: ReturnType<typeof makeUser>, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({ 'GET /user/current': envelope({ data: user }), ...extra });
}

async function fillPasswords(current: string, next: string, confirm: string) {
  const user = userEvent.setup();
  const form = await screen.findByRole('region', { name: 'Change password' });
  if (current) await user.type(within(form).getByLabelText('Current password'), current);
  if (next) await user.type(within(form).getByLabelText('New password'), next);
  if (confirm) await user.type(within(form).getByLabelText('Confirm new password'), confirm);
  await user.click(within(form).getByRole('button', { name: 'Change password' }));
  return form;
}

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('profile card', () => {
  it('shows a merchant its profile: id, created, invite code, flags and wallets', async () => {
    signedInAs(users.merchant);
    renderApp('/settings');

    const card = await screen.findByRole('region', { name: 'Profile' });
    expect(within(card).getByText('01a2…bb18')).toBeInTheDocument();
    expect(within(card).getByText(formatDateTime(users.merchant.createdAt))).toBeInTheDocument();
    expect(formatDateTime(users.merchant.createdAt)).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(within(card).getByText('INV-42')).toBeInTheDocument();
    expect(within(card).getByRole('row', { name: /Manual withdrawal/ })).toHaveTextContent('On');
    expect(within(card).getByRole('row', { name: /Two-factor authentication/ })).toHaveTextContent('Disabled');
    expect(within(card).getByRole('row', { name: /Active/ })).toHaveTextContent('Yes');
    expect(within(card).getByText('TXmerchantRealAddress0000000000001')).toBeInTheDocument();
    expect(within(card).getByText('5,000 USDT')).toBeInTheDocument();
  });

  it('is not shown to an admin, who still gets the password form', async () => {
    signedInAs(users.root);
    renderApp('/settings');

    expect(await screen.findByRole('region', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Profile' })).not.toBeInTheDocument();
  });
});

describe('password change', () => {
  it('checks the three fields before sending anything', async () => {
    const { calls } = signedInAs(users.root);
    renderApp('/settings');

    const form = await fillPasswords('     ', 'secret1', 'secret2');

    expect(within(form).getAllByText('The password must have at least 6 characters.')).toHaveLength(1);
    expect(within(form).getByText('The passwords do not match.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('shows the messages in Russian too', async () => {
    await prepareI18n('ru');
    signedInAs(users.root);
    renderApp('/settings');
    const user = userEvent.setup();

    const form = await screen.findByRole('region', { name: 'Смена пароля' });
    await user.click(within(form).getByRole('button', { name: 'Сменить пароль' }));

    expect(within(form).getAllByText('Пароль должен содержать не менее 6 символов.')).toHaveLength(3);
  });

  it('sends the trimmed passwords and confirms with an alert', async () => {
    const { calls } = signedInAs(users.root, { 'POST /user/password': envelope(null) });
    renderApp('/settings');

    const form = await fillPasswords('paydesk-demo', ' new-secret ', 'new-secret');

    expect(await within(form).findByText('Your password has been changed.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/user/password')?.body).toEqual({
      current_password: 'paydesk-demo',
      new_password: 'new-secret',
      confirm_password: 'new-secret',
    });
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
  });

  it("shows the server's localized message in red under the form", async () => {
    signedInAs(users.root, {
      'POST /user/password': failureReply(422, 'password_incorrect', 'The current password is incorrect.'),
    });
    renderApp('/settings');

    const form = await fillPasswords('wrong-one', 'new-secret', 'new-secret');

    expect(await within(form).findByRole('alert')).toHaveTextContent('The current password is incorrect.');
  });

  it('falls back to "Password incorrect." when the server says nothing', async () => {
    signedInAs(users.root, { 'POST /user/password': { status: 500, body: undefined } });
    renderApp('/settings');

    const form = await fillPasswords('wrong-one', 'new-secret', 'new-secret');

    expect(await within(form).findByRole('alert')).toHaveTextContent('Password incorrect.');
  });
});

describe('insurance gate', () => {
  it('blocks a trader with unpaid insurance with the amount due and the real deposit addresses', async () => {
    const trader = makeUser({
      ...users.trader2,
      wallets: [makeWallet('virtual', 'virtual-trader2', '0'), makeWallet('real', realAddress, '0')],
    });
    signedInAs(trader);
    renderApp('/settings');

    const gate = await screen.findByRole('dialog', { name: 'Insurance contribution required' });
    expect(gate).toHaveTextContent('100 USDT');
    expect(within(gate).getByText(realAddress)).toBeInTheDocument();
    expect(within(gate).queryByText('virtual-trader2')).not.toBeInTheDocument();
    expect(within(gate).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(within(gate).queryByRole('button', { name: /close/i })).not.toBeInTheDocument();

    await userEvent.setup().keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Insurance contribution required' })).toBeInTheDocument();
  });

  it('says the address is being prepared when the trader has no real wallet yet', async () => {
    signedInAs(users.trader2);
    renderApp('/settings');

    const gate = await screen.findByRole('dialog', { name: 'Insurance contribution required' });
    expect(gate).toHaveTextContent('Your deposit address is being prepared.');
  });

  it('lets the trader sign out from the gate', async () => {
    signedInAs(users.trader2, { 'POST /logout': envelope(null) });
    const { router } = renderApp('/settings');

    const gate = await screen.findByRole('dialog', { name: 'Insurance contribution required' });
    await userEvent.setup().click(within(gate).getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows how much of the contribution has arrived', async () => {
    signedInAs(users.trader2, {
      'GET /user/balance': envelope({
        currency: { code: 'USDT', name: 'Tether USD', ratio_fraction: 6 },
        available: '0',
        hold: '0',
        insurance: '40.5',
        insurance_required: '100',
        insurance_paid: false,
      }),
    });
    renderApp('/settings');

    const gate = await screen.findByRole('dialog', { name: 'Insurance contribution required' });
    expect(await within(gate).findByText('Paid 40.5 of 100 USDT')).toBeInTheDocument();
    expect(within(gate).getByRole('progressbar', { name: 'Paid 40.5 of 100 USDT' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
  });

  it('offers a simulated deposit in demo mode, and lifts the gate and brings the menu once the user is paid', async () => {
    const trader = makeUser({
      ...users.trader2,
      wallets: [makeWallet('virtual', 'virtual-trader2', '0'), makeWallet('real', realAddress, '0')],
    });
    let paid = false;
    const { calls } = signedInAs(trader, {
      'GET /user/current': () =>
        envelope({ data: { ...trader, profile: { ...trader.profile, insurance_paid: paid } } }),
      'GET /platform': envelope({
        demo: true,
        currency: { code: 'USDT', name: 'Tether USD', ratio_fraction: 6 },
        withdrawal: { min: '1', auto_limit: '1000' },
      }),
      'POST /wallet/demo_deposit': () => {
        paid = true;
        return envelope({ credited: true, payment: demoDeposit() });
      },
    });
    renderApp('/settings');

    const gate = await screen.findByRole('dialog', { name: 'Insurance contribution required' });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    await userEvent.setup().click(await within(gate).findByRole('button', { name: 'Simulate a deposit (demo)' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.path === '/wallet/demo_deposit').map((call) => call.body)).toEqual([{}]);
    const menu = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(menu).getByRole('link', { name: 'Balance' })).toBeInTheDocument();
  });

  it('offers no simulated deposit outside demo mode', async () => {
    const trader = makeUser({ ...users.trader2, wallets: [makeWallet('real', realAddress, '0')] });
    signedInAs(trader, {
      'GET /platform': envelope({
        demo: false,
        currency: { code: 'USDT', name: 'Tether USD', ratio_fraction: 6 },
        withdrawal: { min: '1', auto_limit: '1000' },
      }),
    });
    const { queryClient } = renderApp('/settings');

    const gate = await screen.findByRole('dialog', { name: 'Insurance contribution required' });
    await within(gate).findByText(realAddress);
    await untilSettled(queryClient);
    expect(within(gate).queryByRole('button', { name: 'Simulate a deposit (demo)' })).not.toBeInTheDocument();
  });

  it('is not shown to a trader whose insurance is paid', async () => {
    signedInAs(makeUser({ role: 'trader', username: 'trader' }));
    renderApp('/settings');

    expect(await screen.findByRole('region', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('sections per role (SPEC §2.11, §6)', () => {
  const sectionNames = [
    'Profile',
    'API key and secret',
    'Notifications',
    'Webhooks',
    'Fees',
    'Two-factor authentication',
    'Change password',
  ];

  async function shownSections() {
    await screen.findByRole('region', { name: 'Change password' });
    return sectionNames.filter((name) => screen.queryByRole('region', { name }) !== null);
  }

  const settingsCalls = (calls: { path: string }[]) =>
    calls.map((call) => call.path).filter((path) => /^\/user\/(notification|webhook|fees)/.test(path));

  it.each([
    [
      'merchant',
      ['Profile', 'API key and secret', 'Notifications', 'Webhooks', 'Two-factor authentication', 'Change password'],
    ],
    ['trader', ['Profile', 'API key and secret', 'Fees', 'Two-factor authentication', 'Change password']],
    ['partner', ['Profile', 'Two-factor authentication', 'Change password']],
    ['agent', ['Profile', 'Two-factor authentication', 'Change password']],
    ['admin', ['Two-factor authentication', 'Change password']],
  ] as const)('shows the %s only its sections', async (role, expected) => {
    signedInAs(makeUser({ role, username: role }), {
      'GET /user/notification': envelope({ notification_key: null, notification_url: null }),
      'GET /user/webhook': envelope([]),
      'GET /user/fees': envelope([]),
    });
    renderApp('/settings');

    expect(await shownSections()).toEqual(expected);
  });

  it.each(['admin', 'partner'] as const)('asks the %s for none of the merchant and trader settings', async (role) => {
    const { calls } = signedInAs(makeUser({ role, username: role }));
    const { queryClient } = renderApp('/settings');

    await screen.findByRole('region', { name: 'Two-factor authentication' });
    await untilSettled(queryClient);
    expect(settingsCalls(calls)).toEqual([]);
  });
});

/** The payment a simulated deposit answers with (`POST /wallet/demo_deposit`). */
function demoDeposit() {
  return {
    guid: '01a201f1-0000-7000-8000-00000000de90',
    type: { slug: 'deposit', title: 'Deposit' },
    status: { slug: 'done', title: 'Done' },
    date: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    money: { amount: '100', currency: { code: 'USDT', name: 'Tether USD', ratio_fraction: 6 } },
    payable: { uuid: '01a201f1-0000-7000-8000-0000000007a2', username: 'trader2' },
    order_uuid: null,
    balance_before: '0',
    balance_after: '0',
    address: realAddress,
    tx_hash: null,
    trader: null,
    source: 'demo',
    comment: null,
    decided_by: null,
    decided_at: null,
  };
}
