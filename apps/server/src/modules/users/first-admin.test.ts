import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestContext } from '../../../test/harness';
import { createFirstAdmin } from './first-admin';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('first admin of a production install', () => {
  it('refuses a username with odd characters', async () => {
    await expect(createFirstAdmin(ctx.database.db, 'a b')).rejects.toThrow(/username/);
  });

  it('creates an admin whose one-time password signs in', async () => {
    const password = await createFirstAdmin(ctx.database.db, 'owner');
    expect(password.length).toBeGreaterThanOrEqual(16);
    const browser = await new Client(ctx.app).signIn('owner', password);
    expect((await browser.get('/api/inner/user/current')).json().data.data).toMatchObject({ role: 'admin' });
  });
});
