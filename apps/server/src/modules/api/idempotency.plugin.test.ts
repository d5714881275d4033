import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness';
import type { Database } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { errorsPlugin } from '../../plugins/errors';
import { saveAnswer } from './idempotency';
import { idempotencyPlugin, keepAnswer } from './idempotency.plugin';

/**
 * The plugin alone, on a bare Fastify app with the errors' envelope: routes that count their runs, fail on demand and
 * keep their answer in a transaction, and callers named by a header (keys are per owner).
 */
let database: Database;
let app: FastifyInstance;
const runs = new Map<string, number>();
const failNext = new Set<string>();
/** Saved under the key by "another request" while the next in-transaction route runs, before it keeps its own. */
let answeredMeanwhile: { statusCode: number; body: string } | null = null;

const ran = (name: string) => {
  runs.set(name, (runs.get(name) ?? 0) + 1);
  return runs.get(name) ?? 0;
};

beforeAll(async () => {
  database = await openTestDatabase();
  app = Fastify({ logger: false });
  const context = fp(
    async (root) => {
      root.decorateRequest('language', 'en');
    },
    { name: 'context' },
  );
  await app.register(context);
  await app.register(errorsPlugin);
  await app.register(async (api) => {
    api.decorateRequest('rawBody', '');
    api.addHook('preValidation', async (request) => {
      request.rawBody = JSON.stringify(request.body ?? '');
    });
    await api.register(idempotencyPlugin, {
      db: database.db,
      ownerOf: (request) => (request.headers['x-owner'] as string | undefined) ?? null,
    });
    api.post('/count', async (request) => {
      const name = (request.body as { name: string }).name;
      if (failNext.delete(`${name}:500`)) throw new Error('the server failed');
      if (failNext.delete(`${name}:409`)) throw new DomainError('conflict');
      return { success: true, runs: ran(name) };
    });
    api.get('/count', async () => ({ success: true, runs: ran('get') }));
    api.post('/in-transaction', { config: { answeredInTransaction: true } }, async (request, reply) => {
      const claim = request.idempotency;
      const body = JSON.stringify({ success: true, runs: ran('tx') });
      if (claim && answeredMeanwhile) await saveAnswer(database.db, claim, answeredMeanwhile);
      await database.db.transaction(async (tx) => {
        if (claim) await keepAnswer(tx, claim, { statusCode: 201, body });
      });
      return reply.status(201).type('application/json').send(body);
    });
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const post = (url: string, body: unknown, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url, payload: body as object, headers });

describe('the idempotency plugin (DESIGN §9)', () => {
  it('runs a keyed request once and answers its repeat with the first answer, marked replayed', async () => {
    const owner = { 'x-owner': newId(), 'idempotency-key': 'once' };
    const first = await post('/count', { name: 'once' }, owner);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, runs: 1 });
    const again = await post('/count', { name: 'once' }, owner);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(runs.get('once')).toBe(1);
  });

  it('keeps keys per owner: the same key of another owner is another request', async () => {
    await post('/count', { name: 'owners' }, { 'x-owner': newId(), 'idempotency-key': 'shared' });
    const other = await post('/count', { name: 'owners' }, { 'x-owner': newId(), 'idempotency-key': 'shared' });
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(runs.get('owners')).toBe(2);
  });

  it('refuses the same key with another request, and a missing or malformed key, without running', async () => {
    const owner = newId();
    await post('/count', { name: 'reused' }, { 'x-owner': owner, 'idempotency-key': 'k' });
    const reused = await post('/count', { name: 'reused', more: 1 }, { 'x-owner': owner, 'idempotency-key': 'k' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('idempotency_key_reused');
    for (const key of [undefined, '', 'a b', 'ключ', 'x'.repeat(201)]) {
      const headers: Record<string, string> = {
        'x-owner': owner,
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      };
      const refused = await post('/count', { name: 'unkeyed' }, headers);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.code).toBe('idempotency_key_required');
    }
    expect(runs.get('reused')).toBe(1);
    expect(runs.get('unkeyed')).toBeUndefined();
  });

  it('leaves the key free after a server failure, and keeps a refusal as the key answer', async () => {
    const headers = { 'x-owner': newId(), 'idempotency-key': 'retry' };
    failNext.add('retry:500');
    expect((await post('/count', { name: 'retry' }, headers)).statusCode).toBe(500);
    const retried = await post('/count', { name: 'retry' }, headers);
    expect(retried.json()).toEqual({ success: true, runs: 1 });

    const refusedHeaders = { 'x-owner': newId(), 'idempotency-key': 'refused' };
    failNext.add('refused:409');
    expect((await post('/count', { name: 'refused' }, refusedHeaders)).statusCode).toBe(409);
    const replayed = await post('/count', { name: 'refused' }, refusedHeaders);
    expect(replayed.statusCode).toBe(409);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(runs.get('refused')).toBeUndefined();
  });

  it('claims no key for a GET or for a request that presents no owner', async () => {
    expect((await app.inject({ method: 'GET', url: '/count', headers: { 'x-owner': newId() } })).statusCode).toBe(200);
    expect((await post('/count', { name: 'anonymous' }, {})).statusCode).toBe(200);
    expect((await post('/count', { name: 'anonymous' }, {})).json()).toEqual({ success: true, runs: 2 });
  });

  it('keeps an answer in the change transaction, replayed as it was kept', async () => {
    const headers = { 'x-owner': newId(), 'idempotency-key': 'in-tx' };
    const first = await post('/in-transaction', {}, headers);
    expect(first.statusCode).toBe(201);
    const again = await post('/in-transaction', {}, headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });

  it('rolls a change back when another request answered under its key first, and answers with that answer', async () => {
    const headers = { 'x-owner': newId(), 'idempotency-key': 'raced' };
    answeredMeanwhile = { statusCode: 200, body: '{"success":true,"first":true}' };
    try {
      const raced = await post('/in-transaction', {}, headers);
      expect(raced.statusCode).toBe(200);
      expect(raced.headers['idempotent-replayed']).toBe('true');
      expect(raced.json()).toEqual({ success: true, first: true });
    } finally {
      answeredMeanwhile = null;
    }
  });
});
