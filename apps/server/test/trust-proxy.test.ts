import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { sessions } from '../src/modules/auth/auth.table';
import { createTestApp, createUser, testPassword } from './harness';

/**
 * TRUST_PROXY names the proxies whose X-Forwarded-For is believed (issue 20, M2): a client behind them can prepend
 * any address it likes, but only the hops of the trusted proxies count, so throttling still sees its real address.
 */
describe('TRUST_PROXY', () => {
  it('reads a hop count, addresses and CIDRs, `true` as one hop, and refuses anything else', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      'fd00::/8',
    ]);
    for (const wrong of ['yes', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/8']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY: must be a number of proxy hops/);
    }
  });

  for (const trustProxy of ['true', '1', '10.0.0.0/8']) {
    it(`with TRUST_PROXY=${trustProxy} a client choosing its own forwarded address is still throttled`, async () => {
      const ctx = await createTestApp({ TRUST_PROXY: trustProxy, LOGIN_MAX_FAILURES: '3' });
      try {
        const user = await createUser(ctx.database, { type: 'merchant' });
        const login = (forwardedFor: string, password: string) =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/inner/login',
            remoteAddress: '10.0.0.5',
            headers: { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't', 'x-forwarded-for': forwardedFor },
            payload: { username: user.username, password },
          });
        const statuses: number[] = [];
        for (let attempt = 0; attempt < 20; attempt++) {
          statuses.push((await login(`198.51.100.${attempt}, 203.0.113.80`, 'guess')).statusCode);
        }
        expect(statuses).toEqual([401, 401, 401, ...Array(17).fill(429)]);

        // The owner behind the same proxy from its own address signs in, and its session keeps that address.
        expect((await login('203.0.113.81', testPassword)).statusCode).toBe(200);
        const [session] = await ctx.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
        expect(session?.ip).toBe('203.0.113.81');
      } finally {
        await ctx.close();
      }
    });
  }
});
