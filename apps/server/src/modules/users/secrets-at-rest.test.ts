import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createUser, type TestContext, testPassword } from '../../../test/harness';
import { createSecrets, parseSecretsKey } from '../../lib/secrets';
import { timeStep, totpAt } from '../../lib/totp';
import { sealPlainSecrets } from './secrets-at-rest';
import { users } from './users.table';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('sealing secrets stored before encryption (DESIGN §9)', () => {
  it('seals plain rows once, leaves sealed ones, and the owners keep working', async () => {
    const secrets = createSecrets(parseSecretsKey(ctx.config.SECRETS_KEY ?? ''));
    const totp = 'JBSWY3DPEHPK3PXP';
    const old = await createUser(ctx.database, { type: 'merchant' });
    // A row as the previous version wrote it: every secret in plain text.
    await ctx.database.db
      .update(users)
      .set({
        apiSecret: 'sk_plain',
        notificationKey: 'plain-notify-key',
        twoFactorEnabled: true,
        twoFactorSecret: totp,
      })
      .where(eq(users.id, old.id));
    const fresh = await createUser(ctx.database, { type: 'merchant' });
    const sealedKey = secrets.seal('already-sealed');
    await ctx.database.db.update(users).set({ notificationKey: sealedKey }).where(eq(users.id, fresh.id));

    expect(await sealPlainSecrets(ctx.database.db, secrets)).toBe(1);
    expect(await sealPlainSecrets(ctx.database.db, secrets)).toBe(0);

    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, old.id));
    expect(secrets.open(row?.apiSecret ?? '')).toBe('sk_plain');
    expect(secrets.open(row?.notificationKey ?? '')).toBe('plain-notify-key');
    expect(secrets.open(row?.twoFactorSecret ?? '')).toBe(totp);
    const [untouched] = await ctx.database.db.select().from(users).where(eq(users.id, fresh.id));
    expect(untouched?.notificationKey).toBe(sealedKey);

    const signIn = await (await new Client(ctx.app).csrf()).post('/api/inner/login', {
      username: old.username,
      password: testPassword,
      code: totpAt(totp, timeStep(Date.now())),
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.user.apiKeys.notification).toBe('plain-notify-key');
  });
});
