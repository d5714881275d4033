import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createUser, type TestContext } from '../../../test/harness';
import { type Database, migrationsFolder, openDatabase, selectRows } from '../../db/client';
import { newId, randomToken, sha256 } from '../../lib/ids';
import { auditEvents } from '../audit/audit.table';
import { findUserByInviteCode } from './users.repository';
import { users } from './users.table';

/**
 * Issue 31 F9: an invite code is a password until it is used, so it is stored hashed and shown once, in the answer
 * that made it; every read shows only its first characters and when it expires.
 */
let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await new Client(ctx.app).signIn((await createUser(ctx.database, { type: 'admin' })).username);
});
afterAll(() => ctx.close());

describe('invite codes are kept hashed and shown once', () => {
  it('answers the code to the admin who made it, then only a hint, and the link still works', async () => {
    const made = await admin.post('/api/inner/user', {
      type: 'agent',
      username: 'agent-invited',
      create_invite_link: true,
    });
    expect(made.statusCode, made.body).toBe(200);
    const { uuid, invite_code: code, invite } = made.json().data;
    expect(code).toMatch(/^[\w-]{24}$/);
    expect(invite).toEqual({ hint: code.slice(0, 4), expires_at: expect.any(String) });

    // Nothing stored holds the code: the user's row, its audit trail.
    const rows = await selectRows<Record<string, unknown>>(
      ctx.database.db,
      sql`select to_jsonb(u)::text as row from users u where u.id = ${uuid}`,
    );
    expect(JSON.stringify(rows)).not.toContain(code);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, uuid));
    expect(row?.inviteCodeHash).toBe(sha256(code));
    const audit = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.targetUserId, uuid));
    expect(JSON.stringify(audit)).not.toContain(code);

    // Every read: the hint, never the code.
    for (const url of [
      `/api/inner/user/${uuid}`,
      '/api/inner/user?filter[type]=agent',
      `/api/inner/user/${uuid}/audit`,
    ]) {
      const answer = await admin.get(url);
      expect(answer.statusCode).toBe(200);
      expect(answer.body, url).not.toContain(code);
    }
    expect((await admin.get(`/api/inner/user/${uuid}`)).json().data).toMatchObject({
      invite_code: null,
      invite: { hint: code.slice(0, 4) },
    });

    const visitor = await new Client(ctx.app).csrf();
    const setup = { code, new_password: 'fresh-pass', confirm_password: 'fresh-pass' };
    expect((await visitor.post('/api/inner/password/setup', setup)).statusCode).toBe(200);
    expect((await admin.get(`/api/inner/user/${uuid}`)).json().data.invite).toBeNull();
    const [spent] = await ctx.database.db.select().from(users).where(eq(users.id, uuid));
    expect([spent?.inviteCodeHash, spent?.inviteCodeHint]).toEqual([null, null]);
  });
});

/** A database of its own migrated up to (not including) `stop`, then the rest: what an upgrade does. */
async function upgradeAround(stop: string, between: (database: Database) => Promise<void>) {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === stop);
  expect(index).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  const url = process.env.DATABASE_URL;
  const name = `paydesk_upgrade_${randomToken(6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`;
  const server = url ? new pg.Client({ connectionString: url }) : null;
  let databaseUrl: string | undefined;
  if (server && url) {
    await server.connect();
    await server.query(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    databaseUrl = target.toString();
  }
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://', migrationsFolder: folder });
  try {
    await database.migrate();
    await between(database);
    const migrate = database.kind === 'postgres' ? migratePg : migratePglite;
    await migrate(database.db as never, { migrationsFolder });
    return database;
  } catch (error) {
    await database.close();
    throw error;
  } finally {
    rmSync(folder, { recursive: true, force: true });
    if (server) {
      const close = database.close.bind(database);
      database.close = async () => {
        await close();
        await server.query(`drop database if exists ${name} with (force)`);
        await server.end();
      };
    }
  }
}

describe('the upgrade that hashes invite codes stored in plain text', () => {
  it('keeps every pending link working and leaves no code behind', async () => {
    const code = 'Plain-Invite-Code_0123456789';
    const id = newId();
    const database = await upgradeAround('0016_invite_codes_hashed', async (before) => {
      await before.db.execute(
        sql`insert into users (id, username, type, invite_code, invite_expires_at)
            values (${id}, 'old-invite', 'merchant', ${code}, now() + interval '1 day')`,
      );
      await before.db.execute(
        sql`insert into audit_events (id, action, target_user_id, after)
            values (${newId()}, 'user.created_with_invite', ${id},
                    ${JSON.stringify({ username: 'old-invite', invite_code: code })}::jsonb)`,
      );
      await before.db.execute(
        sql`insert into login_throttle (key, failures, reset_at) values (${`invite:${code.toLowerCase()}:203.0.113.5`}, 1, now())`,
      );
    });
    try {
      const found = await findUserByInviteCode(database.db, code);
      expect(found?.id).toBe(id);
      expect(found?.inviteCodeHint).toBe('Plai');
      const everything = await selectRows<{ text: string }>(
        database.db,
        sql`select (select coalesce(jsonb_agg(to_jsonb(u)), '[]') from users u)::text
               || (select coalesce(jsonb_agg(to_jsonb(a)), '[]') from audit_events a)::text
               || (select coalesce(jsonb_agg(to_jsonb(t)), '[]') from login_throttle t)::text as text`,
      );
      expect(everything[0]?.text.toLowerCase()).not.toContain(code.toLowerCase());
      expect(everything[0]?.text).toContain('old-invite');
    } finally {
      await database.close();
    }
  });
});
