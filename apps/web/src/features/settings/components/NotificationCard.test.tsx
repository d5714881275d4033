import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, makeUser, mockApi, prepareI18n, type RecordedCall, renderApp } from '../../../app/testing';

const merchant = makeUser({ role: 'merchant', username: 'merchant' });
const saved = { notification_key: 'key-12345678', notification_url: 'https://merchant.example/hook' };

function signedIn(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /user/current': envelope({ data: merchant }),
    'GET /user/notification': envelope(saved),
    'GET /user/webhook': envelope([]),
    ...extra,
  });
}

async function notificationsCard() {
  const card = await screen.findByRole('region', { name: 'Notifications' });
  await within(card).findByLabelText('Notification URL');
  return card;
}

const patches = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'PATCH');

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('notification key and URL', () => {
  it('shows the saved values', async () => {
    signedIn();
    renderApp('/settings');

    const card = await notificationsCard();
    expect(within(card).getByLabelText('Notification key')).toHaveValue('key-12345678');
    expect(within(card).getByLabelText('Notification URL')).toHaveValue('https://merchant.example/hook');
  });

  it('sends nothing when the URL is blank after trimming', async () => {
    const { calls } = signedIn();
    renderApp('/settings');
    const user = userEvent.setup();

    const card = await notificationsCard();
    const url = within(card).getByLabelText('Notification URL');
    await user.clear(url);
    await user.type(url, '   ');
    const form = url.closest('form') as HTMLFormElement;
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(patches(calls)).toEqual([]);
    expect(url).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the trimmed URL and confirms with a toast', async () => {
    const next = { ...saved, notification_url: 'https://merchant.example/new' };
    const { calls } = signedIn({ 'PATCH /user/notification_url': envelope(next) });
    renderApp('/settings');
    const user = userEvent.setup();

    const card = await notificationsCard();
    const url = within(card).getByLabelText('Notification URL');
    await user.clear(url);
    await user.type(url, '  https://merchant.example/new  ');
    await user.click(within(url.closest('form') as HTMLFormElement).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Notification URL saved.')).toBeInTheDocument();
    expect(patches(calls)).toEqual([
      expect.objectContaining({
        path: '/user/notification_url',
        body: { notification_url: 'https://merchant.example/new' },
      }),
    ]);
  });

  it('shows the key the first URL made once, in the key field too, until the merchant has copied it', async () => {
    const made = { notification_key: 'whsec_made-by-the-server', notification_url: 'https://merchant.example/new' };
    signedIn({
      'GET /user/notification': envelope({ notification_key: null, notification_url: null }),
      'PATCH /user/notification_url': envelope({ ...made, key_created: true }),
    });
    renderApp('/settings');
    const user = userEvent.setup();

    const card = await notificationsCard();
    expect(within(card).getByLabelText('Notification key')).toHaveValue('');
    const url = within(card).getByLabelText('Notification URL');
    await user.type(url, 'https://merchant.example/new');
    await user.click(within(url.closest('form') as HTMLFormElement).getByRole('button', { name: 'Save' }));

    const notice = await within(card).findByRole('alert');
    expect(notice).toHaveTextContent('Notification key created');
    expect(notice).toHaveTextContent('a notification key was made for this URL');
    expect(within(notice).getByText('whsec_made-by-the-server')).toBeInTheDocument();
    expect(within(card).getByLabelText('Notification key')).toHaveValue('whsec_made-by-the-server');
    await user.click(within(notice).getByRole('button', { name: 'I have copied it' }));
    expect(within(card).queryByText('Notification key created')).not.toBeInTheDocument();
  });

  it("shows the server's field error in red under the URL", async () => {
    signedIn({
      'PATCH /user/notification_url': {
        status: 422,
        body: {
          success: false,
          error: { code: 'validation_failed', message: 'validation_failed' },
          localized_message: 'Enter an http:// or https:// address.',
          errors: { notification_url: ['This address cannot be reached.'] },
        },
      },
    });
    renderApp('/settings');
    const user = userEvent.setup();

    const card = await notificationsCard();
    const url = within(card).getByLabelText('Notification URL');
    await user.clear(url);
    await user.type(url, 'https://unreachable.example');
    await user.click(within(url.closest('form') as HTMLFormElement).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(url).toHaveAccessibleDescription(expect.stringContaining('This address cannot be reached.')),
    );
    expect(url).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the URL scheme before sending', async () => {
    const { calls } = signedIn();
    renderApp('/settings');
    const user = userEvent.setup();

    const card = await notificationsCard();
    const url = within(card).getByLabelText('Notification URL');
    await user.clear(url);
    await user.type(url, 'ftp://merchant.example');
    await user.click(within(url.closest('form') as HTMLFormElement).getByRole('button', { name: 'Save' }));

    expect(url).toHaveAccessibleDescription(expect.stringContaining('Enter an http:// or https:// address.'));
    expect(patches(calls)).toEqual([]);
  });

  it('sends the notification key on its own', async () => {
    const { calls } = signedIn({
      'PATCH /user/notification_key': envelope({ ...saved, notification_key: 'new-key-123' }),
    });
    renderApp('/settings');
    const user = userEvent.setup();

    const card = await notificationsCard();
    const key = within(card).getByLabelText('Notification key');
    await user.clear(key);
    await user.type(key, 'new-key-123');
    await user.click(within(key.closest('form') as HTMLFormElement).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Notification key saved.')).toBeInTheDocument();
    expect(patches(calls).map((call) => call.body)).toEqual([{ notification_key: 'new-key-123' }]);
  });
});
