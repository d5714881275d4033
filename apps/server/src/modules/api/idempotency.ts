import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/client';
import { DomainError } from '../../lib/errors';

/** A request still marked running after this long was abandoned (its process died): another may take the key over. */
const abandonedAfterSeconds = 60;
/** Keys are kept this long per owner (DESIGN §9). */
export const idempotencyTtlHours = 24;

export const requestHash = (method: string, path: string, body: string) =>
  createHash('sha256').update(`${method}\n${path}\n${body}`).digest('hex');

export type Claim = { kind: 'new' } | { kind: 'replay'; statusCode: number; body: string };

interface KeyRow {
  request_hash: string;
  state: string;
  status_code: number | null;
  body: string | null;
}

/**
 * Claims an Idempotency-Key for a request (DESIGN §9): new, or the first answer to replay for the same request. The
 * same key with another request is refused; a request still running with it is a conflict.
 */
export async function claimKey(db: Executor, ownerId: string, key: string, hash: string): Promise<Claim> {
  const [row] = await selectRows<KeyRow>(
    db,
    sql`insert into api_idempotency (owner_id, key, request_hash, state)
        values (${ownerId}, ${key}, ${hash}, 'running')
        on conflict (owner_id, key) do update
          set request_hash = excluded.request_hash, state = 'running', status_code = null, body = null, created_at = now()
          where api_idempotency.state = 'running'
            and api_idempotency.created_at < now() - make_interval(secs => ${abandonedAfterSeconds})
            and api_idempotency.request_hash = excluded.request_hash
            or api_idempotency.created_at < now() - make_interval(hours => ${idempotencyTtlHours})
        returning request_hash, state, status_code, body`,
  );
  if (row) return { kind: 'new' };
  const [existing] = await selectRows<KeyRow>(
    db,
    sql`select request_hash, state, status_code, body from api_idempotency where owner_id = ${ownerId} and key = ${key}`,
  );
  if (!existing) return claimKey(db, ownerId, key, hash);
  if (existing.request_hash !== hash) throw new DomainError('idempotency_key_reused');
  if (existing.state === 'running' || existing.status_code === null) throw new DomainError('idempotency_in_flight');
  return { kind: 'replay', statusCode: existing.status_code, body: existing.body ?? '' };
}

export async function settleKey(db: Executor, ownerId: string, key: string, statusCode: number, body: string) {
  await db.execute(
    sql`update api_idempotency set state = 'done', status_code = ${statusCode}, body = ${body}
        where owner_id = ${ownerId} and key = ${key}`,
  );
}

/** A request that failed on the server's side leaves no trace: the client may try again with the same key. */
export async function releaseKey(db: Executor, ownerId: string, key: string) {
  await db.execute(sql`delete from api_idempotency where owner_id = ${ownerId} and key = ${key} and state = 'running'`);
}

/** Keys older than a day go (the auth sweep job calls it). */
export async function sweepKeys(db: Executor) {
  await db.execute(
    sql`delete from api_idempotency where created_at < now() - make_interval(hours => ${idempotencyTtlHours})`,
  );
}
