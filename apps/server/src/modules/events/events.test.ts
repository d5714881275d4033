import { type ChildProcess, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Client, createTestApp, createUser, fund, type TestContext, testSecretsKey } from '../../../test/harness';
import { orderWorld, payIn } from '../../../test/orders-fixture';
import { type App, buildApp } from '../../app';
import { publishEvent } from './events.bus';

/**
 * SPEC §4 / §7 real-time connection. The central promise: a deposit committed through one server process reaches a
 * socket connected to another. On PostgreSQL the other process is a real child process on the same database (events
 * cross through LISTEN/NOTIFY); on the embedded database, which one process owns, it is a second app in this process.
 */

let ctx: TestContext;
let other: { port: number; stop: () => Promise<void> };

/**
 * The sockets' periodic session check comes only hourly here: a socket that closes during a test was closed by the
 * database's notification, however long the machine took.
 */
const recheckOnlyHourly = { SOCKET_RECHECK_SECONDS: '3600' };

async function startChildProcess(url: string) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'test/second-process.ts'], {
    cwd: new URL('../../../', import.meta.url).pathname,
    env: { ...process.env, DATABASE_URL: url, PORT: '0', SECRETS_KEY: testSecretsKey, ...recheckOnlyHourly },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`second process exited with ${code}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', resolve);
  });
  return {
    port: (JSON.parse(line) as { port: number }).port,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function startSecondApp(): Promise<typeof other> {
  const app: App = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (app.server.address() as AddressInfo).port, stop: () => app.close() };
}

beforeAll(async () => {
  ctx = await createTestApp(recheckOnlyHourly);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  other = ctx.database.url ? await startChildProcess(ctx.database.url) : await startSecondApp();
}, 60_000);
afterAll(async () => {
  await other.stop();
  await ctx.close();
});

interface Message {
  type: string;
  message: string;
}

/** A socket with its received messages, and a way to wait for the next one of a type. */
async function connect(port: number) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/`);
  const received: Message[] = [];
  const waiters: { type: string; resolve: (message: Message) => void }[] = [];
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Message;
    received.push(message);
    for (const waiter of waiters.filter((w) => w.type === message.type)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  // Waits for the message, however long it takes (the test's own timeout guards against a hang).
  const next = (type: string) =>
    new Promise<Message>((resolve) => {
      const seen = received.find((message) => message.type === type);
      if (seen) return resolve(seen);
      waiters.push({ type, resolve });
    });
  return { socket, received, next, closed };
}

async function signedInUser(type: 'merchant' | 'trader' | 'admin' = 'merchant') {
  const user = await createUser(ctx.database, { type });
  const browser = await new Client(ctx.app).signIn(user.username);
  const current = (await browser.get('/api/inner/user/current')).json().data.data;
  return { user, browser, current };
}

const auth = (socket: WebSocket, userId: string | null, token: string) =>
  socket.send(JSON.stringify({ type: 'auth', client: 'platform', data: { userId, token } }));

