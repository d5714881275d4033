import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failureReply, makeUser, mockApi, prepareI18n, renderApp } from '../../../app/testing';

const issued = { api_key: 'pk_merchant_key', secret_key: 'sk_once_only_secret' };

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function signedInAs(user: ReturnType<typeof makeUser>, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /user/current': envelope({ data: user }),
    'GET /user/notification': envelope({ notification_key: null, notification_url: null }),
    'GET /user/webhook': envelope([]),
    'GET /user/fees': envelope([]),
    ...extra,
  });
}

describe('API key and secret', () => {
  it('shows the secret once, right after it is generated, with a warning and a copy action', async () => {
    const merchant = makeUser({ role: 'merchant', username: 'merchant' });
    const { calls } = signedInAs(merchant, { 'POST /user/secret_key': envelope(issued) });
    renderApp('/settings');
    const user = userEvent.setup();

    const card = await screen.findByRole('region', { name: 'API key and secret' });
    expect(within(card).getByText('No key yet.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Generate key and secret' }));

    const block = await within(card).findByRole('region', { name: 'Copy your secret now' });
    expect(block).toHaveTextContent('will not be shown again');
    expect(within(block).getByText('sk_once_only_secret')).toBeInTheDocument();
    expect(within(block).getByText('pk_merchant_key')).toBeInTheDocument();
    expect(within(block).getAllByRole('button', { name: 'Copy' })).toHaveLength(2);
    expect(calls.filter((call) => call.path === '/user/secret_key')).toHaveLength(1);

    await user.click(within(block).getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByText('sk_once_only_secret')).not.toBeInTheDocument();
  });

  it('asks before replacing an existing secret, and shows the key otherwise', async () => {
    const trader = makeUser({
      role: 'trader',
      username: 'trader',
      apiKeys: { key: 'pk_existing', secret: null, notification: null },
    });
    const { calls } = signedInAs(trader, { 'POST /user/secret_key': envelope({ ...issued, api_key: 'pk_existing' }) });
    renderApp('/settings');
    const user = userEvent.setup();

    const card = await screen.findByRole('region', { name: 'API key and secret' });
    expect(within(card).getByText('pk_existing')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Generate new secret' }));

    const dialog = await screen.findByRole('dialog', { name: 'Generate a new secret?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.path === '/user/secret_key')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Generate new secret' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Generate a new secret?' })).getByRole('button', {
        name: 'Generate new secret',
      }),
    );
    expect(await within(card).findByText('sk_once_only_secret')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/user/secret_key')).toHaveLength(1);
  });

  it('says so in an error toast when the secret cannot be issued', async () => {
    signedInAs(makeUser({ role: 'merchant', username: 'merchant' }), {
      'POST /user/secret_key': failureReply(500, 'internal_error'),
    });
    renderApp('/settings');
    const user = userEvent.setup();

    const card = await screen.findByRole('region', { name: 'API key and secret' });
    await user.click(within(card).getByRole('button', { name: 'Generate key and secret' }));

    expect(await screen.findByText('Generate failed.')).toBeInTheDocument();
    expect(within(card).queryByRole('region', { name: 'Copy your secret now' })).not.toBeInTheDocument();
  });
});
