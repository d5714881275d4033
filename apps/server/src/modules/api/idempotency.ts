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

/**
 * A new claim, or the first answer to replay. `abandonedAt` is when an earlier run of this very request claimed the key
 * and never saved its answer (its process died, maybe after its transaction committed): the new run must answer what
 * that run did, from the rows it committed.
 */
export type Claim = { kind: 'new'; abandonedAt: Date | null } | { kind: 'replay'; statusCode: number; body: string };

interface KeyRow {
  previous_state?: string | null;
  previous_at?: Date | string | null;
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
        returning request_hash, state, status_code, body,
          (select previous.state from api_idempotency previous
            where previous.owner_id = ${ownerId} and previous.key = ${key}) as previous_state,
          (select previous.created_at from api_idempotency previous
            where previous.owner_id = ${ownerId} and previous.key = ${key}) as previous_at`,
  );
  // The subqueries read the table as it was before this statement: the run taken over, if there was one.
  if (row) {
    const abandoned = row.previous_state === 'running' && row.previous_at ? new Date(row.previous_at) : null;
    return { kind: 'new', abandonedAt: abandoned };
  }
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