describe('real-time events across server processes', () => {
  it('delivers a deposit committed through one process to the socket of its owner on another', async () => {
    const { user, browser, current } = await signedInUser();
    const secret = (await browser.post('/api/inner/user/secret_key')).json().data;
    const client = await connect(other.port);
    auth(client.socket, secret.api_key, current.ws_token);
    await client.next('auth.ok');

    await fund(ctx.app, user.id, '42.5');
    const event = await client.next('deposit.added');
    expect(JSON.parse(event.message)).toEqual({ amount: '42.5', currency: { code: 'USDT', name: 'Tether USD' } });
    client.socket.close();
  });

  it('sends a user only its own events, and nothing from a transaction that rolled back', async () => {
    const mine = await signedInUser();
    const theirs = await signedInUser();
    const client = await connect(other.port);
    auth(client.socket, mine.user.id, mine.current.ws_token);
    await client.next('auth.ok');

    await fund(ctx.app, theirs.user.id, '5');
    await ctx.database.db
      .transaction(async (tx) => {
        await publishEvent(tx, { userId: mine.user.id, type: 'deposit.added', message: '{"amount":"999"}' });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await fund(ctx.app, mine.user.id, '7');
    const event = await client.next('deposit.added');
    expect(JSON.parse(event.message).amount).toBe('7');
    expect(client.received.filter((message) => message.type === 'deposit.added')).toHaveLength(1);
    client.socket.close();
  });

  it('tells the owner of a withdrawal that its balance changed', async () => {
    const { user, browser, current } = await signedInUser();
    await fund(ctx.app, user.id, '20');
    const client = await connect((ctx.app.server.address() as AddressInfo).port);
    auth(client.socket, null, current.ws_token);
    await client.next('auth.ok');
    await browser.post('/api/inner/wallet/withdrawals', {
      address: 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC',
      currency: 'USDT',
      amount: '5',
    });
    expect((await client.next('balance.changed')).message).toBe('');
    client.socket.close();
  });

  it('tells the merchant, the executor and every admin of a new order and of its moves, on another process', async () => {
    const world = await orderWorld(ctx);
    const watchers = [];
    for (const browser of [world.merchant.browser, world.trader.browser, world.admin.browser]) {
      const current = (await browser.get('/api/inner/user/current')).json().data.data;
      const client = await connect(other.port);
      auth(client.socket, current.user_id ?? null, current.ws_token);
      await client.next('auth.ok');
      watchers.push(client);
    }
    const stranger = await signedInUser('trader');
    const outsider = await connect(other.port);
    auth(outsider.socket, null, stranger.current.ws_token);
    await outsider.next('auth.ok');

    const order = (await world.merchant.api.post('/api/v1/orders', payIn('1000'))).json().data;
    for (const client of watchers) {
      expect(JSON.parse((await client.next('order.created')).message)).toEqual({
        guid: order.guid,
        type: 'pay_in',
        status: 'new',
      });
    }
    await world.trader.browser.post(`/api/inner/order/${order.guid}/set-paid`);
    for (const client of watchers) {
      expect(JSON.parse((await client.next('order.updated')).message)).toMatchObject({
        guid: order.guid,
        status: 'paid',
      });
    }
    await watchers[0]?.next('balance.changed');
    expect(outsider.received.filter((message) => message.type.startsWith('order.'))).toEqual([]);
    for (const client of [...watchers, outsider]) client.socket.close();
  });
});

describe('sessions across server processes', () => {
  it('refuses a user blocked through one process on the other as well', async () => {
    const { user, browser } = await signedInUser();
    const admin = await signedInUser('admin');
    const onOther = () =>
      fetch(`http://127.0.0.1:${other.port}/api/inner/user/current`, { headers: { cookie: browser.cookieHeader } });
    // The other process has read the session, and keeps what it read for a moment.
    expect((await onOther()).status).toBe(200);
    expect((await admin.browser.post('/api/inner/user/block', { uuid: user.id, comment: 'fraud' })).statusCode).toBe(
      200,
    );
    expect((await browser.get('/api/inner/user/current')).statusCode).toBe(401);
    // The other process hears of it from the database (or lets its memory lapse within a second).
    await expect.poll(async () => (await onOther()).status, { interval: 50 }).toBe(401);
  });
});

describe('sockets of a user who is blocked or switched off (issue 20, L4)', () => {
  for (const [what, change] of [
    ['blocked', (admin: Client, id: string) => admin.post('/api/inner/user/block', { uuid: id, comment: 'fraud' })],
    ['switched off', (admin: Client, id: string) => admin.post(`/api/inner/user/${id}`, { is_active: false })],
  ] as const) {
    it(`closes the open socket of a user ${what} through another process at once`, async () => {
      const { user, current } = await signedInUser();
      const admin = await signedInUser('admin');
      const client = await connect(other.port);
      auth(client.socket, user.id, current.ws_token);
      await client.next('auth.ok');
      expect((await change(admin.browser, user.id)).statusCode).toBe(200);
      // Closed by the notification: the periodic check is an hour away.
      expect(await client.closed).toBe(4401);
    });
  }
});

describe('socket authentication', () => {
  it('refuses a wrong token, a token of an ended session and a user id that is not the token owner', async () => {
    const first = await signedInUser();
    const second = await signedInUser();
    for (const [userId, token] of [
      [first.user.id, 'not-a-token'],
      [second.user.id, first.current.ws_token],
    ] as const) {
      const client = await connect(other.port);
      auth(client.socket, userId, token);
      await client.next('auth.failed');
      expect(await client.closed).toBe(4401);
    }
    await first.browser.post('/api/inner/logout');
    const client = await connect(other.port);
    auth(client.socket, first.user.id, first.current.ws_token);
    expect(await client.closed).toBe(4401);
  });

  it('closes a socket whose first message is not an auth message', async () => {
    const client = await connect(other.port);
    client.socket.send('hello');
    expect(await client.closed).toBe(4400);
  });
});
