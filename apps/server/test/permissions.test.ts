import { type CapabilityName, can, capabilities } from '@paydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createUser, type TestContext } from './harness';

/**
 * The permission walk: every /api route the server registers is called by every kind of user, and each must be
 * refused (403) by every kind the contract's table does not serve, and by anyone signed out (401).
 */
let ctx: TestContext;
const probePrefix = '/api/inner/__probe/';
beforeAll(async () => {
  // One probe route per capability proves the guard enforces the whole table, including capabilities whose
  // real routes arrive with later issues.
  ctx = await createTestApp({}, (app) => {
    for (const name of Object.keys(capabilities)) {
      app.get(`${probePrefix}${name}`, { config: { access: name as CapabilityName } }, async () => ({ ok: true }));
    }
  });
});
afterAll(() => ctx.close());

const subjects = [
  { name: 'admin', type: 'admin', roles: [], insurancePaid: true },
  { name: 'support admin', type: 'admin', roles: ['support'], insurancePaid: true },
  { name: 'merchant', type: 'merchant', roles: [], insurancePaid: true },
  { name: 'partner', type: 'partner', roles: [], insurancePaid: true },
  { name: 'agent', type: 'agent', roles: [], insurancePaid: true },
  { name: 'trader', type: 'trader', roles: [], insurancePaid: true },
  { name: 'trader with unpaid insurance', type: 'trader', roles: [], insurancePaid: false },
] as const;

const sampleId = '01900000-0000-7000-8000-000000000000';
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, sampleId);

describe('permission walk', () => {
  it('registers guarded routes, each with a capability of the table or public', () => {
    expect(ctx.app.guardedRoutes.length).toBeGreaterThan(0);
    for (const route of ctx.app.guardedRoutes) {
      expect(route.access === 'public' || route.access in capabilities, `${route.method} ${route.url}`).toBe(true);
    }
  });

  it('refuses every route to a signed-out caller', async () => {
    const anonymous = await new Client(ctx.app).csrf();
    for (const route of ctx.app.guardedRoutes.filter((r) => r.access !== 'public')) {
      const response = await anonymous.request(
        route.method as 'GET',
        concrete(route.url),
        route.method === 'GET' ? undefined : {},
      );
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  for (const subject of subjects) {
    it(`refuses a ${subject.name} every route its role is not served`, async () => {
      const user = await createUser(ctx.database, {
        type: subject.type,
        roles: [...subject.roles],
        insurancePaid: subject.insurancePaid,
      });
      const browser = await new Client(ctx.app).signIn(user.username);
      for (const route of ctx.app.guardedRoutes) {
        if (route.access === 'public' || can(subject, route.access as CapabilityName)) continue;
        const response = await browser.request(
          route.method as 'GET',
          concrete(route.url),
          route.method === 'GET' ? undefined : {},
        );
        expect(response.statusCode, `${subject.name}: ${route.method} ${route.url}`).toBe(403);
        expect(response.json().error.code).toBe('forbidden');
      }
    });

    it(`lets a ${subject.name} through exactly the capabilities the table gives it`, async () => {
      const user = await createUser(ctx.database, {
        type: subject.type,
        roles: [...subject.roles],
        insurancePaid: subject.insurancePaid,
      });
      const browser = await new Client(ctx.app).signIn(user.username);
      for (const name of Object.keys(capabilities) as CapabilityName[]) {
        const response = await browser.get(`${probePrefix}${name}`);
        expect(response.statusCode, `${subject.name}: ${name}`).toBe(can(subject, name) ? 200 : 403);
      }
    });
  }
});

describe('deny by default', () => {
  it('refuses to start with an /api route that declares no access', async () => {
    await expect(
      createTestApp({}, (app) => {
        app.get('/api/inner/unguarded', async () => ({ ok: true }));
      }),
    ).rejects.toThrow(/does not declare its access/);
  });
});
