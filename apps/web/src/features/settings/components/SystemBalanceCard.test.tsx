import type { Reconciliation, SystemBalance } from '@paydesk/contract';
import { USDT } from '@paydesk/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, makeUser, mockApi, prepareI18n, renderApp, users } from '../../../app/testing';
import { formatDateTime } from '../../../lib/format';

const balance: SystemBalance = {
  currency: USDT,
  custody: '17671.5',
  revenue: '12.345678',
  rounding: '0.000001',
  users_available: '14771',
  users_hold: '2700',
  users_insurance: '200',
  withdrawals_waiting: 2,
};

const checkedAt = '2026-03-05T07:08:09.000Z';

function reconciliation(overrides: Partial<Reconciliation> = {}): Reconciliation {
  return {
    ok: true,
    checked_at: checkedAt,
    accounts: 24,
    transfers: 15,
    entries: 30,
    differences: [],
    totals: [{ currency: 'USDT', sum: '0' }],
    broken_chains: 0,
    unbalanced_transfers: 0,
    ...overrides,
  };
}

function signedInAs(user: ReturnType<typeof makeUser>, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /user/current': envelope({ data: user }),
    'GET /system/balance': envelope(balance),
    ...extra,
  });
}

async function card() {
  return screen.findByRole('region', { name: 'System balance' });
}

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('system balance', () => {
  it('shows the admin what the platform holds, owes and has earned', async () => {
    signedInAs(users.root);
    renderApp('/settings');

    const region = await card();
    await within(region).findByText('17,671.5 USDT');
    const rows = within(region)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      "CustodyUSDT on the platform's wallets17,671.5 USDT",
      'Owed to users: availableBalances users can spend or withdraw14,771 USDT',
      'Owed to users: on hold2,700 USDT',
      'Owed to users: insurance200 USDT',
      'Revenue12.34... USDT',
      'Rounding< 0.01 USDT',
      'Withdrawals waiting2',
    ]);
  });

  it('says when the system balance could not be loaded', async () => {
    signedInAs(users.root, { 'GET /system/balance': { status: 500, body: undefined } });
    renderApp('/settings');

    expect(await within(await card()).findByRole('alert')).toHaveTextContent('Load failed.');
  });

  it('checks the ledger on request and says when nothing differs', async () => {
    const { calls } = signedInAs(users.root, { 'GET /ledger/reconciliation': envelope(reconciliation()) });
    renderApp('/settings');
    const region = await card();
    expect(calls.some((call) => call.path === '/ledger/reconciliation')).toBe(false);

    await userEvent.setup().click(within(region).getByRole('button', { name: 'Check the ledger' }));

    const outcome = await within(region).findByRole('status');
    expect(outcome).toHaveTextContent('No differences');
    expect(outcome).toHaveTextContent(`24 accounts and 15 transfers checked at ${formatDateTime(checkedAt)}.`);
    expect(within(region).getByRole('button', { name: 'Check again' })).toBeInTheDocument();
  });

  it('lists every difference the ledger check found, in red', async () => {
    signedInAs(users.root, {
      'GET /ledger/reconciliation': envelope(
        reconciliation({
          ok: false,
          differences: [
            {
              account_uuid: '01a20443-d1ae-7091-b7c9-c932077eb2dd',
              kind: 'available',
              owner: { uuid: users.merchant.userId, username: 'merchant' },
              stored: '5000',
              computed: '4999.5',
            },
          ],
          totals: [{ currency: 'USDT', sum: '0.5' }],
          broken_chains: 1,
          unbalanced_transfers: 0,
        }),
      ),
    });
    renderApp('/settings');
    const region = await card();

    await userEvent.setup().click(within(region).getByRole('button', { name: 'Check the ledger' }));

    const outcome = await within(region).findByRole('alert');
    expect(outcome).toHaveTextContent('The ledger has differences');
    expect(
      within(outcome)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Available account of merchant (01a2…b2dd): stored 5000, computed from entries 4999.5',
      'The USDT accounts add up to 0.5 instead of 0',
      'Entries whose balance before is not the previous balance after: 1',
    ]);
  });

  it('shows a support admin the system balance but not the ledger check', async () => {
    const { calls } = signedInAs(users.support);
    renderApp('/settings');

    const region = await card();
    await within(region).findByText('17,671.5 USDT');
    expect(within(region).queryByRole('button', { name: 'Check the ledger' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/system/balance')).toBe(true);
  });

  it.each(['merchant', 'trader', 'agent', 'partner'] as const)('is not shown to a %s', async (role) => {
    const { calls } = signedInAs(makeUser({ role, username: role }), {
      'GET /user/notification': envelope({ notification_key: null, notification_url: null }),
      'GET /user/webhook': envelope([]),
      'GET /user/fees': envelope([]),
    });
    renderApp('/settings');

    await screen.findByRole('region', { name: 'Change password' });
    expect(screen.queryByRole('region', { name: 'System balance' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/system/balance')).toBe(false);
  });
});
