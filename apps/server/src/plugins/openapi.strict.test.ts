import { xsrfCookie } from '@paydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createUser, type TestContext } from '../../test/harness';
import { type OrderWorld, orderWorld, payIn } from '../../test/orders-fixture';

/**
 * The documents are as strict as the server (issue 20, Contract): walked here, each kind of constraint they declare
 * is sent to the server just inside and just outside it, and the server must accept the one and refuse the other.
 */
let ctx: TestContext;
let world: OrderWorld;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestApp({ API_RATE_LIMIT_PER_SECOND: '1000' });
  world = await orderWorld(ctx);
  const user = await createUser(ctx.database, { type: 'admin', isRoot: true });
  admin = await new Client(ctx.app).signIn(user.username);
});
afterAll(() => ctx.close());

interface Schema {
  type?: string;
  enum?: string[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  format?: string;
  properties?: Record<string, Schema>;
  'x-minimum'?: number;
  'x-maximum'?: number;
}
interface Parameter {
  in: string;
  name: string;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  'x-body-limit'?: number;
}
type Document = { paths: Record<string, Record<string, Operation>> };

const innerDocument = async () => (await admin.get('/api/inner/openapi.json')).json() as Document;
const tooLarge = 'The request is too large.';

/** Values the schema refuses, each with why, and one it accepts (when one can be made from the schema alone). */
function samples(schema: Schema): { refused: [string, string][]; accepted?: string } {
  const refused: [string, string][] = [];
  let accepted: string | undefined;
  if (schema.enum) {
    refused.push(['enum', 'not-one-of-them']);
    accepted = schema.enum[0];
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    const bad = ['x y', 'zz,', '!'].find((value) => !pattern.test(value));
    if (bad) refused.push(['pattern', bad]);
    // An enum list's pattern: its first value.
    const first = /\(\?:([a-z_-]+)\|/.exec(schema.pattern)?.[1];
    if (first && pattern.test(first)) accepted ??= first;
  }
  if (schema.maximum !== undefined) {
    refused.push(['maximum', String(schema.maximum + 1)]);
    accepted ??= String(schema.maximum);
  }
  if (schema.minimum !== undefined) refused.push(['minimum', String(schema.minimum - 1)]);
  if (schema.maxLength !== undefined && !schema.pattern && !schema.format) {
    // Within the length, a value may still name nothing the platform knows (a currency): refused only beyond it.
    refused.push(['maxLength', 'a'.repeat(schema.maxLength + 1)]);
  }
  if (schema.format === 'uuid') refused.push(['format', 'not-a-uuid']);
  if (schema.format === 'date') refused.push(['format', '2024-13-45']);
  return { refused, accepted };
}

describe('the inner document’s list filters', () => {
  it('refuses every query value the document refuses, and accepts what it accepts', async () => {
    const document = await innerDocument();
    let checked = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      const get = operations.get;
      if (!get || path.includes('{') || path.endsWith('openapi.json')) continue;
      if ((await admin.get(path)).statusCode !== 200) continue;
      for (const parameter of get.parameters ?? []) {
        if (parameter.in !== 'query') continue;
        const { refused, accepted } = samples(parameter.schema);
        const url = (value: string) => `${path}?${encodeURIComponent(parameter.name)}=${encodeURIComponent(value)}`;
        for (const [kind, value] of refused) {
          const response = await admin.get(url(value));
          expect(response.statusCode, `${path} ${parameter.name} ${kind} ${value}`).toBe(422);
          checked += 1;
        }
        if (accepted !== undefined) {
          const response = await admin.get(url(accepted));
          expect(response.statusCode, `${path} ${parameter.name}=${accepted}: ${response.body}`).toBe(200);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('the anti-fraud settings', () => {
  it('accept each setting from its documented minimum to its maximum, and nothing beyond', async () => {
    const document = await innerDocument();
    const body = document.paths['/api/inner/anti_fraud/settings/']?.put?.requestBody?.content['application/json'];
    const settings = Object.entries(body?.schema.properties ?? {});
    expect(settings).toHaveLength(5);
    const before = (await admin.get('/api/inner/anti_fraud/settings/')).json().data;
    const put = (rule: string, value: string) =>
      admin.request('PUT', '/api/inner/anti_fraud/settings/', { [rule]: value });
    try {
      for (const [rule, schema] of settings) {
        const min = schema['x-minimum'] as number;
        const max = schema['x-maximum'] as number;
        for (const value of [String(min), String(max), '']) {
          expect((await put(rule, value)).statusCode, `${rule}=${value}`).toBe(200);
          expect(new RegExp(schema.pattern as string, 'u').test(value)).toBe(true);
        }
        for (const value of [String(min - 1), String(max + 1), '1.5', 'many']) {
          expect((await put(rule, value)).statusCode, `${rule}=${value}`).toBe(422);
        }
        expect(new RegExp(schema.pattern as string, 'u').test('1.5')).toBe(false);
      }
    } finally {
      await admin.request('PUT', '/api/inner/anti_fraud/settings/', before);
    }
  });
});

describe('the Idempotency-Key', () => {
  it('is refused beyond its documented length and charset, and accepted within them', async () => {
    const document = (await ctx.app.inject('/api/v1/openapi.json')).json() as Document;
    const header = document.paths['/api/v1/orders']?.post?.parameters?.find(
      (parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key',
    );
    const { maxLength, pattern } = header?.schema ?? {};
    expect(maxLength).toBe(200);
    const matches = new RegExp(pattern as string, 'u');
    const api = world.merchant.api;
    for (const key of ['k'.repeat((maxLength as number) + 1), 'with space', 'ключ']) {
      const response = await api.post('/api/v1/orders', payIn('1000'), { idempotencyKey: key });
      expect(response.statusCode, key).toBe(422);
      expect(response.json().error.code).toBe('idempotency_key_required');
      expect(key.length > (maxLength as number) || !matches.test(key)).toBe(true);
    }
    const longest = `~${'k'.repeat((maxLength as number) - 1)}`;
    expect(matches.test(longest)).toBe(true);
    const accepted = await api.post('/api/v1/orders', payIn('1000'), { idempotencyKey: longest });
    expect(accepted.statusCode, accepted.body).toBe(201);
    await api.post(`/api/v1/orders/${accepted.json().data.guid}/cancel`);
  });
});

describe('body limits', () => {
  /** A JSON body of exactly `bytes` bytes. */
  const bodyOf = (bytes: number) => {
    const frame = JSON.stringify({ padding: '' });
    return JSON.stringify({ padding: 'a'.repeat(bytes - frame.length) });
  };

  it('are declared on every operation that takes a body, and held there', async () => {
    const inner = await innerDocument();
    const v1 = (await ctx.app.inject('/api/v1/openapi.json')).json() as Document;
    const device = (await ctx.app.inject('/api/device/v1/openapi.json')).json() as Document;
    for (const document of [inner, v1, device]) {
      for (const [path, operations] of Object.entries(document.paths)) {
        for (const method of ['post', 'put', 'patch']) {
          const operation = operations[method];
          if (operation) expect(operation['x-body-limit'], `${method} ${path}`).toBeGreaterThan(0);
        }
      }
    }
    const limitOf = (document: Document, path: string) => document.paths[path]?.post?.['x-body-limit'] as number;
    // The inner API's shared limit, on a route that reads JSON.
    const innerLimit = limitOf(inner, '/api/inner/requisite');
    const inject = (url: string, bytes: number) =>
      ctx.app
        .inject({
          method: 'POST',
          url,
          headers: {
            cookie: admin.cookieHeader,
            'x-xsrf-token': admin.cookie(xsrfCookie) ?? '',
            'content-type': 'application/json',
          },
          payload: bodyOf(bytes),
        })
        .then((response) => response.json());
    expect(JSON.stringify(await inject('/api/inner/requisite', innerLimit + 1))).toContain(tooLarge);
    expect(JSON.stringify(await inject('/api/inner/requisite', innerLimit))).not.toContain(tooLarge);
    // The merchant API's own, smaller limit.
    const apiLimit = limitOf(v1, '/api/v1/orders');
    expect(apiLimit).toBeLessThan(innerLimit);
    const api = world.merchant.api;
    const signed = async (bytes: number) => {
      const body = bodyOf(bytes);
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: {
          ...api.signedHeaders('POST', '/api/v1/orders', body),
          'idempotency-key': `large-${bytes}`,
          'content-type': 'application/json',
        },
        payload: body,
      });
      return response.body;
    };
    expect(await signed(apiLimit + 1)).toContain(tooLarge);
    expect(await signed(apiLimit)).not.toContain(tooLarge);
    // The device API's forwarding link reads any type, up to its own limit.
    const forwardLimit = limitOf(device, '/api/device/v1/forward/{token}');
    const forward = (bytes: number) =>
      ctx.app
        .inject({ method: 'POST', url: '/api/device/v1/forward/nothing', payload: 'a'.repeat(bytes) })
        .then((response) => response.body);
    expect(await forward(forwardLimit + 1)).toContain(tooLarge);
    expect(await forward(forwardLimit)).not.toContain(tooLarge);
  });
});
