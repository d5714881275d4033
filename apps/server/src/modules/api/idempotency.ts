import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/client';
import { deferWrite } from '../../db/deferred';
import { DomainError } from '../../lib/errors';

/** A request still marked running after this long was abandoned (its process died): another may take the key over. */
const abandonedAfterSeconds = 60;
/** Keys are kept this long per owner (DESIGN §9). */
export const idempotencyTtlHours = 24;

export const requestHash = (method: string, path: string, body: string) =>
  createHash('sha256').update(`${method}\n${path}\n${body}`).digest('hex');

/** A key as one request holds it: whose, which, and the request it stands for. */
export interface KeyClaim {
  ownerId: string;
  key: string;
  hash: string;
}

/** The first answer of a request, to replay. */
export interface Answer {
  statusCode: number;
  body: string;
}

/** A new claim, or the first answer to replay. */
export type Claim = { kind: 'new' } | ({ kind: 'replay' } & Answer);

interface KeyRow {
  request_hash: string;
  state: string;
  status_code: number | null;
  body: string | null;
  abandoned?: boolean;
}

/** The key's row may be written over: a run that died before answering, or a key older than its day. */
const replaceable = sql`api_idempotency.state = 'running'
    and api_idempotency.created_at < now() - make_interval(secs => ${abandonedAfterSeconds})
    and api_idempotency.request_hash = excluded.request_hash
  or api_idempotency.created_at < now() - make_interval(hours => ${idempotencyTtlHours})`;

/** What a key's row means for a request that presents it: its answer to replay, refused, or still running. */
function answerOf(row: KeyRow, hash: string): Answer {
  if (row.request_hash !== hash) throw new DomainError('idempotency_key_reused');
  if (row.state === 'running' || row.status_code === null) throw new DomainError('idempotency_in_flight');
  return { statusCode: row.status_code, body: row.body ?? '' };
}

/**
 * The first answer kept under a key (DESIGN §9), or null when the key is free: read once before a request runs, and
 * again when it is refused, in case a request with the same key answered meanwhile. The same key with another request
 * is refused; one still running (a claim of `claimKey`) is a conflict until it is abandoned.
 */
export async function findAnswer(db: Executor, claim: KeyClaim): Promise<Answer | null> {
  const [row] = await selectRows<KeyRow>(
    db,
    sql`select request_hash, state, status_code, body,
               state = 'running' and created_at < now() - make_interval(secs => ${abandonedAfterSeconds}) as abandoned
        from api_idempotency
        where owner_id = ${claim.ownerId} and key = ${claim.key}
          and created_at >= now() - make_interval(hours => ${idempotencyTtlHours})`,
  );
  if (!row || (row.abandoned && row.request_hash === claim.hash)) return null;
  return answerOf(row, claim.hash);
}

/**
 * Keeps a request's answer under its key, unless another request answered under it first: false then. Run in the
 * transaction of the change it answers (issue 20, R2), the change and its answer commit together or not at all, so a
 * retry after a crash at any point meets either nothing done or the first answer; and of two requests with one key
 * running at once, the second to commit finds the first's answer here and must roll back.
 */
export async function saveAnswer(db: Executor, claim: KeyClaim, answer: Answer): Promise<boolean> {
  return (await selectRows<{ saved: number }>(db, answerUpsert(claim, answer))).length > 0;
}

/** The answer's row under the key: written unless another request answered under it first (no row returned then). */
const answerUpsert = (claim: KeyClaim, answer: Answer) =>
  sql`insert into api_idempotency (owner_id, key, request_hash, state, status_code, body)
      values (${claim.ownerId}, ${claim.key}, ${claim.hash}, 'done', ${answer.statusCode}, ${answer.body})
      on conflict (owner_id, key) do update
        set request_hash = excluded.request_hash, state = 'done', status_code = excluded.status_code,
            body = excluded.body, created_at = now()
        where ${replaceable}
      returning 1 as saved`;

/**
 * `saveAnswer` in the transaction of the change the answer is of, sent with its other deferred writes (db/deferred.ts):
 * when another request answered under the key first, the flush throws `KeyAnswered` and the change rolls back.
 */
export async function saveAnswerWith(tx: Executor, claim: KeyClaim, answer: Answer): Promise<void> {
  await deferWrite(tx, {
    parts: () => [['answer', answerUpsert(claim, answer)]],
    counted: 'answer',
    returned: (rows) => {
      if (rows === 0) throw new KeyAnswered();
    },
  });
}

/** Another request answered under the key first: the change of this one must not commit. */
export class KeyAnswered extends Error {
  constructor() {
    super('another request answered under this idempotency key first');
  }
}

/**
 * Claims an Idempotency-Key for a request whose change cannot keep its answer in its own transaction (DESIGN §9):
 * new, or the first answer to replay for the same request. The claim is marked running until `settleKey`.
 */
export async function claimKey(db: Executor, claim: KeyClaim): Promise<Claim> {
  const [row] = await selectRows<KeyRow>(
    db,
    sql`insert into api_idempotency (owner_id, key, request_hash, state)
        values (${claim.ownerId}, ${claim.key}, ${claim.hash}, 'running')
        on conflict (owner_id, key) do update
          set request_hash = excluded.request_hash, state = 'running', status_code = null, body = null, created_at = now()
          where ${replaceable}
        returning request_hash`,
  );
  if (row) return { kind: 'new' };
  const existing = await findAnswer(db, claim);
  if (!existing) return claimKey(db, claim);
  return { kind: 'replay', ...existing };
}

export async function settleKey(db: Executor, claim: KeyClaim, answer: Answer) {
  await db.execute(
    sql`update api_idempotency set state = 'done', status_code = ${answer.statusCode}, body = ${answer.body}
        where owner_id = ${claim.ownerId} and key = ${claim.key}`,
  );
}

/** A request that failed on the server's side leaves no trace: the client may try again with the same key. */
export async function releaseKey(db: Executor, claim: KeyClaim) {
  await db.execute(
    sql`delete from api_idempotency where owner_id = ${claim.ownerId} and key = ${claim.key} and state = 'running'`,
  );
}

/** Keys older than a day go (the auth sweep job calls it). */
export async function sweepKeys(db: Executor) {
  await db.execute(
    sql`delete from api_idempotency where created_at < now() - make_interval(hours => ${idempotencyTtlHours})`,
  );
}
