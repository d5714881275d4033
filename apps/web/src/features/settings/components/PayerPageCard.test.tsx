import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, makeUser, mockApi, prepareI18n, type RecordedCall, renderApp } from '../../../app/testing';

const merchant = makeUser({ role: 'merchant', username: 'merchant' });
const saved = {
  payer_display_name: 'Coffee Shop',
  payer_support_contact: 'help@coffee.example',
  payer_return_hosts: ['shop.example.com'],
  payer_frame_origins: [],
};

function signedIn(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /user/current': envelope({ data: merchant }),
    'GET /user/notification': envelope({ notification_key: null, notification_url: null }),
    'GET /user/webhook': envelope([]),
    'GET /user/payer_page': envelope(saved),
    ...extra,
  });
}

async function payerPageCard() {
  const card = await screen.findByRole('region', { name: "Payer's page" });
  await within(card).findByLabelText(/Shop name shown to payers/);
  return card;
}

const puts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'PUT');

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the payer's page settings", () => {
  it('shows what is saved, and that no site may embed the page by default', async () => {
    signedIn();
    renderApp('/settings');

    const card = await payerPageCard();
    expect(within(card).getByLabelText(/Shop name shown to payers/)).toHaveValue('Coffee Shop');
    expect(within(card).getByLabelText(/Support contact/)).toHaveValue('help@coffee.example');
    expect(within(card).getByLabelText('Return host 1')).toHaveValue('shop.example.com');
    expect(within(card).getByText(/no site may show the page in a frame/)).toBeInTheDocument();
  });

  it('adds and removes hosts and origins, drops blank rows, saves everything and says so', async () => {
    const next = {
      ...saved,
      payer_display_name: 'Tea House',
      payer_return_hosts: ['shop.example.com', 'tea.example'],
      payer_frame_origins: ['https://tea.example'],
    };
    const { calls } = signedIn({ 'PUT /user/payer_page': envelope(next) });
    renderApp('/settings');
    const user = userEvent.setup();

    const card = await payerPageCard();
    const name = within(card).getByLabelText(/Shop name shown to payers/);
    await user.clear(name);
    await user.type(name, 'Tea House');
    await user.click(within(card).getByRole('button', { name: 'Add host' }));
    await user.type(within(card).getByLabelText('Return host 2'), 'Tea.Example');
    await user.click(within(card).getByRole('button', { name: 'Add host' }));
    await user.click(within(card).getByRole('button', { name: 'Add origin' }));
    await user.type(within(card).getByLabelText('Embedding origin 1'), 'https://tea.example');
    await user.click(within(card).getByRole('button', { name: 'Add origin' }));
    await user.click(within(card).getByRole('button', { name: 'Remove Embedding origin 2' }));
    await user.click(within(card).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText("Payer's page settings saved.")).toBeInTheDocument();
    expect(puts(calls).map((call) => call.body)).toEqual([
      {
        payer_display_name: 'Tea House',
        payer_support_contact: 'help@coffee.example',
        payer_return_hosts: ['shop.example.com', 'tea.example'],
        payer_frame_origins: ['https://tea.example'],
      },
    ]);
    expect(within(card).queryByLabelText('Return host 3')).not.toBeInTheDocument();
    expect(within(card).getByLabelText('Embedding origin 1')).toHaveValue('https://tea.example');
  });

  it('checks host names before sending, under the row that is wrong', async () => {
    const { calls } = signedIn();
    renderApp('/settings');
    const user = userEvent.setup();

    const card = await payerPageCard();
    await user.click(within(card).getByRole('button', { name: 'Add host' }));
    const host = within(card).getByLabelText('Return host 2');
    await user.type(host, 'https://shop.example.com/thanks');
    await user.click(within(card).getByRole('button', { name: 'Save' }));

    expect(host).toHaveAccessibleDescription(expect.stringContaining('Enter a host name such as shop.example.com'));
    expect(host).toHaveAttribute('aria-invalid', 'true');
    expect(within(card).getByLabelText('Return host 1')).not.toHaveAttribute('aria-invalid', 'true');
    expect(puts(calls)).toEqual([]);
  });

  it("shows the server's refusal under its field, and its general words under the form", async () => {
    signedIn({
      'PUT /user/payer_page': {
        status: 422,
        body: {
          success: false,
          error: { code: 'validation_failed', message: 'validation_failed' },
          localized_message: 'Some fields are wrong.',
          errors: { 'payer_frame_origins.0': ['Enter an origin such as https://shop.example.com.'] },
        },
      },
    });
    renderApp('/settings');
    const user = userEvent.setup();

    const card = await payerPageCard();
    await user.click(within(card).getByRole('button', { name: 'Add origin' }));
    const origin = within(card).getByLabelText('Embedding origin 1');
    await user.type(origin, 'https://shop.example.com');
    await user.click(within(card).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(origin).toHaveAccessibleDescription(
        expect.stringContaining('Enter an origin such as https://shop.example.com.'),
      ),
    );
    expect(origin).toHaveAttribute('aria-invalid', 'true');
  });

  it('says the save failed when the server explains nothing field by field', async () => {
    signedIn({
      'PUT /user/payer_page': {
        status: 409,
        body: {
          success: false,
          error: { code: 'conflict', message: 'conflict' },
          localized_message: 'Try again in a moment.',
        },
      },
    });
    renderApp('/settings');
    const user = userEvent.setup();

    const card = await payerPageCard();
    await user.click(within(card).getByRole('button', { name: 'Save' }));

    expect(await within(card).findByText('Try again in a moment.')).toBeInTheDocument();
  });

  it('is not on the settings of a trader', async () => {
    const { calls } = mockApi({
      'GET /user/current': envelope({ data: makeUser({ role: 'trader', username: 'trader' }) }),
    });
    renderApp('/settings');

    await screen.findByRole('heading', { name: 'Settings' });
    expect(screen.queryByRole('region', { name: "Payer's page" })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/user/payer_page')).toBe(false);
  });
});
