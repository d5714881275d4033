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
  { name: 'root admin', type: 'admin', roles: [], insurancePaid: true, isRoot: true },
  { name: 'admin', type: 'admin', roles: [], insurancePaid: true, isRoot: false },
  { name: 'support admin', type: 'admin', roles: ['support'], insurancePaid: true, isRoot: false },
  { name: 'merchant', type: 'merchant', roles: [], insurancePaid: true, isRoot: false },
  { name: 'partner', type: 'partner', roles: [], insurancePaid: true, isRoot: false },
  { name: 'agent', type: 'agent', roles: [], insurancePaid: true, isRoot: false },
  { name: 'trader', type: 'trader', roles: [], insurancePaid: true, isRoot: false },
  { name: 'trader with unpaid insurance', type: 'trader', roles: [], insurancePaid: false, isRoot: false },
] as const;

/** The same route, with its path spelled with percent escapes: the router decodes them, so must every guard. */
const encoded = (url: string) =>
  url
    .replace('/api/inner/', '/api/%69nner/')
    .replace(/\/([a-z])/g, (_, c: string) => `/%${c.charCodeAt(0).toString(16)}`);

/** One user per kind, made on first need: a platform has one root admin, so every test signs in the same one. */
const subjectUsers = new Map<string, Promise<{ username: string }>>();
function subjectUser(subject: (typeof subjects)[number]) {
  let user = subjectUsers.get(subject.name);
  if (!user) {
    user = createUser(ctx.database, {
      type: subject.type,
      roles: [...subject.roles],
      insurancePaid: subject.insurancePaid,
      isRoot: subject.isRoot,
    });
    subjectUsers.set(subject.name, user);
  }
  return user;
}

const sampleId = '01900000-0000-7000-8000-000000000000';
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, sampleId);

describe('permission walk', () => {
  it('registers guarded routes, each with a capability of the table or public', () => {
    expect(ctx.app.guardedRoutes.length).toBeGreaterThan(0);
    for (const route of ctx.app.guardedRoutes) {
      expect(route.access === 'public' || route.access in capabilities, `${route.method} ${route.url}`).toBe(true);
    }
  });

  it('refuses every route to a signed-out caller, on the plain and the encoded path', async () => {
    const anonymous = await new Client(ctx.app).csrf();
    for (const route of ctx.app.guardedRoutes.filter((r) => r.access !== 'public')) {
      for (const url of [concrete(route.url), encoded(concrete(route.url))]) {
        const response = await anonymous.request(route.method as 'GET', url, route.method === 'GET' ? undefined : {});
        expect(response.statusCode, `${route.method} ${url}`).toBe(401);
      }
    }
  });

  it('refuses every state-changing route without the CSRF token (419), on the plain and the encoded path', async () => {
    const admin = await createUser(ctx.database, { type: 'admin' });
    const merchant = await createUser(ctx.database, { type: 'merchant' });
    for (const username of [admin.username, merchant.username]) {
      const browser = await new Client(ctx.app).signIn(username);
      for (const route of ctx.app.guardedRoutes.filter((r) => r.method !== 'GET' && !r.signed)) {
        for (const url of [concrete(route.url), encoded(concrete(route.url))]) {
          const response = await ctx.app.inject({
            method: route.method as 'POST',
            url,
            headers: { cookie: browser.cookieHeader },
            payload: {},
          });
          expect(response.statusCode, `${route.method} ${url}`).toBe(419);
          expect(response.json().error.code).toBe('csrf_mismatch');
        }
      }
    }
  });

  for (const subject of subjects) {
    it(`refuses a ${subject.name} every route its role is not served, on the plain and the encoded path`, async () => {
      const browser = await new Client(ctx.app).signIn((await subjectUser(subject)).username);
      for (const route of ctx.app.guardedRoutes) {
        // The signed API knows its caller by API key, not by session: its own tests walk its roles.
        if (route.signed || route.access === 'public' || can(subject, route.access as CapabilityName)) continue;
        for (const url of [concrete(route.url), encoded(concrete(route.url))]) {
          const response = await browser.request(route.method as 'GET', url, route.method === 'GET' ? undefined : {});
          expect(response.statusCode, `${subject.name}: ${route.method} ${url}`).toBe(403);
          expect(response.json().error.code).toBe('forbidden');
        }
      }
    });

    it(`lets a ${subject.name} through exactly the capabilities the table gives it`, async () => {
      const browser = await new Client(ctx.app).signIn((await subjectUser(subject)).username);
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
