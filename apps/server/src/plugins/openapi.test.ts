import { readFileSync } from 'node:fs';
import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createUser, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** The document as a signed-in user gets it at /api/inner/openapi.json. */
async function served() {
  const user = await createUser(ctx.database, { type: 'merchant' });
  const browser = await new Client(ctx.app).signIn(user.username);
  const response = await browser.get('/api/inner/openapi.json');
  expect(response.statusCode).toBe(200);
  return response.json() as {
    openapi: string;
    paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>>;
    components: { schemas: Record<string, unknown> };
  };
}

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const document = await served();
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors, JSON.stringify(result, null, 1).slice(0, 2000)).toEqual([]);
  });

  it('documents every API route, each status with a schema of its own, never a range', async () => {
    const document = await served();
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const routes = ctx.app.guardedRoutes.filter((route) => !route.hidden && route.url.startsWith('/api/inner/'));
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
      expect(documented.has(`${route.method} ${path}`), `${route.method} ${path}`).toBe(true);
    }
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses);
        expect(
          statuses.every((status) => /^\d{3}$/.test(status)),
          `${method} ${path}: ${statuses}`,
        ).toBe(true);
        expect(
          statuses.some((status) => status.startsWith('2')),
          `${method} ${path}`,
        ).toBe(true);
        for (const status of statuses.filter((code) => code !== '204')) {
          expect(operation.responses[status]?.content, `${method} ${path} ${status}`).toBeDefined();
        }
      }
    }
  });

  it('documents the merchant and executor API in a valid document of its own, served to anyone', async () => {
    const response = await ctx.app.inject('/api/v1/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, Record<string, unknown>>; components: unknown };
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        'GET /api/v1/balance',
        'GET /api/v1/executor/orders',
        'GET /api/v1/orders',
        'GET /api/v1/orders/{guid}',
        'POST /api/v1/executor/orders/{guid}/paid',
        'POST /api/v1/executor/orders/{guid}/take',
        'POST /api/v1/orders',
        'POST /api/v1/orders/{guid}/cancel',
        'POST /api/v1/orders/{guid}/confirm',
        'POST /api/v1/orders/{guid}/dispute',
      ].sort(),
    );
    expect(JSON.stringify(document)).not.toContain('/api/inner/');
  });

  it('documents the device API in a valid document of its own, served to anyone', async () => {
    const response = await ctx.app.inject('/api/device/v1/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, Record<string, unknown>> };
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        'POST /api/device/v1/forward/{token}',
        'POST /api/device/v1/heartbeat',
        'POST /api/device/v1/notifications',
        'POST /api/device/v1/pair',
      ].sort(),
    );
    expect(JSON.stringify(document)).not.toContain('/api/inner/');
  });

  it('is the document the generated API client was made from', async () => {
    const document = (await ctx.app.inject('/api/v1/openapi.json')).json();
    const committed = JSON.parse(
      readFileSync(new URL('../../../../packages/api-client/openapi.json', import.meta.url), 'utf8'),
    );
    expect(document, 'run `npm run generate --workspace packages/api-client` and commit the result').toEqual(committed);
  });

  it('gives every operation of the three documents a summary written beside its route', async () => {
    const documents = [
      await served(),
      (await ctx.app.inject('/api/v1/openapi.json')).json(),
      (await ctx.app.inject('/api/device/v1/openapi.json')).json(),
    ] as { paths: Record<string, Record<string, { summary?: string }>> }[];
    const unsummarized = documents.flatMap((document) =>
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([, operation]) => !operation.summary || operation.summary.includes('/'))
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      ),
    );
    expect(unsummarized).toEqual([]);
  });

  it('refers to the shared entities once, and is refused to a signed-out caller', async () => {
    const document = await served();
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['ErrorEnvelope', 'CurrentUser', 'User', 'Payment', 'Wallet']),
    );
    expect((await ctx.app.inject('/api/inner/openapi.json')).statusCode).toBe(401);
  });
});
