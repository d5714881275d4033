import type { PartnerSystem } from '@paydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  envelope,
  failureReply,
  prepareI18n,
  type RecordedCall,
  renderApp,
  validationFailure,
} from '../../../app/testing';
import { rowWith, servePartners, writes } from '../testApi';
import { fastPay, fiatCurrencies, makePartnerSystem, partnerUserUuid, paymentOptions, slowPay } from '../testData';

async function choose(dialog: HTMLElement, field: string, option: string) {
  const user = userEvent.setup();
  const select = within(dialog).getByRole('combobox', { name: field });
  await waitFor(() => expect(select).toBeEnabled());
  await user.click(select);
  await user.click(await screen.findByRole('option', { name: option }));
}

async function openCreate() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Create partner system' }));
  return screen.findByRole('dialog', { name: 'Create partner system' });
}

beforeAll(async () => {
  await import('../pages/PartnersPage');
}, 60_000);

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('create', () => {
  it('sends the partner, title, slug, method, currencies, options and state, then reloads the list', async () => {
    const state = { systems: [] as PartnerSystem[] };
    const created = makePartnerSystem({
      partner: { title: 'Quick Cash', slug: 'quick-cash-kz' },
      fiat_currencies: ['KZT'],
      payment_options: [{ slug: 'card', title: 'Card' }],
      is_active: false,
    });
    const { calls, queries } = servePartners(state, {
      'POST /partner-system': () => {
        state.systems = [created];
        return envelope(created);
      },
    });
    renderApp('/partners');
    const user = userEvent.setup();

    expect(await screen.findByText('No partners to display')).toBeInTheDocument();
    const dialog = await openCreate();
    await choose(dialog, 'Partner', 'partner');
    expect(within(dialog).getByRole('switch', { name: 'Active' })).toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' Quick Cash');
    // The slug follows the name until the operator types one.
    const slug = within(dialog).getByRole('textbox', { name: 'Slug' });
    expect(slug).toHaveValue('quick-cash');
    await user.type(slug, '-KZ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '!');
    expect(slug).toHaveValue('quick-cash-KZ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Payment method' }), 'card');
    await choose(dialog, 'Fiat currencies', 'KZT — Kazakhstani tenge');
    await choose(dialog, 'Payment options', 'Card');
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls).map((call) => [call.method, call.path, call.body])).toEqual([
      [
        'POST',
        '/partner-system',
        {
          user_uuid: partnerUserUuid,
          title: 'Quick Cash!',
          slug: 'quick-cash-kz',
          payment_method: 'card',
          fiat_currencies: ['KZT'],
          payment_options: ['card'],
          is_active: false,
        },
      ],
    ]);
    expect(queries['/user']?.[0]?.get('filter[type]')).toBe('partner');
    expect(queries['/user']?.[0]?.get('count')).toBe('100');
    expect(await screen.findByText('Partner system Quick Cash created')).toBeInTheDocument();
    expect(await rowWith('Quick Cash')).toBeInTheDocument();
  });

  it('checks the form before sending: partner, name, slug and payment method', async () => {
    const { calls } = servePartners({ systems: [] });
    renderApp('/partners');
    const user = userEvent.setup();

    const dialog = await openCreate();
    // A blocked partner is listed but cannot be chosen.
    await user.click(within(dialog).getByRole('combobox', { name: 'Partner' }));
    expect(await screen.findByRole('option', { name: 'blocked-partner (blocked or inactive)' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.keyboard('{Escape}');
    await user.type(within(dialog).getByRole('textbox', { name: 'Slug' }), 'X');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(within(dialog).getByText('Please select a partner.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a payment method.')).toBeInTheDocument();
    const slug = within(dialog).getByRole('textbox', { name: 'Slug' });
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(slug).toHaveAccessibleDescription(/A slug has 3 to 50 lowercase Latin letters/);
    expect(writes(calls)).toEqual([]);
  });

  it("shows the server's field errors in red under their fields, and its message for the rest", async () => {
    let reply = validationFailure({ slug: ['This slug is already taken.'] });
    const { calls } = servePartners({ systems: [] }, { 'POST /partner-system': () => reply });
    renderApp('/partners');
    const user = userEvent.setup();

    const dialog = await openCreate();
    await choose(dialog, 'Partner', 'partner');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Fast Pay');
    await user.type(within(dialog).getByRole('textbox', { name: 'Payment method' }), 'card');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const slug = within(dialog).getByRole('textbox', { name: 'Slug' });
    await waitFor(() => expect(slug).toHaveAttribute('aria-invalid', 'true'));
    expect(slug).toHaveAccessibleDescription(/This slug is already taken\./);
    // The field says it all: no second copy of the message below the form.
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    reply = failureReply(409, 'conflict', 'This partner already has a payment system.');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This partner already has a payment system.');
    expect(writes(calls)).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: 'Create partner system' })).toBeInTheDocument();
  });

  it('speaks Russian: the form and its messages', async () => {
    await prepareI18n('ru');
    servePartners({ systems: [] });
    renderApp('/partners');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Создать систему партнёра' }));
    const dialog = await screen.findByRole('dialog', { name: 'Создать систему партнёра' });
    await user.click(within(dialog).getByRole('button', { name: 'Создать' }));
    expect(within(dialog).getByText('Пожалуйста, выберите партнёра.')).toBeInTheDocument();
    expect(within(dialog).getByText('Пожалуйста, введите название.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Способ оплаты' })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('edit', () => {
  it('sends the edited fields from the details view, and the details reload', async () => {
    const state = { systems: [fastPay] };
    const saved = makePartnerSystem({ payment_method: 'sbp', fiat_currencies: ['RUB'], is_active: false });
    const { calls } = servePartners(state, {
      'PUT /partner-system/fast-pay': () => {
        state.systems = [saved];
        return envelope(saved);
      },
    });
    renderApp('/partners?slug=fast-pay');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Fast Pay' });
    expect(within(dialog).getByText('Partner partner, slug fast-pay: neither changes.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Slug' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Partner' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Fast Pay');
    const method = within(dialog).getByRole('textbox', { name: 'Payment method' });
    await user.clear(method);
    await user.type(method, 'sbp');
    // Drops KZT, the last of RUB and KZT.
    await user.click(within(dialog).getByRole('combobox', { name: 'Fiat currencies' }));
    await user.keyboard('{Backspace}{Escape}');
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Partner system Fast Pay saved')).toBeInTheDocument();
    expect(writes(calls).map((call) => [call.method, call.path, call.body])).toEqual([
      [
        'PUT',
        '/partner-system/fast-pay',
        {
          title: 'Fast Pay',
          payment_method: 'sbp',
          fiat_currencies: ['RUB'],
          payment_options: ['card', 'sbp'],
          is_active: false,
        },
      ],
    ]);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Active' })).not.toBeChecked());
    expect(screen.queryByText('RUB - KZT')).not.toBeInTheDocument();
    expect(screen.getByText('Faster Payments System (SBP)')).toBeInTheDocument();
  });

  it('opens from the list row, closes without a call when nothing changed, and shows field errors', async () => {
    const { calls } = servePartners(
      { systems: [fastPay, slowPay] },
      {
        'PUT /partner-system/slow-pay': validationFailure({
          title: ['The name is too long.'],
          payment_options: ['Unknown payment option.'],
        }),
      },
    );
    const { router } = renderApp('/partners');
    const user = userEvent.setup();

    await user.click(within(await rowWith('Slow Pay')).getByRole('button', { name: 'Edit Slow Pay' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Slow Pay' });
    // The button is not a row click: the list stays.
    expect(router.state.location.search).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([]);

    await user.click(within(await rowWith('Slow Pay')).getByRole('button', { name: 'Edit Slow Pay' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Slow Pay' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' Plus');
    await choose(dialog, 'Payment options', 'Bank account');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const title = within(dialog).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'));
    expect(title).toHaveAccessibleDescription('The name is too long.');
    expect(within(dialog).getByText('Unknown payment option.')).toBeInTheDocument();
    expect(writes(calls).map((call) => call.body)).toEqual([
      {
        title: 'Slow Pay Plus',
        payment_method: 'sbp',
        fiat_currencies: [],
        payment_options: ['account'],
        is_active: false,
      },
    ]);
  });
});

describe('language switch', () => {
  /** The server names currencies and payment options in the language of the request (`x-language`). */
  const inRequestLanguage =
    <T,>(en: T, ru: T) =>
    (call: RecordedCall) =>
      envelope(call.headers.get('x-language') === 'ru' ? ru : en);

  /** Opens a select, waits for `expected` among its options, and answers all of them. */
  async function optionsOf(dialog: HTMLElement, field: string, expected: string) {
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('combobox', { name: field }));
    const listbox = await screen.findByRole('listbox');
    await within(listbox).findByRole('option', { name: expected });
    const names = within(listbox)
      .getAllByRole('option')
      .map((option) => option.textContent);
    await user.keyboard('{Escape}');
    return names;
  }

  it('names the currencies and payment options in the language switched to', async () => {
    servePartners(
      { systems: [] },
      {
        'GET /currency/fiat/': inRequestLanguage(fiatCurrencies, [
          { code: 'RUB', name: 'Российский рубль', ratio_fraction: 2 },
          { code: 'KZT', name: 'Казахстанский тенге', ratio_fraction: 2 },
          { code: 'UZS', name: 'Узбекский сум', ratio_fraction: 2 },
        ]),
        'GET /payment_option': inRequestLanguage(paymentOptions, [
          { slug: 'card', name: 'Карта', attributes: [] },
          { slug: 'sbp', name: 'СБП', attributes: [] },
          { slug: 'account', name: 'Банковский счёт', attributes: [] },
        ]),
      },
    );
    renderApp('/partners');
    const user = userEvent.setup();

    let dialog = await openCreate();
    expect(await optionsOf(dialog, 'Fiat currencies', 'KZT — Kazakhstani tenge')).toHaveLength(3);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('radio', { name: 'RU' }));
    await user.click(await screen.findByRole('button', { name: 'Создать систему партнёра' }));
    dialog = await screen.findByRole('dialog', { name: 'Создать систему партнёра' });

    expect(await optionsOf(dialog, 'Фиатные валюты', 'KZT — Казахстанский тенге')).toEqual([
      'RUB — Российский рубль',
      'KZT — Казахстанский тенге',
      'UZS — Узбекский сум',
    ]);
    expect(await optionsOf(dialog, 'Способы платежа', 'Карта')).toEqual(['Карта', 'СБП', 'Банковский счёт']);
  });
});
