import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, prepareI18n, renderApp, users, validationFailure } from '../../../app/testing';
import { cardOf, serveTerminals, trader, writes } from '../testApi';
import { created, ozonSbpId, pairingQr, sberCardId, tbankCardId, terminal, traderUuid } from '../testData';

beforeAll(async () => {
  await import('../pages/TerminalsPage');
}, 60_000);

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openAdd() {
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Add terminal' }));
  return screen.findByRole('dialog', { name: 'Add terminal' });
}

async function openEdit(name: string) {
  await userEvent.setup().click(within(await cardOf(name)).getByRole('button', { name: `Edit ${name}` }));
  return screen.findByRole('dialog', { name: `Edit terminal ${name}` });
}

async function pick(dialog: HTMLElement, ...names: string[]) {
  const user = userEvent.setup();
  await user.click(within(dialog).getByRole('combobox', { name: 'Requisites' }));
  for (const name of names) await user.click(await screen.findByRole('option', { name }));
  await user.keyboard('{Escape}');
}

async function typeName(dialog: HTMLElement, name: string) {
  const user = userEvent.setup();
  const field = within(dialog).getByRole('textbox', { name: 'Name' });
  await user.clear(field);
  if (name) await user.type(field, name);
}

describe('adding a terminal', () => {
  it('checks the name and the requisites before any call, posts exactly the form, then shows the pairing code', async () => {
    const phone = terminal({ name: 'Main phone', slug: 'unassigned', device: null });
    const { calls, queriesOf } = serveTerminals({ terminals: [] }, trader, {
      'POST /terminal': { status: 201, body: { success: true, data: created(phone, 'K7Q-4M2-X9P') } },
    });
    renderApp('/terminal');
    const user = userEvent.setup();

    const dialog = await openAdd();
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      "Name can't be empty string",
    );
    expect(within(dialog).getByText('Select requisites')).toBeInTheDocument();
    await typeName(dialog, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText("Name can't be empty string")).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    await typeName(dialog, '  Main phone ');
    await pick(dialog, 'Sber card', 'Ozon SBP');
    expect(within(dialog).queryByText('Select requisites')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    const pairing = await screen.findByRole('dialog', { name: 'Pair a phone with Main phone' });
    expect(writes(calls)).toEqual([['POST', '/terminal', { name: 'Main phone', requisites: [sberCardId, ozonSbpId] }]]);
    // The toast shows once its container's chunk has loaded (it loads with the first toast).
    expect(await screen.findByText('Terminal Main phone added')).toBeInTheDocument();
    expect(within(pairing).getByText('K7Q-4M2-X9P')).toBeInTheDocument();
    expect(within(pairing).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(within(pairing).getByRole('img', { name: 'QR code of the pairing code for Main phone' })).toHaveAttribute(
      'src',
      pairingQr,
    );
    expect(within(pairing).getByText(/^The code works once and expires at \d\d\.03\.2026 \d\d:18:09\.$/)).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Add terminal' })).not.toBeInTheDocument();
    // SPEC §7: the requisite choices are fetched with count 1000.
    expect(queriesOf('/trader/requisite').map((query) => query.toString())).toEqual(['count=1000']);

    await user.click(within(pairing).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('puts the server message of a field under it and keeps the form open', async () => {
    serveTerminals({ terminals: [] }, trader, {
      'POST /terminal': validationFailure({ name: ['A terminal with this name already exists.', 'Second reason.'] }),
    });
    renderApp('/terminal');

    const dialog = await openAdd();
    await typeName(dialog, 'Main phone');
    await pick(dialog, 'T-Bank card');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Add' }));

    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveAccessibleDescription('A terminal with this name already exists.'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByText('Second reason.')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add terminal' })).toBeInTheDocument();
    expect(name).toHaveValue('Main phone');
  });

  it("shows the server's localized message when no field explains the refusal", async () => {
    serveTerminals({ terminals: [] }, trader, {
      'POST /terminal': validationFailure({}, 'You have too many terminals.'),
    });
    renderApp('/terminal');

    const dialog = await openAdd();
    await typeName(dialog, 'Main phone');
    await pick(dialog, 'Sber card');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have too many terminals.');
    expect(screen.getByRole('dialog', { name: 'Add terminal' })).toBeInTheDocument();
  });
});

describe('editing a terminal', () => {
  const phone = terminal({
    name: 'Main phone',
    requisites: [
      { id: sberCardId, name: 'Sber card' },
      { id: ozonSbpId, name: 'Ozon SBP' },
    ],
  });

  it('sends only the name when only the name changed', async () => {
    const { calls } = serveTerminals({ terminals: [phone] }, trader, {
      [`PUT /terminal/${phone.guid}`]: envelope({ ...phone, name: 'Spare phone' }),
    });
    renderApp('/terminal');

    const dialog = await openEdit('Main phone');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Main phone');
    await typeName(dialog, 'Spare phone');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Terminal Spare phone saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([['PUT', `/terminal/${phone.guid}`, { name: 'Spare phone' }]]);
  });

  it('sends only the requisites when only they changed', async () => {
    const { calls } = serveTerminals({ terminals: [phone] }, trader, {
      [`PUT /terminal/${phone.guid}`]: envelope(phone),
    });
    renderApp('/terminal');

    const dialog = await openEdit('Main phone');
    await pick(dialog, 'T-Bank card');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)).toEqual([
      ['PUT', `/terminal/${phone.guid}`, { requisites: [sberCardId, ozonSbpId, tbankCardId] }],
    ]);
  });

  it('closes without a call when nothing changed, and refuses a blank name', async () => {
    const { calls } = serveTerminals({ terminals: [phone] }, trader);
    renderApp('/terminal');
    const user = userEvent.setup();

    let dialog = await openEdit('Main phone');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openEdit('Main phone');
    await typeName(dialog, '');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText("Name can't be empty string")).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it("offers an admin the owner's requisites", async () => {
    const { queriesOf } = serveTerminals({ terminals: [phone] }, users.root);
    renderApp('/terminal');

    const dialog = await openEdit('Main phone');
    await userEvent.setup().click(within(dialog).getByRole('combobox', { name: 'Requisites' }));
    expect(await screen.findByRole('option', { name: 'Ozon SBP' })).toBeInTheDocument();
    expect(queriesOf('/requisite').map((query) => [query.get('filter[user_uuid]'), query.get('count')])).toEqual([
      [traderUuid, '1000'],
    ]);
    expect(queriesOf('/trader/requisite')).toEqual([]);
  });
});

describe('in Russian', () => {
  it('says the §5 messages in Russian', async () => {
    await prepareI18n('ru');
    const { calls } = serveTerminals({ terminals: [] }, trader);
    renderApp('/terminal');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Добавить терминал' }));
    const dialog = await screen.findByRole('dialog', { name: 'Добавить терминал' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Добавить' }));

    expect(within(dialog).getByText('Название не может быть пустым')).toBeInTheDocument();
    expect(within(dialog).getByText('Выберите реквизиты')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Реквизиты' })).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });
});
