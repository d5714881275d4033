import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failureReply, makeUser, mockApi, prepareI18n, renderApp } from '../../../app/testing';

const trader = makeUser({ role: 'trader', username: 'trader' });

function signedIn(fees: Parameters<typeof envelope>[0] | ReturnType<typeof failureReply>) {
  return mockApi({
    'GET /user/current': envelope({ data: trader }),
    'GET /user/fees': Array.isArray(fees) ? envelope(fees) : (fees as ReturnType<typeof failureReply>),
  });
}

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fee table', () => {
  it('lists the trader fee tiers, an open upper bound as ∞', async () => {
    signedIn([
      { direction: 'pay_in', min_amount: '0.000000', max_amount: '499.000000', percentage: '5.00' },
      { direction: 'pay_out', min_amount: '500.000000', max_amount: null, percentage: '2.50' },
    ]);
    renderApp('/settings');

    const card = await screen.findByRole('region', { name: 'Fees' });
    await within(card).findByText('Pay-out');
    const rows = within(card).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DirectionFromToFee',
      'Pay-in04995%',
      'Pay-out500∞No upper limit2.5%',
    ]);
  });

  it('says when there are no fees', async () => {
    signedIn([]);
    renderApp('/settings');

    const card = await screen.findByRole('region', { name: 'Fees' });
    expect(await within(card).findByText('No fees set yet.')).toBeInTheDocument();
  });

  it('says when the fees could not be loaded', async () => {
    signedIn(failureReply(500, 'internal_error'));
    renderApp('/settings');

    const card = await screen.findByRole('region', { name: 'Fees' });
    expect(await within(card).findByText('Load failed.')).toBeInTheDocument();
  });
});
