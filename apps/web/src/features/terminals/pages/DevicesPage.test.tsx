import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failureReply, prepareI18n, renderApp, users } from '../../../app/testing';
import { rowWith, serveTerminals, writes } from '../testApi';
import { ozonSbpId, sberCardId, terminal } from '../testData';

beforeAll(async () => {
  await import('./DevicesPage');
}, 60_000);

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const working = terminal({ name: 'Main phone' });
const waiting = terminal({ name: 'New phone', slug: 'moderation', deposit_open: false });
const paused = terminal({ name: 'Paused phone', slug: 'disabled_by_admin', is_online: false });
const unpaired = terminal({
  name: 'Spare phone',
  slug: 'unassigned',
  is_online: false,
  device: null,
  user: { uuid: '01a201f1-0000-7000-8000-0000000007a2', username: 'trader2', email: null },
});
const all = [working, waiting, paused, unpaired];

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

const buttonNames = (row: HTMLElement) =>
  within(row)
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label'));

describe('the devices table', () => {
  it('shows every terminal with its owner, phone, address, SIMs and switches', async () => {
    const { queriesOf } = serveTerminals({ terminals: all }, users.root);
    renderApp('/devices');

    const main = await rowWith('Main phone');
    expect(screen.getByRole('heading', { name: 'Devices', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Status',
      'Terminal',
      'Owner',
      'Online',
      'Device',
      'Pay-ins',
      'Pay-outs',
      'Auto-settle weak messages',
      'Actions',
    ]);
    const [status, name, owner, , device] = cellsOf(main);
    expect([status, owner, device]).toEqual([
      'Enabled',
      'tradertrader@example.com',
      'Pixel 8Android 14 · App 1.4.2IP 203.0.113.7 · SIM: MTS, Beeline',
    ]);
    expect(name).toContain('Main phone');
    expect(within(main).getByTitle(working.guid)).toBeInTheDocument();
    expect(within(main).getByRole('img', { name: 'Online' })).toBeInTheDocument();
    expect(within(main).getByRole('switch', { name: 'Pay-ins of Main phone' })).toBeChecked();
    expect(within(main).getByRole('switch', { name: 'Pay-outs of Main phone' })).not.toBeChecked();
    expect(main.querySelector('[data-status="enabled"]')).toHaveTextContent('Enabled');

    const spare = await rowWith('Spare phone');
    expect(cellsOf(spare)[4]).toBe('Not paired yet');
    expect(within(spare).getByRole('img', { name: 'Offline' })).toBeInTheDocument();

    // On a phone the wide table scrolls inside a named region the keyboard reaches.
    expect(screen.getByRole('region', { name: 'Devices' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByText('Results: 1 - 4 of 4')).toBeInTheDocument();
    expect(queriesOf('/terminal').map((query) => query.toString())).toEqual(['page=1']);
  });

  it('offers pause to a working device, play to a paused one, approve in moderation, neither to an unpaired one', async () => {
    serveTerminals({ terminals: all }, users.root);
    renderApp('/devices');

    expect(buttonNames(await rowWith('Main phone'))).toEqual([
      'Copy',
      'Pause Main phone',
      'Bank messages of Main phone',
      'Requisites of Main phone',
    ]);
    expect(buttonNames(await rowWith('New phone'))).toEqual([
      'Copy',
      'Pause New phone',
      'Approve New phone',
      'Bank messages of New phone',
      'Requisites of New phone',
    ]);
    expect(buttonNames(await rowWith('Paused phone'))).toEqual([
      'Copy',
      'Resume Paused phone: send to moderation',
      'Bank messages of Paused phone',
      'Requisites of Paused phone',
    ]);
    expect(buttonNames(await rowWith('Spare phone'))).toEqual([
      'Copy',
      'Bank messages of Spare phone',
      'Requisites of Spare phone',
    ]);
  });

  it('pauses, plays and approves through their endpoints', async () => {
    const { calls } = serveTerminals({ terminals: all }, users.root, {
      [`POST /terminal/${working.guid}/disable/`]: envelope({
        ...working,
        status: { slug: 'disabled_by_admin', title: 'Disabled by the admin' },
      }),
      [`POST /terminal/${paused.guid}/moderate/`]: envelope({
        ...paused,
        status: { slug: 'moderation', title: 'Moderation' },
      }),
      [`POST /terminal/${waiting.guid}/enable/`]: envelope({
        ...waiting,
        status: { slug: 'enabled', title: 'Enabled' },
      }),
    });
    renderApp('/devices');
    const user = userEvent.setup();

    await user.click(within(await rowWith('Main phone')).getByRole('button', { name: 'Pause Main phone' }));
    expect(await screen.findByText('Terminal Main phone paused')).toBeInTheDocument();
    await user.click(
      within(await rowWith('Paused phone')).getByRole('button', { name: 'Resume Paused phone: send to moderation' }),
    );
    expect(await screen.findByText('Terminal Paused phone sent to moderation')).toBeInTheDocument();
    await user.click(within(await rowWith('New phone')).getByRole('button', { name: 'Approve New phone' }));
    expect(await screen.findByText('Terminal New phone approved')).toBeInTheDocument();

    expect(writes(calls)).toEqual([
      ['POST', `/terminal/${working.guid}/disable/`, undefined],
      ['POST', `/terminal/${paused.guid}/moderate/`, undefined],
      ['POST', `/terminal/${waiting.guid}/enable/`, undefined],
    ]);
  });

  it("says the server's reason when a status change is refused", async () => {
    serveTerminals({ terminals: [waiting] }, users.root, {
      [`POST /terminal/${waiting.guid}/enable/`]: failureReply(409, 'conflict', 'The device has not reported yet.'),
    });
    renderApp('/devices');

    await userEvent
      .setup()
      .click(within(await rowWith('New phone')).getByRole('button', { name: 'Approve New phone' }));
    expect(
      await screen.findByText('Status of New phone not changed: The device has not reported yet.'),
    ).toBeInTheDocument();
  });

  it('sends the deposit switch as pay_in and goes back with the server message when it fails', async () => {
    let refuse = () => {};
    const refused = new Promise<void>((resolve) => {
      refuse = resolve;
    });
    const { calls } = serveTerminals({ terminals: [working] }, users.root, {
      [`PATCH /terminal/${working.guid}/mode/`]: async () => {
        await refused;
        return failureReply(409, 'conflict', 'The terminal is offline.');
      },
    });
    renderApp('/devices');
    const row = await rowWith('Main phone');
    const deposit = within(row).getByRole('switch', { name: 'Pay-ins of Main phone' });

    await userEvent.setup().click(deposit);
    // The switch moves at once, before the server answers.
    expect(deposit).not.toBeChecked();
    refuse();

    expect(await screen.findByText('Pay-ins of Main phone not changed: The terminal is offline.')).toBeInTheDocument();
    await waitFor(() => expect(deposit).toBeChecked());
    expect(writes(calls)).toEqual([
      ['PATCH', `/terminal/${working.guid}/mode/`, { direction: 'pay_in', is_enabled: false }],
    ]);
  });

  it('sends the withdraw switch as pay_out and keeps it once the server takes it', async () => {
    const state = { terminals: [working] };
    const { calls } = serveTerminals(state, users.root, {
      [`PATCH /terminal/${working.guid}/mode/`]: () => {
        const changed = { ...working, withdraw_open: true };
        state.terminals = [changed];
        return envelope(changed);
      },
    });
    renderApp('/devices');
    const row = await rowWith('Main phone');
    const withdraw = within(row).getByRole('switch', { name: 'Pay-outs of Main phone' });

    await userEvent.setup().click(withdraw);

    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)).toEqual([
      ['PATCH', `/terminal/${working.guid}/mode/`, { direction: 'pay_out', is_enabled: true }],
    ]);
    await waitFor(() => expect(withdraw).toBeEnabled());
    expect(withdraw).toBeChecked();
  });

  it('lets a support admin see everything and change nothing', async () => {
    serveTerminals({ terminals: all }, users.support);
    renderApp('/devices');

    const main = await rowWith('Main phone');
    expect(buttonNames(main)).toEqual(['Copy', 'Bank messages of Main phone', 'Requisites of Main phone']);
    expect(within(main).getByRole('switch', { name: 'Pay-ins of Main phone' })).toBeDisabled();
    expect(within(main).getByRole('switch', { name: 'Pay-outs of Main phone' })).toBeDisabled();
    expect(within(await rowWith('New phone')).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(within(await rowWith('Paused phone')).queryByRole('button', { name: /^Resume/ })).not.toBeInTheDocument();
  });

  it("lists a terminal's requisites in their modal", async () => {
    const phone = terminal({
      name: 'Main phone',
      requisites: [
        { id: sberCardId, name: 'Sber card' },
        { id: ozonSbpId, name: 'Ozon SBP' },
      ],
    });
    serveTerminals({ terminals: [phone, unpaired] }, users.root);
    renderApp('/devices');
    const user = userEvent.setup();

    await user.click(within(await rowWith('Main phone')).getByRole('button', { name: 'Requisites of Main phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Requisites of Main phone' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Sber card', 'Ozon SBP']);
  });
});

describe('weakly authenticated messages and those received while waiting (DESIGN §19)', () => {
  it('states the risk beside the auto-settle switch and asks before turning it on; off is one tap', async () => {
    const state = { terminals: [working] };
    const { calls } = serveTerminals(state, users.root, {
      [`PATCH /terminal/${working.guid}/auto-settle/`]: (call) => {
        const changed = { ...working, auto_settle_weak: (call.body as { auto_settle_weak: boolean }).auto_settle_weak };
        state.terminals = [changed];
        return envelope(changed);
      },
    });
    renderApp('/devices');
    const user = userEvent.setup();
    const row = await rowWith('Main phone');
    const toggle = within(row).getByRole('switch', {
      name: 'Auto-settle weakly authenticated messages of Main phone',
    });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription('If on, a forged message marks a pay-in paid without the trader.');

    await user.click(toggle);
    const ask = await screen.findByRole('dialog', { name: 'Auto-settle weak messages of Main phone?' });
    expect(within(ask).getByText(/anyone who has seen one request from the trader's phone/)).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([]);
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    await user.click(
      within(await screen.findByRole('dialog', { name: /^Auto-settle/ })).getByRole('button', { name: 'Turn on' }),
    );
    expect(await screen.findByText('Weak messages of Main phone now settle by themselves')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
    expect(toggle).toHaveAccessibleDescription('On: a forged message marks a pay-in paid without the trader.');

    await user.click(toggle);
    expect(await screen.findByText('Weak messages of Main phone wait for the trader again')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      ['PATCH', `/terminal/${working.guid}/auto-settle/`, { auto_settle_weak: true }],
      ['PATCH', `/terminal/${working.guid}/auto-settle/`, { auto_settle_weak: false }],
    ]);
  });

  it("says the server's reason when the switch is refused, and leaves it off", async () => {
    serveTerminals({ terminals: [working] }, users.root, {
      [`PATCH /terminal/${working.guid}/auto-settle/`]: failureReply(404, 'not_found', 'Terminal not found.'),
    });
    renderApp('/devices');
    const user = userEvent.setup();
    const toggle = within(await rowWith('Main phone')).getByRole('switch', { name: /^Auto-settle/ });
    await user.click(toggle);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Auto-settle of Main phone not changed: Terminal not found.')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
  });

  it('offers to match what a terminal received while waiting as soon as it is approved, and counts the outcome', async () => {
    const held = { ...waiting, waiting_messages: 3 };
    const state = { terminals: [held], messages: 3 };
    const approved = { ...held, status: { slug: 'enabled' as const, title: 'Enabled' }, deposit_open: true };
    const { calls, queriesOf } = serveTerminals(state, users.root, {
      [`POST /terminal/${held.guid}/enable/`]: () => {
        state.terminals = [approved];
        return envelope(approved);
      },
      [`POST /terminal/${held.guid}/notification/match-waiting/`]: () => {
        state.terminals = [{ ...approved, waiting_messages: 0 }];
        return envelope({ matched: 1, to_confirm: 1, unmatched: 1, total: 3 });
      },
    });
    renderApp('/devices');
    const user = userEvent.setup();
    const row = await rowWith('New phone');
    expect(
      within(row).getByRole('button', { name: 'New phone: messages received while waiting for approval: 3' }),
    ).toHaveTextContent('3 received while waiting for approval');

    await user.click(within(row).getByRole('button', { name: 'Approve New phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Received while New phone waited for approval' });
    expect(within(dialog).getByText('New phone is approved.')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/Bank messages received before an admin approved this terminal: 3/),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(queriesOf(`/terminal/${held.guid}/notification/`).map((query) => query.get('filter[outcome]'))).toEqual([
        'waiting',
      ]),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Match with open pay-ins (3)' }));
    const outcome = await within(dialog).findByRole('status');
    expect(
      within(outcome)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Pay-ins paid: 1', "Waiting for the trader's confirmation: 1", 'Matched no open pay-in: 1']);
    expect(outcome).toHaveTextContent('Messages in all: 3');
    expect(writes(calls)).toEqual([
      ['POST', `/terminal/${held.guid}/enable/`, undefined],
      ['POST', `/terminal/${held.guid}/notification/match-waiting/`, undefined],
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(within(row).queryByRole('button', { name: /received while waiting/ })).not.toBeInTheDocument(),
    );
  });

  it('lets the admin match later from the row; approval without waiting messages asks nothing', async () => {
    const held = { ...working, name: 'Later phone', waiting_messages: 2 };
    const { calls } = serveTerminals({ terminals: [held, waiting] }, users.root, {
      [`POST /terminal/${waiting.guid}/enable/`]: envelope({
        ...waiting,
        status: { slug: 'enabled', title: 'Enabled' },
      }),
      [`POST /terminal/${held.guid}/notification/match-waiting/`]: envelope({
        matched: 2,
        to_confirm: 0,
        unmatched: 0,
        total: 2,
      }),
    });
    renderApp('/devices');
    const user = userEvent.setup();
    await user.click(within(await rowWith('New phone')).getByRole('button', { name: 'Approve New phone' }));
    expect(await screen.findByText('Terminal New phone approved')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(await rowWith('Later phone')).getByRole('button', { name: /received while waiting/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Received while Later phone waited for approval' });
    expect(within(dialog).queryByText('Later phone is approved.')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Match with open pay-ins (2)' }));
    expect(await within(dialog).findByText('Pay-ins paid: 2')).toBeInTheDocument();
    expect(writes(calls).at(-1)).toEqual(['POST', `/terminal/${held.guid}/notification/match-waiting/`, undefined]);
  });

  it('shows the reason when matching is refused, and does not offer it before pay-ins are on', async () => {
    const closed = { ...working, name: 'Closed phone', deposit_open: false, waiting_messages: 1 };
    const open = { ...working, name: 'Open phone', waiting_messages: 1 };
    serveTerminals({ terminals: [closed, open] }, users.root, {
      [`POST /terminal/${open.guid}/notification/match-waiting/`]: failureReply(
        409,
        'terminal_status_conflict',
        'The terminal is not enabled.',
      ),
    });
    renderApp('/devices');
    const user = userEvent.setup();
    await user.click(within(await rowWith('Closed phone')).getByRole('button', { name: /received while waiting/ }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Match with open pay-ins (1)' })).toBeDisabled();
    expect(
      within(dialog).getByText('To match them, the terminal must be enabled with pay-ins on.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(await rowWith('Open phone')).getByRole('button', { name: /received while waiting/ }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Match with open pay-ins (1)' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The terminal is not enabled.');
  });

  it('shows a support admin the switch, the waiting messages and nothing to change', async () => {
    const held = { ...working, waiting_messages: 2, auto_settle_weak: true };
    const { calls } = serveTerminals({ terminals: [held] }, users.support);
    renderApp('/devices');
    const user = userEvent.setup();
    const row = await rowWith('Main phone');
    const toggle = within(row).getByRole('switch', { name: /^Auto-settle/ });
    expect(toggle).toBeDisabled();
    expect(toggle).toBeChecked();
    await user.click(within(row).getByRole('button', { name: /received while waiting/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: /^Match/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });
});

describe('in Russian', () => {
  it('speaks Russian: the title, the columns and the actions', async () => {
    await prepareI18n('ru');
    serveTerminals({ terminals: [{ ...waiting, status: { slug: 'moderation', title: 'На модерации' } }] }, users.root);
    renderApp('/devices');

    const row = await rowWith('New phone');
    expect(screen.getByRole('heading', { name: 'Устройства', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Выплаты' })).toBeInTheDocument();
    expect(within(row).getByText('На модерации')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Приостановить New phone' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Одобрить New phone' })).toHaveTextContent('Одобрить');
    expect(within(row).getByRole('switch', { name: 'Пополнения New phone' })).not.toBeChecked();
    expect(within(row).getByText('ОС Android 14 · Приложение 1.4.2')).toBeInTheDocument();
    expect(
      within(row).getByRole('switch', { name: /^Зачислять слабо защищённые сообщения/ }),
    ).toHaveAccessibleDescription('Если включить, поддельное сообщение отметит заказ оплаченным без трейдера.');
  });
});
