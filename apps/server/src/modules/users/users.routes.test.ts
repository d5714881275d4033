import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createUser, type TestContext } from '../../../test/harness';
import { randomToken } from '../../lib/ids';
import { auditEvents } from '../audit/audit.table';
import { users } from './users.table';

let ctx: TestContext;
let admin: Client;
let adminId: string;
let agentId: string;
let agentName: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const root = await createUser(ctx.database, { type: 'admin' });
  adminId = root.id;
  admin = await new Client(ctx.app, { 'x-language': 'en' }).signIn(root.username);
  const agent = await createUser(ctx.database, { type: 'agent' });
  agentId = agent.id;
  agentName = agent.username;
});
afterAll(() => ctx.close());

const name = (prefix: string) => `${prefix}_${randomToken(4).replace(/[^A-Za-z0-9]/g, 'x')}`;

async function createTrader(extra: Record<string, unknown> = {}) {
  const response = await admin.post('/api/inner/user', {
    type: 'trader',
    username: name('trader'),
    password: 'trader-pass',
    comment: 'first',
    profile: {
      deposit_open: true,
      insurance_payment_amount: '150.5',
      fees: [
        { direction: 'pay_in', min_amount: '0', max_amount: '1000', percentage: '2.5' },
        { direction: 'pay_in', min_amount: '1000', max_amount: null, percentage: 2 },
      ],
      teamleads: [{ user_uuid: agentId, is_main: true, pay_in_percentage: '0.75' }],
    },
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('POST /user (create)', () => {
  it('creates a trader with fee tiers and a team lead', async () => {
    const trader = await createTrader();
    expect(trader).toMatchObject({
      type: 'trader',
      comment: 'first',
      is_active: true,
      is_blocked: false,
      balance: { hold: '0', virtual: '0' },
      profile: {
        deposit_open: true,
        withdraw_open: false,
        insurance_paid: false,
        insurance_payment_amount: { amount: '150.5', currency: { code: 'USDT' } },
        fees: [
          { direction: 'pay_in', min_amount: '0', max_amount: '1000', percentage: '2.5' },
          { direction: 'pay_in', min_amount: '1000', max_amount: null, percentage: '2' },
        ],
        teamleads: [
          {
            user_uuid: agentId,
            username: agentName,
            is_main: true,
            pay_in_percentage: '0.75',
            pay_out_percentage: '0',
          },
        ],
      },
    });
    await new Client(ctx.app).signIn(trader.username, 'trader-pass');
  });

  it('creates a merchant with referrals and an admin with roles', async () => {
    const merchant = await admin.post('/api/inner/user', {
      type: 'merchant',
      username: name('shop'),
      password: 'merchant-pass',
      email: '',
      profile: { referrals: [{ user_uuid: agentId, pay_in_percentage: '1', pay_out_percentage: '0.5' }] },
    });
    expect(merchant.statusCode).toBe(200);
    expect(merchant.json().data).toMatchObject({
      email: null,
      profile: { referrals: [{ pay_out_percentage: '0.5' }] },
    });
    const support = await admin.post('/api/inner/user', {
      type: 'admin',
      username: name('helpdesk'),
      password: 'admin-pass',
      roles: ['support'],
    });
    expect(support.json().data).toMatchObject({ roles: ['support'], profile: null });
  });

  it('creates an invite instead of a password when asked', async () => {
    const response = await admin.post('/api/inner/user', {
      type: 'merchant',
      username: name('invited'),
      password: 'ignored-pass',
      create_invite_link: true,
    });
    const invited = response.json().data;
    expect(invited.invite_code).toMatch(/^[\w-]{20,}$/);
    const refused = await (await new Client(ctx.app).csrf()).post('/api/inner/login', {
      username: invited.username,
      password: 'ignored-pass',
    });
    expect(refused.statusCode).toBe(401);
  });

  it.each([
    ['a taken username', { username: 'TAKEN' }, 'username', 'This username is already taken.'],
    ['a short password', { password: ' 12345 ' }, 'password', 'The password must have at least 6 characters.'],
    ['no password and no invite', { password: '' }, 'password', 'Enter a password or create an invite link.'],
    [
      'overlapping fee ranges',
      {
        profile: {
          fees: [
            { direction: 'pay_out', min_amount: '0', max_amount: '500', percentage: '1' },
            { direction: 'pay_out', min_amount: '400', max_amount: null, percentage: '1' },
          ],
        },
      },
      'profile.fees.1.min_amount',
      'This range overlaps another fee row of the same direction.',
    ],
    [
      'min not below max',
      { profile: { fees: [{ direction: 'pay_in', min_amount: '10', max_amount: '10', percentage: '1' }] } },
      'profile.fees.0.max_amount',
      'The minimum must be below the maximum.',
    ],
    [
      'a percentage above 100',
      { profile: { fees: [{ direction: 'pay_in', min_amount: '0', max_amount: null, percentage: '100.01' }] } },
      'profile.fees.0.percentage',
      'A percentage must be between 0 and 100.',
    ],
    [
      'a percentage finer than 0.01',
      { profile: { teamleads: [{ user_uuid: '01900000-0000-7000-8000-000000000000', pay_in_percentage: '0.005' }] } },
      'profile.teamleads.0.pay_in_percentage',
      'A percentage has at most two decimals (step 0.01).',
    ],
    [
      'a team lead who is not an agent',
      { profile: { teamleads: [{ user_uuid: '01900000-0000-7000-8000-000000000000' }] } },
      'profile.teamleads.0.user_uuid',
      'Choose an agent.',
    ],
    ['roles on a trader', { roles: ['support'] }, 'roles', 'Only admins have roles and permissions.'],
    [
      'an absurd insurance amount',
      { profile: { insurance_payment_amount: '99999999999999999999' } },
      'profile.insurance_payment_amount',
      'This amount is too large.',
    ],
    [
      'referrals on a trader',
      { profile: { referrals: [] } },
      'profile.referrals',
      'This setting does not apply to this type of user.',
    ],
  ])('refuses %s with a field message and creates nothing', async (_case, change, field, message) => {
    await createUser(ctx.database, { type: 'merchant', username: 'taken' }).catch(() => undefined);
    const username = name('refused');
    const response = await admin.post('/api/inner/user', {
      type: 'trader',
      username,
      password: 'trader-pass',
      ...change,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
    expect(response.json().localized_message).toBe(message);
    const rows = await ctx.database.db.select().from(users).where(eq(users.username, username));
    expect(rows).toEqual([]);
  });

  it('answers in Russian when asked', async () => {
    const ru = await new Client(ctx.app, { 'x-language': 'ru' }).signIn(
      (await createUser(ctx.database, { type: 'admin' })).username,
    );
    const response = await ru.post('/api/inner/user', { type: 'trader', username: 'x', password: 'trader-pass' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.username).toEqual([
      'Логин — от 3 до 50 латинских букв, цифр, точек, дефисов или подчёркиваний.',
    ]);
  });
});

describe('GET /user (list)', () => {
  it('filters by type, username and flags, paginates in SQL and lists the filters', async () => {
    const prefix = name('lst');
    for (let i = 0; i < 3; i++) {
      await admin.post('/api/inner/user', { type: 'agent', username: `${prefix}${i}`, password: 'agent-pass' });
    }
    const page = await admin.get(`/api/inner/user?filter[type]=agent&filter[username]=${prefix}&count=2&page=2`);
    expect(page.statusCode).toBe(200);
    const data = page.json().data;
    expect(data.items.map((u: { username: string }) => u.username)).toEqual([`${prefix}0`]);
    expect(data.context.pagination).toEqual({ total_count: 3, per_page: 2, current_page: 2, page_number: 2 });
    expect(data.context.available_filters.map((f: { name: string }) => f.name)).toEqual([
      'uuid',
      'username',
      'is_active',
      'is_blocked',
    ]);
    const blocked = await admin.get(`/api/inner/user?filter[username]=${prefix}&filter[is_blocked]=1`);
    expect(blocked.json().data.items).toEqual([]);
  });

  it('refuses a page far beyond any list with 422, not 500', async () => {
    expect((await admin.get('/api/inner/user?page=1e300')).statusCode).toBe(422);
  });

  it('refuses a bad filter value with 422', async () => {
    const response = await admin.get('/api/inner/user?filter[type]=wizard');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['filter[type]']);
  });
});

describe('POST /user/{uuid} (edit)', () => {
  it('applies only the fields sent, never an empty password, and records the audit trail', async () => {
    const trader = await createTrader();
    const response = await admin.post(`/api/inner/user/${trader.uuid}`, {
      comment: '',
      password: '',
      manual_withdrawal: true,
      profile: { withdraw_open: true },
    });
    expect(response.statusCode).toBe(200);
    const edited = response.json().data;
    expect(edited).toMatchObject({ comment: null, manual_withdrawal: true, profile: { withdraw_open: true } });
    expect(edited.profile.fees).toHaveLength(2);
    await new Client(ctx.app).signIn(trader.username, 'trader-pass');

    const trail = (await admin.get(`/api/inner/user/${trader.uuid}/audit`)).json().data.items;
    expect(trail.map((e: { action: string }) => e.action)).toEqual(['user.updated', 'user.created']);
    expect(trail[0].actor.uuid).toBe(adminId);
    expect(trail[0].before).toMatchObject({ comment: 'first', manual_withdrawal: false });
    expect(trail[0].after).toMatchObject({ comment: null, manual_withdrawal: true });
    expect(JSON.stringify(trail)).not.toMatch(/password|trader-pass/);
  });

  it('sets a new password and ends the user’s sessions', async () => {
    const trader = await createTrader();
    const session = await new Client(ctx.app).signIn(trader.username, 'trader-pass');
    const response = await admin.post(`/api/inner/user/${trader.uuid}`, { password: 'another-pass' });
    expect(response.statusCode).toBe(200);
    expect((await session.get('/api/inner/user/current')).statusCode).toBe(401);
    await new Client(ctx.app).signIn(trader.username, 'another-pass');
  });

  it('records no audit event for an edit that changes nothing', async () => {
    const trader = await createTrader();
    const response = await admin.post(`/api/inner/user/${trader.uuid}`, { comment: 'first', password: '' });
    expect(response.statusCode).toBe(200);
    const trail = (await admin.get(`/api/inner/user/${trader.uuid}/audit`)).json().data.items;
    expect(trail.map((e: { action: string }) => e.action)).toEqual(['user.created']);
  });

  it('answers 404 for an unknown user and 422 for a malformed id', async () => {
    expect(
      (await admin.post('/api/inner/user/01900000-0000-7000-8000-000000000000', { comment: 'x' })).statusCode,
    ).toBe(404);
    expect((await admin.post('/api/inner/user/not-a-uuid', { comment: 'x' })).statusCode).toBe(422);
  });
});

describe('block and unblock', () => {
  it('needs a non-blank comment and changes nothing without one', async () => {
    const trader = await createTrader();
    const response = await admin.post('/api/inner/user/block', { uuid: trader.uuid, comment: '   ' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.comment).toEqual(['Write why the user is blocked.']);
    expect((await admin.get(`/api/inner/user/${trader.uuid}`)).json().data.is_blocked).toBe(false);
  });

  it('blocks (ending sessions, refusing sign-in) and unblocks', async () => {
    const trader = await createTrader();
    const session = await new Client(ctx.app).signIn(trader.username, 'trader-pass');
    const blocked = await admin.post('/api/inner/user/block', { uuid: trader.uuid, comment: 'Fraud check' });
    expect(blocked.json().data).toMatchObject({ is_blocked: true, block_comment: 'Fraud check' });
    expect((await session.get('/api/inner/user/current')).statusCode).toBe(401);
    expect((await admin.post('/api/inner/user/block', { uuid: trader.uuid, comment: 'again' })).statusCode).toBe(409);

    const unblocked = await admin.post('/api/inner/user/unblock', { uuid: trader.uuid });
    expect(unblocked.json().data).toMatchObject({ is_blocked: false, block_comment: null });
    await new Client(ctx.app).signIn(trader.username, 'trader-pass');
    const actions = await ctx.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.targetUserId, trader.uuid));
    expect(actions.map((a) => a.action).sort()).toEqual(['user.blocked', 'user.created', 'user.unblocked']);
  });

  it('refuses to block yourself', async () => {
    const response = await admin.post('/api/inner/user/block', { uuid: adminId, comment: 'oops' });
    expect(response.statusCode).toBe(422);
  });
});

describe('roles and permissions', () => {
  it('lists roles and permissions to admins', async () => {
    expect((await admin.get('/api/inner/role')).json().data).toEqual([
      { id: 'support', name: 'support', canExpandPermissions: false },
    ]);
    expect((await admin.get('/api/inner/permission')).json().data.length).toBeGreaterThan(0);
  });

  it('refuses a merchant and a support admin', async () => {
    const merchant = await new Client(ctx.app).signIn((await createUser(ctx.database, { type: 'merchant' })).username);
    const support = await new Client(ctx.app).signIn(
      (await createUser(ctx.database, { type: 'admin', roles: ['support'] })).username,
    );
    for (const caller of [merchant, support]) {
      expect((await caller.get('/api/inner/user')).statusCode).toBe(403);
      expect(
        (await caller.post('/api/inner/user', { type: 'agent', username: 'sneaky', password: 'abcdef' })).statusCode,
      ).toBe(403);
    }
  });
});

describe('agent traders (SPEC §2.7)', () => {
  it('lists only the agent’s own traders with its percentages', async () => {
    const agent = await createUser(ctx.database, { type: 'agent' });
    const other = await createUser(ctx.database, { type: 'agent' });
    const mine = await createTrader({
      profile: { teamleads: [{ user_uuid: agent.id, pay_in_percentage: '1.5', pay_out_percentage: '0.25' }] },
    });
    await createTrader({ profile: { teamleads: [{ user_uuid: other.id }] } });
    const browser = await new Client(ctx.app).signIn(agent.username);
    const response = await browser.get('/api/inner/agent/trader/');
    expect(response.json().data.items).toEqual([
      { uuid: mine.uuid, username: mine.username, pay_in_percentage: '1.5', pay_out_percentage: '0.25' },
    ]);
  });
});

describe('invite links (SPEC §2.5)', () => {
  async function invite() {
    const response = await admin.post('/api/inner/user', {
      type: 'agent',
      username: name('newbie'),
      create_invite_link: true,
    });
    return response.json().data as { uuid: string; username: string; invite_code: string };
  }

  it('sets the password once, then the code is spent', async () => {
    const invited = await invite();
    const visitor = await new Client(ctx.app).csrf();
    const body = { code: invited.invite_code, new_password: ' fresh-pass ', confirm_password: ' fresh-pass ' };
    expect((await visitor.post('/api/inner/password/setup', body)).statusCode).toBe(200);
    await new Client(ctx.app).signIn(invited.username, 'fresh-pass');
    const again = await visitor.post('/api/inner/password/setup', body);
    expect(again.statusCode).toBe(422);
    expect(again.json().error.code).toBe('invite_invalid');
  });

  it('refuses unknown and expired codes, and mismatched passwords', async () => {
    const visitor = await new Client(ctx.app, { 'x-language': 'ru' }).csrf();
    const unknown = await visitor.post('/api/inner/password/setup', {
      code: 'nope',
      new_password: 'abcdef',
      confirm_password: 'abcdef',
    });
    expect(unknown.json().localized_message).toMatch(/Ссылка-приглашение недействительна/);

    const invited = await invite();
    await ctx.database.db
      .update(users)
      .set({ inviteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, invited.uuid));
    const expired = await visitor.post('/api/inner/password/setup', {
      code: invited.invite_code,
      new_password: 'abcdef',
      confirm_password: 'abcdef',
    });
    expect(expired.json().error.code).toBe('invite_invalid');

    const mismatch = await visitor.post('/api/inner/password/setup', {
      code: invited.invite_code,
      new_password: 'abcdef',
      confirm_password: 'abcdeg',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.confirm_password).toEqual(['Пароли не совпадают.']);
  });
});

describe('the root admin is a property of the account (DESIGN §3)', () => {
  /** The root of this file's database: made once, like a platform's first admin. */
  let rootUser: { id: string; username: string } | undefined;
  async function rootAdmin() {
    rootUser ??= await createUser(ctx.database, { type: 'admin', isRoot: true, username: 'root' });
    return { user: rootUser, browser: await new Client(ctx.app).signIn(rootUser.username) };
  }

  it('lets no other admin rename, re-role, switch off, block or otherwise edit root', async () => {
    const root = await rootAdmin();
    const attempts: [string, Record<string, unknown>][] = [
      [`/api/inner/user/${root.user.id}`, { username: 'former-root' }],
      [`/api/inner/user/${root.user.id}`, { roles: ['support'] }],
      [`/api/inner/user/${root.user.id}`, { is_active: false }],
      [`/api/inner/user/${root.user.id}`, { password: 'taken-over' }],
      [`/api/inner/user/${root.user.id}`, { comment: 'mine now' }],
    ];
    for (const [url, body] of attempts) {
      const response = await admin.post(url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(403);
      expect(response.json().error.code).toBe('root_protected');
    }
    const block = await admin.post('/api/inner/user/block', { uuid: root.user.id, comment: 'coup' });
    expect(block.statusCode).toBe(422);
    expect(block.json().errors.uuid).toEqual([
      'The root admin keeps its username, roles and access; it cannot be blocked.',
    ]);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, root.user.id));
    expect(row).toMatchObject({ username: 'root', roles: [], isActive: true, isBlocked: false, isRoot: true });
    expect((await root.browser.get('/api/inner/user/current')).statusCode).toBe(200);
  });

  it('does not make an admin root by giving it the name root', async () => {
    const root = await rootAdmin();
    const other = await createUser(ctx.database, { type: 'admin' });
    // Renaming into the root's name is refused as a taken name; renaming root away is refused as root's.
    const into = await admin.post(`/api/inner/user/${other.id}`, { username: 'ROOT' });
    expect(into.statusCode).toBe(422);
    expect(into.json().errors.username).toEqual(['This username is already taken.']);
    const self = await root.browser.post(`/api/inner/user/${root.user.id}`, { username: 'root2' });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.username).toBeDefined();
    // The flag, not the name, marks root.
    const list = (await admin.get(`/api/inner/user?filter[type]=admin&filter[uuid]=${root.user.id}`)).json().data;
    expect(list.items[0]).toMatchObject({ username: 'root', is_root: true });
    const others = (await admin.get(`/api/inner/user?filter[uuid]=${other.id}`)).json().data;
    expect(others.items[0].is_root).toBe(false);
  });

  it('lets root edit its own comment and password, never its roles or access', async () => {
    const root = await rootAdmin();
    const edit = await root.browser.post(`/api/inner/user/${root.user.id}`, { comment: 'The first admin' });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({ comment: 'The first admin', is_root: true });
    const sameRoles = await root.browser.post(`/api/inner/user/${root.user.id}`, { roles: [], username: 'root' });
    expect(sameRoles.statusCode).toBe(200);
    for (const body of [{ roles: ['support'] }, { is_active: false }, { permissions: ['users.view'] }]) {
      const response = await root.browser.post(`/api/inner/user/${root.user.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
  });
});

describe('invite code throttling (DESIGN §3)', () => {
  it('throttles guessing codes per address, and lets the invited user in from elsewhere', async () => {
    const local = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '4' });
    try {
      const localAdmin = await createUser(local.database, { type: 'admin' });
      const adminBrowser = await new Client(local.app).signIn(localAdmin.username);
      const invited = (
        await adminBrowser.post('/api/inner/user', {
          type: 'agent',
          username: name('invitee'),
          create_invite_link: true,
        })
      ).json().data as { invite_code: string; username: string };
      const setup = (code: string, remoteAddress: string) =>
        local.app.inject({
          method: 'POST',
          url: '/api/inner/password/setup',
          remoteAddress,
          headers: { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
          payload: { code, new_password: 'fresh-pass', confirm_password: 'fresh-pass' },
        });
      const statuses: number[] = [];
      for (let guess = 0; guess < 5; guess++) statuses.push((await setup(`guess-${guess}`, '203.0.113.50')).statusCode);
      expect(statuses).toEqual([422, 422, 422, 422, 429]);
      // Throttled, the real code is not even looked at from there.
      expect((await setup(invited.invite_code, '203.0.113.50')).statusCode).toBe(429);
      expect((await setup(invited.invite_code, '198.51.100.60')).statusCode).toBe(200);
      await new Client(local.app).signIn(invited.username, 'fresh-pass');
    } finally {
      await local.close();
    }
  });
});
