import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failureReply, prepareI18n, renderApp, users } from '../../../app/testing';
import { cardOf, serveTerminals, trader, writes } from '../testApi';
import { created, pairingQr, terminal } from '../testData';

beforeAll(async () => {
  await import('./TerminalsPage');
}, 60_000);

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const mainPhone = terminal({ name: 'Main phone' });
const newPhone = terminal({ name: 'New phone', slug: 'moderation' });
const pausedPhone = terminal({ name: 'Paused phone', slug: 'disabled_by_admin' });

const buttonNames = (card: HTMLElement) =>
  within(card)
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label'));

describe("a trader's terminals", () => {
  it('lists the messages received while a terminal waited for approval, for the trader to read only', async () => {
    const held = terminal({ name: 'Held phone', slug: 'moderation', waiting_messages: 2 });
    const { calls, queriesOf } = serveTerminals({ terminals: [held, mainPhone], messages: 2 }, trader);
    renderApp('/terminal');
    const user = userEvent.setup();

    expect(within(await cardOf('Main phone')).queryByRole('button', { name: /received while waiting/ })).toBeNull();
    const card = await cardOf('Held phone');
    await user.click(
      within(card).getByRole('button', { name: 'Held phone: messages received while waiting for approval: 2' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Received while Held phone waited for approval' });
    expect(within(dialog).getByText(/Bank messages received before an admin approved this terminal: 2/)).toBeVisible();
    await waitFor(() =>
      expect(queriesOf(`/terminal/${held.guid}/notification/`).map((query) => query.get('filter[outcome]'))).toEqual([
        'waiting',
      ]),
    );
    expect(within(dialog).queryByRole('button', { name: /^Match/ })).not.toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('shows each as a card: status, name, id, requisites; bank messages only on an enabled one', async () => {
    const { queriesOf } = serveTerminals({ terminals: [mainPhone, newPhone, pausedPhone] }, trader);
    renderApp('/terminal');

    const main = await cardOf('Main phone');
    expect(screen.getByRole('heading', { name: 'Terminals', level: 1 })).toBeInTheDocument();
    expect(within(main).getByText('Enabled').closest('[data-status]')).toHaveAttribute('data-status', 'enabled');
    expect(within(main).getByRole('heading', { name: 'Main phone', level: 2 })).toBeInTheDocument();
    expect(within(main).getByText('Terminal ID')).toBeInTheDocument();
    // The id shortened to its first and last four characters, the whole of it on hover and in the copy.
    expect(within(main).getByTitle(mainPhone.guid)).toHaveTextContent(`01a2…${mainPhone.guid.slice(-4)}`);
    expect(within(main).getByText('Sber card', { exact: false })).toBeInTheDocument();
    expect(buttonNames(main)).toEqual([
      'Copy',
      'Bank messages of Main phone',
      'Connect an app you already have to Main phone',
      'New pairing code for Main phone',
      'Edit Main phone',
      'Delete Main phone',
    ]);
    // Each action says in a word what it does, on a phone too, not only by its icon; its name holds that word.
    expect(
      within(main)
        .getAllByRole('button')
        .slice(1)
        .map((button) => button.textContent),
    ).toEqual(['Messages', 'Connect', 'Pairing code', 'Edit', 'Delete']);

    const fresh = await cardOf('New phone');
    expect(within(fresh).getByText('Moderation').closest('[data-status]')).toHaveAttribute('data-status', 'moderation');
    expect(within(fresh).queryByRole('button', { name: 'Bank messages of New phone' })).not.toBeInTheDocument();
    const paused = await cardOf('Paused phone');
    expect(within(paused).getByText('Disabled by admin')).toBeInTheDocument();
    expect(within(paused).queryByRole('button', { name: /^Bank messages/ })).not.toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Add terminal' })).toBeInTheDocument();
    expect(screen.queryByText(/^Owner/)).not.toBeInTheDocument();
    expect(queriesOf('/trader/terminal').map((query) => query.toString())).toEqual(['page=1']);
    expect(queriesOf('/terminal')).toEqual([]);
  });

  it('says so when there are none', async () => {
    serveTerminals({ terminals: [] }, trader);
    renderApp('/terminal');

    expect(await screen.findByText(/You have no terminals yet/)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows no pagination for 20 terminals', async () => {
    serveTerminals({ terminals: [mainPhone], total: 20 }, trader);
    renderApp('/terminal');

    await cardOf('Main phone');
    expect(screen.queryByText(/^Results:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
  });

  it('paginates above 20 terminals', async () => {
    const { queriesOf } = serveTerminals({ terminals: [mainPhone], total: 21 }, trader);
    renderApp('/terminal');

    await cardOf('Main phone');
    expect(screen.getByText('Results: 1 - 20 of 21')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queriesOf('/trader/terminal').at(-1)?.toString()).toBe('page=2'));
  });

  it("asks 'Do you want to delete terminal' first, then deletes it and reloads the list", async () => {
    const state = { terminals: [mainPhone, newPhone] };
    const { calls } = serveTerminals(state, trader, {
      [`DELETE /terminal/${mainPhone.guid}/`]: () => {
        state.terminals = [newPhone];
        return envelope({ guid: mainPhone.guid });
      },
    });
    renderApp('/terminal');
    const user = userEvent.setup();

    await user.click(within(await cardOf('Main phone')).getByRole('button', { name: 'Delete Main phone' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete terminal' });
    expect(dialog).toHaveTextContent('Do you want to delete terminal Main phone?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([]);

    await user.click(within(await cardOf('Main phone')).getByRole('button', { name: 'Delete Main phone' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete terminal' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Terminal Main phone deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Main phone' })).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([['DELETE', `/terminal/${mainPhone.guid}/`, undefined]]);
  });

  it("keeps the terminal and says the server's reason when deleting fails", async () => {
    serveTerminals({ terminals: [mainPhone] }, trader, {
      [`DELETE /terminal/${mainPhone.guid}/`]: failureReply(409, 'conflict', 'The terminal has orders in progress.'),
    });
    renderApp('/terminal');
    const user = userEvent.setup();

    await user.click(within(await cardOf('Main phone')).getByRole('button', { name: 'Delete Main phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete terminal' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(
      await screen.findByText('Terminal Main phone not deleted: The terminal has orders in progress.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Main phone' })).toBeInTheDocument();
  });

  it('asks for a new pairing code and shows it with its QR image', async () => {
    const { calls } = serveTerminals({ terminals: [mainPhone] }, trader, {
      [`POST /terminal/${mainPhone.guid}/pairing_code/`]: envelope(created(mainPhone, 'PX7-22K-M4Q')),
    });
    renderApp('/terminal');

    await userEvent
      .setup()
      .click(within(await cardOf('Main phone')).getByRole('button', { name: 'New pairing code for Main phone' }));

    const dialog = await screen.findByRole('dialog', { name: 'Pair a phone with Main phone' });
    expect(within(dialog).getByText('PX7-22K-M4Q')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'QR code of the pairing code for Main phone' })).toHaveAttribute(
      'src',
      pairingQr,
    );
    expect(within(dialog).getByText(/Open the Paydesk terminal app on the phone and scan this QR code/)).toBeVisible();
    expect(writes(calls)).toEqual([['POST', `/terminal/${mainPhone.guid}/pairing_code/`, undefined]]);
  });

  it("says the server's reason when no new pairing code is given", async () => {
    serveTerminals({ terminals: [mainPhone] }, trader, {
      [`POST /terminal/${mainPhone.guid}/pairing_code/`]: failureReply(
        429,
        'throttled',
        'Too many codes; wait a minute.',
      ),
    });
    renderApp('/terminal');

    await userEvent
      .setup()
      .click(within(await cardOf('Main phone')).getByRole('button', { name: 'New pairing code for Main phone' }));

    expect(
      await screen.findByText('No new pairing code for Main phone: Too many codes; wait a minute.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe("an admin's terminals", () => {
  it('lists every terminal with its owner; edits and deletes, but adds none', async () => {
    const { queriesOf } = serveTerminals({ terminals: [mainPhone] }, users.root);
    renderApp('/terminal');

    const main = await cardOf('Main phone');
    expect(within(main).getByText('Owner:')).toBeInTheDocument();
    expect(main).toHaveTextContent('Owner: trader');
    expect(within(main).getByRole('button', { name: 'Edit Main phone' })).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Delete Main phone' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add terminal' })).not.toBeInTheDocument();
    expect(queriesOf('/terminal')).toHaveLength(1);
    expect(queriesOf('/trader/terminal')).toEqual([]);
  });

  it('lets a support admin read the cards and the bank messages, and change nothing', async () => {
    serveTerminals({ terminals: [mainPhone] }, users.support);
    renderApp('/terminal');

    const main = await cardOf('Main phone');
    expect(buttonNames(main)).toEqual([
      'Copy',
      'Bank messages of Main phone',
      'Connect an app you already have to Main phone',
    ]);
    expect(screen.queryByRole('button', { name: 'Add terminal' })).not.toBeInTheDocument();
  });
});

describe('in Russian', () => {
  it('speaks Russian: the title, the actions and the delete question', async () => {
    await prepareI18n('ru');
    serveTerminals({ terminals: [{ ...mainPhone, status: { slug: 'enabled', title: 'Включён' } }] }, trader);
    renderApp('/terminal');
    const user = userEvent.setup();

    const main = await cardOf('Main phone');
    expect(screen.getByRole('heading', { name: 'Терминалы', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Добавить терминал' })).toBeInTheDocument();
    expect(within(main).getByText('ID терминала')).toBeInTheDocument();
    expect(within(main).getByText('Включён')).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Банковские сообщения Main phone' })).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Новый код подключения для Main phone' })).toHaveTextContent(
      'Код подключения',
    );

    await user.click(within(main).getByRole('button', { name: 'Удалить Main phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удаление терминала' });
    expect(dialog).toHaveTextContent('Удалить терминал Main phone?');
    expect(within(dialog).getByRole('button', { name: 'Отмена' })).toBeInTheDocument();
  });
});
