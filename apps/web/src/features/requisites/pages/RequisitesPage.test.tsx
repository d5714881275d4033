import type { CurrentUser, PaymentOption, Requisite } from '@paydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
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
  validationFailure,
} from '../../../app/testing';
import {
  cardOption,
  cardOptionRu,
  cardRequisite,
  currentRestrictions,
  kaspi,
  kzt,
  listOf,
  ozon,
  partnerOwner,
  partnerUuid,
  restrictionTypes,
  rub,
  sberbank,
  sbpOption,
  sbpRequisite,
  tbank,
  traderOwner,
  traderUuid,
} from '../testData';

type Routes = Parameters<typeof mockApi>[0];

const trader = makeUser({ role: 'trader', username: 'trader', userId: traderUuid });

/** Signs in as `user` and answers the lists and the reference data of the requisites screens. */
function serve(user: CurrentUser, items: Requisite[], extra: Routes = {}, options: PaymentOption[] = []) {
  const urlOf = (index: number) => new URL(String(api.fetchMock.mock.calls[index]?.[0]), 'http://localhost');
  const api = mockApi({
    'GET /user/current': envelope({ data: user }),
    'GET /requisite': () => envelope(listOf(items)),
    'GET /trader/requisite': () => envelope(listOf(items)),
    'GET /currency/fiat/': envelope([rub, kzt]),
    'GET /payment_option': envelope(options.length > 0 ? options : [cardOption, sbpOption]),
    'GET /payment_type': envelope([sberbank, tbank, ozon, kaspi]),
    'GET /requisite/restriction/type': envelope(restrictionTypes),
    [`GET /requisite/${cardRequisite.id}/restrictions`]: envelope(currentRestrictions),
    'GET /user': (call) => {
      const type = urlOf(api.calls.indexOf(call)).searchParams.get('filter[type]');
      return envelope(listOf(type === 'trader' ? [traderOwner] : type === 'partner' ? [partnerOwner] : []));
    },
    ...extra,
  });
  /** The query string of every call to `path`, in order. */
  const queriesOf = (path: string) =>
    api.calls.flatMap((call, index) => (call.path === path ? [urlOf(index).searchParams] : []));
  return { ...api, queriesOf };
}

const writes = (calls: RecordedCall[]) => calls.filter((call) => call.method !== 'GET');

