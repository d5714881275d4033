import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import { createTestApp, type TestContext } from './harness';
import { SilentableProxy } from './silent-proxy';

/**
 * A database that goes silent (issue 20, R1): the process must answer 503 meanwhile, never hang, and recover by itself
 * once the path returns. PostgreSQL only: the embedded database has no network to lose.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('a database that goes silent (issue 20, R1)', () => {
  let ctx: TestContext;
  let proxy: SilentableProxy;
  let proxied: Database;
  let app: App;

  beforeAll(async () => {
    ctx = await createTestApp();
    const direct = new URL(ctx.database.url ?? '');
    proxy = new SilentableProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(direct);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(await proxy.start());
    proxied = await openDatabase({
      databaseUrl: viaProxy.toString(),
      dataDir: 'unused',
      timeouts: { connectMs: 1000, statementMs: 1500 },
    });
    app = await buildApp({ config: ctx.config, database: proxied, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await proxied?.close();
    await proxy?.stop();
    await ctx?.close();
  });

  let attempts = 0;
  /** A wrong sign-in, each from an address and for a name of its own so that no throttle gets in the way. */
  const signIn = () => {
    attempts += 1;
    return app.inject({
      method: 'POST',
      url: '/api/inner/login',
      remoteAddress: `198.18.0.${attempts}`,
      headers: { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
      payload: { username: `nobody-${attempts}`, password: 'wrong-password' },
    });
  };

  it('answers 503 while it is silent and recovers by itself once it answers again', async () => {
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect((await signIn()).statusCode).toBe(401);

    proxy.silent = true;
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // More requests than the pool has connections, all at once: each is a 503 envelope, none hangs.
    const during = await Promise.all(Array.from({ length: 14 }, () => signIn()));
    for (const response of during) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'service_unavailable' } });
      expect(response.headers['retry-after']).toBe('5');
    }

    proxy.silent = false;
    // Ready again once the database answers; waited for however long the machine takes (the test's timeout guards).
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/readyz' })).statusCode, { interval: 200 })
      .toBe(200);
    const after = await Promise.all(Array.from({ length: 14 }, () => signIn()));
    expect(after.map((response) => response.statusCode)).toEqual(Array(14).fill(401));
  });

  it('answers 503 with the envelope when the database refuses connections', async () => {
    await proxy.stop();
    const response = await signIn();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ success: false, error: { code: 'service_unavailable' } });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
  });
});
