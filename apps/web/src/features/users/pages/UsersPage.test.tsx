import type { User } from '@paydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  envelope,
  failureReply,
  mockApi,
  prepareI18n,
  type RecordedCall,
  renderApp,
  users,
} from '../../../app/testing';
import { formatDateTime } from '../../../lib/format';
import { admin, agent, listOf, makeManagedUser, merchant, trader } from '../testData';

/**
 * Signs in as root and answers `GET /user` from `lists` by `filter[type]`. The lists are read at call time, so a
 * test can add the created user and see the reload show it.
 */
function serveUsers(lists: Record<string, User[]>, extra: Parameters<typeof mockApi>[0] = {}) {
  const queries: URLSearchParams[] = [];
  const api = mockApi({
    'GET /user/current': envelope({ data: users.root }),
    'GET /user': () => {
      const url = new URL(String(api.fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
      queries.push(url.searchParams);
      return envelope(listOf(lists[url.searchParams.get('filter[type]') ?? ''] ?? []));
    },
    'GET /role': envelope([{ id: 'support', name: 'support', canExpandPermissions: false }]),
    'GET /permission': envelope([
      { id: 'users.view', name: 'users.view' },
      { id: 'users.manage', name: 'users.manage' },
    ]),
    'GET /user/01a201f1-0000-7000-8000-0000000007a1/audit': envelope({
      items: [
        {
          id: 'event-1',
          action: 'user.updated',
          actor: { uuid: users.root.userId, username: 'root' },
          created_at: '2026-03-06T10:00:00.000Z',
          before: { comment: 'Old note', profile: { withdraw_open: false } },
          after: { comment: 'Trader with insurance paid', profile: { withdraw_open: true } },
        },
      ],
      context: { available_filters: [], pagination: { total_count: 1, per_page: 20, current_page: 1, page_number: 1 } },
    }),
    'GET /user/01a201f1-0000-7000-8000-0000000007a1': envelope(trader),
    ...extra,
  });
  return { ...api, queries };
}

const userListCalls = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'GET' && call.path === '/user');
const posts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST');

async function rowOf(name: string) {
  const cell = await screen.findByText(name, { selector: 'td *' });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

// These tests walk through whole forms, which takes a few seconds in jsdom.

// The pages are lazy chunks; loading them once up front keeps the first test within the query timeouts.
beforeAll(async () => {
  await Promise.all([import('./UsersPage'), import('./UserTypePages')]);
}, 60_000);

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('user lists', () => {
  it('shows the trader columns: online, uuid, login, balance with the paid deposit, comment, actions', async () => {
    serveUsers({ trader: [trader] });
    renderApp('/traders');

    const row = await rowOf('trader');
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Online', 'ID', 'Username', 'Balance', 'Comment', 'Actions']);
    expect(within(row).getByRole('img', { name: 'Online' })).toBeInTheDocument();
    expect(within(row).getByText('01a2…07a1')).toBeInTheDocument();
    expect(row).toHaveTextContent('Hold: 12.5 USDT');
    expect(row).toHaveTextContent('Total: 1,500.12... USDT');
    // The deposit is the insurance account's balance (150.5), not the required contribution (100).
    expect(row).toHaveTextContent('Deposit: 150.5 USDT');
    expect(row).toHaveTextContent('Trader with insurance paid');
    for (const action of ['Edit', 'Details', 'Block']) {
      expect(within(row).getByRole('button', { name: action })).toBeInTheDocument();
    }
    expect(within(row).queryByRole('button', { name: 'Unblock' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create trader' })).toBeInTheDocument();
  });

  it('hides the deposit of a trader whose insurance is unpaid and offers Unblock for a blocked one', async () => {
    const due = makeManagedUser({
      ...trader,
      is_blocked: true,
      block_comment: 'Fraud check',
      profile: trader.profile && { ...trader.profile, insurance_paid: false },
    });
    serveUsers({ trader: [due] });
    renderApp('/traders');

    const row = await rowOf('trader');
    expect(row).not.toHaveTextContent('Deposit');
    expect(within(row).getByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
  });

  it('shows a merchant its USDT balance and the first pay-in and pay-out percentages', async () => {
    const bare = makeManagedUser({
      ...merchant,
      uuid: '01a201f1-0000-7000-8000-00000000e7c2',
      username: 'bare',
      profile: { fees: [], referrals: [] },
    });
    serveUsers({ merchant: [merchant, bare] });
    renderApp('/merchants');

    const row = await rowOf('merchant');
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual([
      'Online',
      'ID',
      'Username',
      'USDT balance',
      'Pay-in %',
      'Pay-out %',
      'Comment',
      'Actions',
    ]);
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(3, 6)).toEqual(['5,000 USDT', '5 %', '3 %']);
    const bareCells = within(await rowOf('bare'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(bareCells.slice(4, 6)).toEqual(['—', '—']);
  });

  it('shows the agent and admin columns', async () => {
    serveUsers({ agent: [agent], admin: [admin] });
    renderApp('/agents');
    await rowOf('agent');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Online',
      'ID',
      'Username',
      'Comment',
      'Actions',
    ]);
  });

  it('has tabs trader, admin, agents, merchant whose create button follows the tab', async () => {
    const { queries } = serveUsers({ trader: [trader], admin: [admin] });
    renderApp('/users');
    const user = userEvent.setup();

    await rowOf('trader');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Traders',
      'Admins',
      'Agents',
      'Merchants',
    ]);
    expect(screen.getByRole('button', { name: 'Create trader' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Admins' }));
    await rowOf('support');
    expect(screen.getByRole('button', { name: 'Create admin' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Online',
      'ID',
      'Username',
      'Comment',
      'Actions',
    ]);
    expect(queries.map((query) => query.get('filter[type]'))).toEqual(['trader', 'admin']);

    await user.click(screen.getByRole('tab', { name: 'Merchants' }));
    expect(await screen.findByText('No merchants to display')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create merchant' })).toBeInTheDocument();
  });

  it('sends the filters with page 1 and no count until a page size is chosen', async () => {
    const { queries } = serveUsers({ trader: [trader] });
    renderApp('/traders');
    const user = userEvent.setup();

    await rowOf('trader');
    expect(queries[0]?.get('count')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'trad');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(queries.at(-1)?.get('filter[username]')).toBe('trad'));
    expect(queries.at(-1)?.get('page')).toBe('1');
    expect(queries.at(-1)?.get('filter[type]')).toBe('trader');
  });
});

describe('create', () => {
  it('sends a trader with a fee row and a main team lead, then reloads the list with a toast', async () => {
    const lists: Record<string, User[]> = { trader: [], agent: [agent] };
    const created = makeManagedUser({
      ...trader,
      uuid: '01a201f1-0000-7000-8000-0000000007a2',
      username: 'newbie',
      invite_code: null,
    });
    const { calls } = serveUsers(lists, {
      'POST /user': () => {
        lists.trader = [created];
        return envelope(created);
      },
    });
    renderApp('/traders');
    const user = userEvent.setup();

    expect(await screen.findByText('No traders to display')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create trader' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create trader' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'newbie');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-1');
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Night shift');
    await user.click(within(dialog).getByRole('switch', { name: 'Pay-ins open' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Insurance amount' }), '150');

    await user.click(within(dialog).getByRole('button', { name: 'Add fee row' }));
    expect(within(dialog).getByRole('textbox', { name: 'Min amount, row 1' })).toHaveValue('0');
    expect(within(dialog).getByRole('textbox', { name: 'Max amount, row 1' })).toHaveValue('');
    const percentage = within(dialog).getByRole('textbox', { name: 'Percentage, row 1' });
    await user.clear(percentage);
    await user.type(percentage, '2.5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Max amount, row 1' }), '1000');

    await user.click(within(dialog).getByRole('combobox', { name: 'Agents (team leads)' }));
    await user.click(await within(dialog).findByRole('option', { name: 'agent' }));
    expect(within(dialog).getByRole('textbox', { name: 'Pay-in % of agent' })).toHaveValue('0');
    const payIn = within(dialog).getByRole('textbox', { name: 'Pay-in % of agent' });
    await user.clear(payIn);
    await user.type(payIn, '0.5');
    await user.click(within(dialog).getByRole('switch', { name: 'agent is the main agent' }));

    const listCallsBefore = userListCalls(calls).length;
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create trader' })).not.toBeInTheDocument());
    expect(posts(calls).map((call) => call.body)).toEqual([
      {
        type: 'trader',
        username: 'newbie',
        email: null,
        comment: 'Night shift',
        password: 'secret-1',
        is_active: true,
        manual_withdrawal: false,
        create_invite_link: false,
        profile: {
          withdraw_open: false,
          deposit_open: true,
          insurance_payment_amount: '150',
          fees: [{ direction: 'pay_in', min_amount: '0', max_amount: '1000', percentage: '2.5' }],
          teamleads: [{ user_uuid: agent.uuid, is_main: true, pay_in_percentage: '0.5', pay_out_percentage: '0' }],
        },
      },
    ]);
    expect(await screen.findByText('Trader newbie created')).toBeInTheDocument();
    expect(await rowOf('newbie')).toBeInTheDocument();
    expect(userListCalls(calls).length).toBeGreaterThan(listCallsBefore);
  });

  it('leaves the password out with an invite link and then shows the link to copy', async () => {
    const created = makeManagedUser({
      ...agent,
      uuid: '01a201f1-0000-7000-8000-00000000a9e2',
      username: 'invited',
      invite_code: 'CODE-123',
    });
    const { calls } = serveUsers(
      { agent: [] },
      {
        'POST /user': envelope(created),
        // Read again, the user has only the hint: the details keep the code the create answered.
        'GET /user/01a201f1-0000-7000-8000-00000000a9e2': envelope({
          ...created,
          invite_code: null,
          invite: { hint: 'CODE', expires_at: '2026-03-12T07:08:09.000Z' },
        }),
        'GET /user/01a201f1-0000-7000-8000-00000000a9e2/audit': envelope({
          items: [],
          context: {
            available_filters: [],
            pagination: { total_count: 0, per_page: 20, current_page: 1, page_number: 1 },
          },
        }),
      },
    );
    renderApp('/agents');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Create agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create agent' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'invited');
    await user.type(within(dialog).getByLabelText('Password'), 'typed-before');
    await user.click(within(dialog).getByRole('switch', { name: 'Create invite link' }));
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const details = await screen.findByRole('dialog', { name: 'User invited' });
    expect(within(details).getByText(`${window.location.origin}/invite_code?code=CODE-123`)).toBeInTheDocument();
    expect(within(details).getByText('Copy the link now: it is shown only this once.')).toBeInTheDocument();
    const body = posts(calls)[0]?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('password');
    expect(body).toMatchObject({ type: 'agent', username: 'invited', create_invite_link: true });
    expect(body).not.toHaveProperty('profile');
  });

  it('checks the form before sending and shows the server message and field errors', async () => {
    const { calls } = serveUsers(
      { admin: [] },
      {
        'POST /user': {
          status: 422,
          body: {
            success: false,
            error: { code: 'validation_failed', message: 'validation_failed' },
            localized_message: 'Some fields are not filled in correctly.',
            errors: { username: ['This username is already taken.'] },
          },
        },
      },
    );
    renderApp('/admins');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Create admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create admin' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      within(dialog).getByText('A username has 3 to 50 letters, digits, dots, dashes or underscores.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a password or create an invite link.')).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'root');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-1');
    await user.click(within(dialog).getByRole('combobox', { name: 'Roles' }));
    await user.click(await within(dialog).findByRole('option', { name: 'Support' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await within(dialog).findByText('This username is already taken.')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Some fields are not filled in correctly.');
    expect(posts(calls)[0]?.body).toMatchObject({
      type: 'admin',
      username: 'xroot',
      roles: ['support'],
      permissions: [],
    });
  });
});

describe('edit', () => {
  it('sends only the changed fields', async () => {
    const { calls } = serveUsers(
      { trader: [trader], agent: [agent] },
      { 'POST /user/01a201f1-0000-7000-8000-0000000007a1': envelope(trader) },
    );
    renderApp('/traders');
    const user = userEvent.setup();

    await user.click(within(await rowOf('trader')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit trader trader' });
    expect(within(dialog).getByRole('textbox', { name: 'Percentage, row 1' })).toHaveValue('2.5');
    const comment = within(dialog).getByRole('textbox', { name: 'Comment' });
    await user.clear(comment);
    await user.click(within(dialog).getByRole('switch', { name: 'Pay-outs open' }));
    const percentage = within(dialog).getByRole('textbox', { name: 'Percentage, row 2' });
    await user.clear(percentage);
    await user.type(percentage, '1.75');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('trader saved')).toBeInTheDocument();
    expect(posts(calls).map((call) => call.body)).toEqual([
      {
        comment: null,
        profile: {
          fees: [
            { direction: 'pay_in', min_amount: '0', max_amount: '1000', percentage: '2.5' },
            { direction: 'pay_out', min_amount: '0', max_amount: null, percentage: '1.75' },
          ],
          withdraw_open: false,
        },
      },
    ]);
  });

  it('offers no Block for the root admin and keeps its name, roles and access out of reach', async () => {
    const rootAccount = makeManagedUser({
      uuid: '01a201f1-0000-7000-8000-0000000ad0a1',
      username: 'chief',
      is_root: true,
    });
    serveUsers({ admin: [rootAccount, admin] });
    renderApp('/admins');
    const user = userEvent.setup();

    const rootRow = await rowOf('chief');
    expect(within(rootRow).queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
    expect(within(await rowOf(admin.username)).getByRole('button', { name: 'Block' })).toBeInTheDocument();
    await user.click(within(rootRow).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit admin chief' });
    expect(within(dialog).getByRole('textbox', { name: 'Username' })).toBeDisabled();
    expect(within(dialog).getByText('The root admin keeps its username, roles and access.')).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: 'Active' })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: 'Comment' })).toBeEnabled();
  });

  it('sends nothing and just closes when nothing changed', async () => {
    const { calls } = serveUsers({ trader: [trader], agent: [agent] });
    renderApp('/traders');
    const user = userEvent.setup();

    await user.click(within(await rowOf('trader')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit trader trader' });
    // Typing a value and putting it back is no change either.
    const payIn = within(dialog).getByRole('textbox', { name: 'Pay-in % of agent' });
    await user.clear(payIn);
    await user.type(payIn, '0.750');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit trader trader' })).not.toBeInTheDocument());
    expect(posts(calls)).toEqual([]);
  });

  it('sends only the changed admin permissions, never an empty password', async () => {
    const { calls } = serveUsers(
      { admin: [admin] },
      { 'POST /user/01a201f1-0000-7000-8000-0000000ad011': envelope(admin) },
    );
    renderApp('/admins');
    const user = userEvent.setup();

    await user.click(within(await rowOf('support')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit admin support' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Permissions' }));
    await user.click(await within(dialog).findByRole('option', { name: 'View users' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await screen.findByText('support saved');
    expect(posts(calls)[0]?.body).toEqual({ permissions: ['users.view'] });
  });
});

describe('block and unblock', () => {
  it('needs a reason before blocking, then blocks and reloads', async () => {
    const lists: Record<string, User[]> = { trader: [trader] };
    const { calls } = serveUsers(lists, {
      'POST /user/block': () => {
        const blocked = { ...trader, is_blocked: true, block_comment: 'Chargebacks' };
        lists.trader = [blocked];
        return envelope(blocked);
      },
    });
    renderApp('/traders');
    const user = userEvent.setup();

    await user.click(within(await rowOf('trader')).getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block trader' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(within(dialog).getByText('Write why the user is blocked.')).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), ' Chargebacks ');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));

    expect(await screen.findByText('trader blocked')).toBeInTheDocument();
    expect(posts(calls)[0]).toMatchObject({ path: '/user/block', body: { uuid: trader.uuid, comment: 'Chargebacks' } });
    expect(await within(await rowOf('trader')).findByRole('button', { name: 'Unblock' })).toBeInTheDocument();
  });

  it('asks before unblocking', async () => {
    const blocked = { ...trader, is_blocked: true, block_comment: 'Chargebacks' };
    const { calls } = serveUsers({ trader: [blocked] }, { 'POST /user/unblock': envelope(trader) });
    renderApp('/traders');
    const user = userEvent.setup();

    await user.click(within(await rowOf('trader')).getByRole('button', { name: 'Unblock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unblock trader' });
    expect(dialog).toHaveTextContent('Blocked because: Chargebacks');
    expect(posts(calls)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Unblock' }));

    expect(await screen.findByText('trader unblocked')).toBeInTheDocument();
    expect(posts(calls)[0]).toMatchObject({ path: '/user/unblock', body: { uuid: trader.uuid } });
  });

  it('shows the server message in red when blocking fails', async () => {
    serveUsers(
      { trader: [trader] },
      { 'POST /user/block': failureReply(409, 'conflict', 'This conflicts with the current state.') },
    );
    renderApp('/traders');
    const user = userEvent.setup();

    await user.click(within(await rowOf('trader')).getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block trader' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Why not');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This conflicts with the current state.');
  });
});

describe('details', () => {
  it("shows a trader's settings, pending invite, agents and audit trail", async () => {
    serveUsers({ trader: [trader] });
    renderApp('/traders');
    const user = userEvent.setup();

    await user.click(within(await rowOf('trader')).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'User trader' });
    const row = (name: string) => within(dialog).getByRole('row', { name: new RegExp(`^${name}`) });
    // The code was shown once, when the trader was made: the details say which link is pending and until when.
    expect(row('Invite code')).toHaveTextContent(
      /^Invite codeINVI… \(the link is shown only when made; expires 12\.03\.2026/,
    );
    expect(within(dialog).queryByRole('row', { name: /^Invite link/ })).not.toBeInTheDocument();
    expect(row('Pay-in %')).toHaveTextContent('2.5 %');
    expect(row('Pay-out %')).toHaveTextContent('1.5 %');
    expect(row('Pay-outs')).toHaveTextContent('Open');
    expect(row('Insurance amount')).toHaveTextContent('100 USDT');
    expect(row('Two-factor authentication')).toHaveTextContent('Disabled');
    const agents = within(dialog).getByRole('region', { name: 'Agents (team leads)' });
    expect(within(agents).getByRole('row', { name: /agent/ })).toHaveTextContent('agent0.75 %0.25 %Yes');

    const audit = within(dialog).getByRole('region', { name: 'Audit trail' });
    const event = await within(audit).findByRole('listitem');
    expect(event).toHaveTextContent(formatDateTime('2026-03-06T10:00:00.000Z'));
    expect(event).toHaveTextContent('root');
    expect(event).toHaveTextContent('Edited');
    expect(event).toHaveTextContent('Comment: Old note → Trader with insurance paid');
    expect(event).toHaveTextContent('Pay-outs open: No → Yes');
  });

  it("shows an admin's roles, or none", async () => {
    const root = makeManagedUser({ uuid: '01a201f1-0000-7000-8000-0000000ad012', username: 'root' });
    serveUsers(
      { admin: [root] },
      {
        'GET /user/01a201f1-0000-7000-8000-0000000ad012': envelope(root),
        'GET /user/01a201f1-0000-7000-8000-0000000ad012/audit': envelope({
          items: [],
          context: {
            available_filters: [],
            pagination: { total_count: 0, per_page: 20, current_page: 1, page_number: 1 },
          },
        }),
      },
    );
    renderApp('/admins');
    const user = userEvent.setup();

    await user.click(within(await rowOf('root')).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'User root' });
    expect(within(dialog).getByRole('row', { name: /^Roles/ })).toHaveTextContent('none');
    expect(within(dialog).getByRole('row', { name: /^Manual withdrawal/ })).toHaveTextContent('Off');
    expect(await within(dialog).findByText('No recorded changes')).toBeInTheDocument();
  });
});