async function rowOf(name: string) {
  const cell = await screen.findByText(name, { selector: 'td *' });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row with ${name}`);
  return row;
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** Puts `text` into a field the way a paste does: one input event, which keeps these long forms quick to fill. */
async function enter(field: HTMLElement, text: string) {
  const user = userEvent.setup();
  await user.click(field);
  await user.paste(text);
}

async function choose(scope: HTMLElement, field: string, option: string) {
  const user = userEvent.setup();
  await user.click(within(scope).getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function openAdd(name = 'Add requisite') {
  await userEvent.setup().click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name });
}

/** Fills a valid card requisite of Sberbank in RUB, with `cardNumber` as typed. */
async function fillCard(dialog: HTMLElement, cardNumber: string) {
  await enter(within(dialog).getByRole('textbox', { name: 'Name' }), '  Main card ');
  await choose(dialog, 'Currency', 'RUB — Russian ruble');
  await choose(dialog, 'Payment option', 'Bank card');
  await choose(dialog, 'Payment type', 'Sberbank');
  await enter(within(dialog).getByRole('textbox', { name: 'Card number' }), cardNumber);
  await enter(within(dialog).getByRole('textbox', { name: 'Holder' }), 'IVAN PETROV');
}

beforeAll(async () => {
  await import('./RequisitesPage');
}, 60_000);

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the admin list (/requisites)', () => {
  it('shows every requisite with its owner, payment, currency and formatted attributes', async () => {
    const { queriesOf } = serve(users.root, [cardRequisite, sbpRequisite]);
    renderApp('/requisites');

    const card = await rowOf('Sber card');
    expect(screen.getByRole('heading', { name: 'Requisites', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'ID',
      'Name',
      'Owner',
      'Active',
      'Payment',
      'Currency',
      'Attributes',
      'Actions',
    ]);
    const [id, name, owner, , payment, currency, attributes, actions] = cellsOf(card);
    expect([id, name, owner, payment, currency]).toEqual([
      '01a2…c001',
      'Sber card',
      'trader',
      'SberbankBank card',
      'RUB',
    ]);
    // The currency's name on hover.
    expect(within(card).getByText('RUB')).toHaveAttribute('title', 'Russian ruble');
    expect(attributes).toBe('Card number: 4276 1234 1234 1234Holder: IVAN PETROV');
    expect(actions).toBe('DetailsEdit');
    expect(within(card).getByRole('img', { name: 'Active' })).toBeInTheDocument();
    expect(within(card).getByRole('combobox', { name: 'Status of Sber card' })).toHaveValue('Active');

    const sbp = await rowOf('Ozon SBP');
    expect(sbp).toHaveTextContent('Phone: +7 (912) 345-67-89');
    expect(within(sbp).getByRole('img', { name: 'Inactive' })).toBeInTheDocument();
    expect(within(sbp).getByRole('combobox', { name: 'Status of Ozon SBP' })).toHaveValue('Inactive');
    expect(within(sbp).getByRole('button', { name: 'Edit restrictions' })).toBeInTheDocument();
    expect(within(sbp).getByRole('button', { name: 'View restrictions' })).toBeInTheDocument();

    // The server's filters, with the feature's labels.
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add requisite' })).toBeInTheDocument();
    expect(queriesOf('/requisite').map((query) => query.toString())).toEqual(['page=1']);
    expect(queriesOf('/trader/requisite')).toEqual([]);
  });

  it('reloads page 1 with the page size chosen', async () => {
    const { queriesOf } = serve(users.root, [cardRequisite]);
    renderApp('/requisites');
    await rowOf('Sber card');

    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    await waitFor(() => expect(queriesOf('/requisite').at(-1)?.toString()).toBe('page=1&count=50'));
  });

  it('lets a support admin read, not change: no Add, Edit, active dropdown or restriction editing', async () => {
    serve(users.support, [cardRequisite]);
    renderApp('/requisites');

    const card = await rowOf('Sber card');
    expect(within(card).getByRole('img', { name: 'Active' })).toBeInTheDocument();
    expect(within(card).queryByRole('combobox', { name: 'Status of Sber card' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Edit restrictions' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'View restrictions' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Details' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add requisite' })).not.toBeInTheDocument();
  });

  it("sends { is_active } alone from the dropdown, and goes back with the server's reason when it fails", async () => {
    const { calls } = serve(users.root, [cardRequisite], {
      [`PUT /requisite/${cardRequisite.id}`]: failureReply(409, 'conflict', 'The requisite has open orders.'),
    });
    renderApp('/requisites');
    const card = await rowOf('Sber card');

    await choose(card, 'Status of Sber card', 'Inactive');

    expect(
      await screen.findByText('Status of Sber card not changed: The requisite has open orders.'),
    ).toBeInTheDocument();
    expect(within(card).getByRole('combobox', { name: 'Status of Sber card' })).toHaveValue('Active');
    expect(within(card).getByRole('img', { name: 'Active' })).toBeInTheDocument();
    expect(writes(calls).map((call) => [call.method, call.path, call.body])).toEqual([
      ['PUT', `/requisite/${cardRequisite.id}`, { is_active: false }],
    ]);
  });

  it('keeps the choice of the dropdown once the server takes it', async () => {
    serve(users.root, [cardRequisite], {
      [`PUT /requisite/${cardRequisite.id}`]: envelope({ ...cardRequisite, is_active: false }),
    });
    renderApp('/requisites');
    const card = await rowOf('Sber card');

    await choose(card, 'Status of Sber card', 'Inactive');

    expect(await screen.findByText('Requisite Sber card is inactive')).toBeInTheDocument();
    expect(within(card).getByRole('combobox', { name: 'Status of Sber card' })).toHaveValue('Inactive');
  });

  it('shows the attributes in the details modal, labelled by the payment option', async () => {
    serve(users.root, [sbpRequisite]);
    renderApp('/requisites');
    const row = await rowOf('Ozon SBP');

    await userEvent.setup().click(within(row).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Requisite Ozon SBP' });
    expect(within(dialog).getByRole('rowheader', { name: 'Phone' }).nextElementSibling).toHaveTextContent(
      '+7 (912) 345-67-89',
    );
    expect(within(dialog).getByRole('rowheader', { name: 'Holder' }).nextElementSibling).toHaveTextContent(
      'OOO ROMASHKA',
    );
  });
});

describe('adding a requisite', () => {
  it('checks every field before any call, then posts exactly the form', async () => {
    const created = { ...cardRequisite, id: '01a201f1-0000-7000-8000-00000000c003', name: 'Main card' };
    const { calls, queriesOf } = serve(users.root, [], { 'POST /requisite': envelope(created) });
    renderApp('/requisites');
    const user = userEvent.setup();

    const dialog = await openAdd();
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    for (const message of [
      'Name must be a string',
      'Choose the trader or partner the requisite belongs to.',
      'Currency must be a string',
      'Payment option must be chosen',
      'Payment type must be chosen',
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');

    await choose(dialog, 'Owner', 'partner');
    await fillCard(dialog, '4276 1234');
    // The payment type offers only RUB banks that take cards, each with its logo.
    await user.click(within(dialog).getByRole('combobox', { name: 'Payment type' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Sberbank', 'T-Bank']);
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    const cardField = within(dialog).getByRole('textbox', { name: 'Card number' });
    expect(within(dialog).getByText('Card number must contain only digits')).toBeInTheDocument();
    expect(cardField).toHaveAttribute('aria-invalid', 'true');
    expect(cardField).toHaveAccessibleDescription('Card number must contain only digits');
    expect(cardField).toHaveAttribute('placeholder', '0000 0000 0000 0000');
    expect(writes(calls)).toEqual([]);

    await user.clear(cardField);
    await enter(cardField, '4276123412341234');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Requisite Main card added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls).map((call) => [call.method, call.path, call.body])).toEqual([
      [
        'POST',
        '/requisite',
        {
          name: 'Main card',
          currency: 'RUB',
          payment_option: 'card',
          payment_type: 'sberbank',
          attributes: { card_number: '4276123412341234', holder: 'IVAN PETROV' },
          user_uuid: partnerUuid,
        },
      ],
    ]);
    // The owner list loads the first 100 traders and partners (SPEC §7, §9).
    expect(
      queriesOf('/user').map((query) => [query.get('filter[type]'), query.get('page'), query.get('count')]),
    ).toEqual(
      expect.arrayContaining([
        ['trader', '1', '100'],
        ['partner', '1', '100'],
      ]),
    );
    expect(queriesOf('/payment_type').map((query) => query.get('count'))).toEqual(['all']);
  });

  it('puts the first server message of each field under it', async () => {
    serve(trader, [], {
      'POST /requisite': validationFailure({
        'attributes.card_number': ['This card is already in use.', 'A second reason.'],
        name: ['This name is taken.'],
      }),
    });
    renderApp('/requisite');
    const dialog = await openAdd();

    await fillCard(dialog, '4276123412341234');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Add' }));

    const cardField = within(dialog).getByRole('textbox', { name: 'Card number' });
    expect(await within(dialog).findByText('This card is already in use.')).toBeInTheDocument();
    expect(cardField).toHaveAttribute('aria-invalid', 'true');
    expect(cardField).toHaveAccessibleDescription('This card is already in use.');
    expect(within(dialog).queryByText('A second reason.')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('This name is taken.');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's localized message when no field of the form explains the refusal", async () => {
    serve(trader, [], {
      'POST /requisite': validationFailure({}, 'Requisites of this bank are closed for now.'),
    });
    renderApp('/requisite');
    const dialog = await openAdd();

    await fillCard(dialog, '4276123412341234');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Requisites of this bank are closed for now.');
  });
});

describe("a trader's own list (/requisite)", () => {
  it('lists its own requisites without the owner column or the active dropdown', async () => {
    const { queriesOf } = serve(trader, [cardRequisite]);
    renderApp('/requisite');

    const card = await rowOf('Sber card');
    expect(screen.getByRole('heading', { name: 'Requisites', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'ID',
      'Name',
      'Active',
      'Payment',
      'Currency',
      'Attributes',
      'Actions',
    ]);
    expect(within(card).queryByRole('combobox', { name: 'Status of Sber card' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Edit restrictions' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(queriesOf('/trader/requisite')).toHaveLength(1);
    expect(queriesOf('/requisite')).toEqual([]);
  });

  it('adds a requisite of its own: no owner asked or sent', async () => {
    const { calls } = serve(trader, [], { 'POST /requisite': envelope(cardRequisite) });
    renderApp('/requisite');
    const dialog = await openAdd();

    expect(within(dialog).queryByRole('combobox', { name: 'Owner' })).not.toBeInTheDocument();
    await fillCard(dialog, '4276123412341234');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.body).not.toHaveProperty('user_uuid');
    expect(calls.some((call) => call.path === '/user')).toBe(false);
  });

  it('edits a requisite: every field and the active toggle are sent', async () => {
    const { calls } = serve(trader, [cardRequisite], {
      [`PUT /requisite/${cardRequisite.id}`]: envelope({ ...cardRequisite, name: 'Sber SBP' }),
    });
    renderApp('/requisite');
    const user = userEvent.setup();
    const card = await rowOf('Sber card');

    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit requisite Sber card' });
    expect(within(dialog).getByRole('textbox', { name: 'Card number' })).toHaveValue('4276123412341234');
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await enter(name, 'Sber SBP');
    // Another option brings its own fields; the bank still takes it, so it stays chosen.
    await choose(dialog, 'Payment option', 'SBP');
    expect(within(dialog).queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument();
    await enter(within(dialog).getByRole('textbox', { name: 'Phone' }), '79123456789');
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Requisite Sber SBP saved')).toBeInTheDocument();
    expect(writes(calls).map((call) => [call.method, call.path, call.body])).toEqual([
      [
        'PUT',
        `/requisite/${cardRequisite.id}`,
        {
          name: 'Sber SBP',
          currency: 'RUB',
          payment_option: 'sbp',
          payment_type: 'sberbank',
          attributes: { phone: '79123456789', holder: 'IVAN PETROV' },
          is_active: false,
        },
      ],
    ]);
  });

  it('drops a payment type that no longer takes the chosen currency', async () => {
    serve(trader, [cardRequisite]);
    renderApp('/requisite');
    const user = userEvent.setup();
    await user.click(within(await rowOf('Sber card')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit requisite Sber card' });

    expect(within(dialog).getByRole('combobox', { name: 'Payment type' })).toHaveValue('Sberbank');
    await choose(dialog, 'Currency', 'KZT — Kazakhstani tenge');
    expect(within(dialog).getByRole('combobox', { name: 'Payment type' })).toHaveValue('');
    await user.click(within(dialog).getByRole('combobox', { name: 'Payment type' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Kaspi']);
  });
});

describe('the restrictions modal', () => {
  async function openRestrictions(
    button: 'Edit restrictions' | 'View restrictions',
    user = users.root,
    saved: Reply = envelope([]),
  ) {
    const api = serve(user, [cardRequisite], { [`PUT /requisite/${cardRequisite.id}/restrictions`]: saved });
    renderApp(user.role === 'trader' ? '/requisite' : '/requisites');
    await userEvent.setup().click(within(await rowOf('Sber card')).getByRole('button', { name: button }));
    const dialog = await screen.findByRole('dialog', { name: 'Restrictions' });
    await within(dialog).findByRole('group', { name: 'Amount per order' });
    return { ...api, dialog };
  }

  it('sends trimmed values, blanks as null, drops empty sections and makes every one active', async () => {
    const { calls, dialog } = await openRestrictions('Edit restrictions');
    const user = userEvent.setup();

    const amounts = within(dialog).getByRole('group', { name: 'Amount per order' });
    expect(within(amounts).getByRole('textbox', { name: 'Minimum amount' })).toHaveValue('500');
    expect(within(amounts).getByRole('textbox', { name: 'Maximum amount' })).toHaveValue('');
    await enter(within(amounts).getByRole('textbox', { name: 'Maximum amount' }), ' 25000 ');
    const daily = within(dialog).getByRole('group', { name: 'Daily limit' });
    await enter(within(daily).getByRole('textbox', { name: 'Orders per day' }), '40');
    await enter(within(daily).getByRole('textbox', { name: 'Volume per day' }), '   ');
    // Emptying the only field of a section removes that restriction.
    await user.clear(within(dialog).getByRole('textbox', { name: 'Open orders at most' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Restrictions of Sber card saved')).toBeInTheDocument();
    expect(writes(calls).map((call) => [call.method, call.path, call.body])).toEqual([
      [
        'PUT',
        `/requisite/${cardRequisite.id}/restrictions`,
        {
          restrictions: [
            { type: 'amount_range', value: { min_amount: '500', max_amount: '25000' }, is_active: true },
            { type: 'daily_limit', value: { max_volume: null, max_count: '40' }, is_active: true },
          ],
        },
      ],
    ]);
  });

  it('shows the first server message of each field under it', async () => {
    const reply = validationFailure({
      'restrictions.amount_range.min_amount': ['Minimum amount must be a number', 'Second message'],
      'restrictions.concurrent_orders.max_open': ['Open orders must be a whole number'],
    });
    const { dialog } = await openRestrictions('Edit restrictions', trader, reply);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Save' }));

    const minimum = within(dialog).getByRole('textbox', { name: 'Minimum amount' });
    await waitFor(() => expect(minimum).toHaveAccessibleDescription('Minimum amount must be a number'));
    expect(minimum).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByText('Second message')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Open orders at most' })).toHaveAccessibleDescription(
      'Open orders must be a whole number',
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('only shows the values in read-only mode: no Save, Cancel closes', async () => {
    const { calls, dialog } = await openRestrictions('View restrictions');

    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Minimum amount' })).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('textbox', { name: 'Open orders at most' })).toHaveValue('3');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([]);
  });
});

describe('in Russian', () => {
  it('speaks Russian: the table, the §5 messages and the attribute rules', async () => {
    await prepareI18n('ru');
    const { calls } = serve(trader, [cardRequisite], {}, [{ ...cardOptionRu }, sbpOption]);
    renderApp('/requisite');
    const user = userEvent.setup();

    await rowOf('Sber card');
    expect(screen.getByRole('heading', { name: 'Реквизиты', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Активен' })).toBeInTheDocument();
    const dialog = await openAdd('Добавить реквизит');
    await user.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    for (const message of [
      'Название должно быть строкой',
      'Валюта должна быть строкой',
      'Выберите способ оплаты',
      'Выберите тип оплаты',
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }

    await choose(dialog, 'Способ оплаты', 'Банковская карта');
    await enter(within(dialog).getByRole('textbox', { name: 'Номер карты' }), '4276');
    await user.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    expect(within(dialog).getByText('Поле «Номер карты» должно содержать ровно 16 цифр')).toBeInTheDocument();
    expect(within(dialog).getByText('Поле «Держатель» обязательно')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
    // Labels of the reference data come from the server in the user's language.
    expect(calls.find((call) => call.path === '/payment_option')?.headers.get('x-language')).toBe('ru');
  });
});
