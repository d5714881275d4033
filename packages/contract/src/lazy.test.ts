import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildSchema, lazySchema } from './lazy';

const browser = globalThis as { window?: unknown };
afterEach(() => {
  delete browser.window;
});

describe('lazySchema', () => {
  it('builds at once outside a browser and hands back the schema itself', () => {
    let builds = 0;
    const built = z.string();
    const schema = lazySchema(() => {
      builds += 1;
      return built;
    });
    expect(builds).toBe(1);
    expect(schema).toBe(built);
  });

  it('in a browser, builds on first use, once, and behaves as the schema it builds', () => {
    browser.window = {};
    let builds = 0;
    const amount = lazySchema(() => {
      builds += 1;
      return z.string().regex(/^\d+$/, { error: 'digits' });
    });
    const fields = lazySchema(() => ({ amount, note: z.string().optional() }));
    const order = lazySchema(() => z.object({ ...fields, id: z.uuid() }));
    expect(builds).toBe(0);

    expect(order.parse({ amount: '12', id: '0190c3a8-7b8e-7f00-8000-000000000001' })).toEqual({
      amount: '12',
      id: '0190c3a8-7b8e-7f00-8000-000000000001',
    });
    const refused = order.safeParse({ amount: '1.5', id: 'x' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['amount', 'id']);
    expect(builds).toBe(1);

    expect(order).toBeInstanceOf(z.ZodObject);
    expect(Object.keys(order.shape)).toEqual(['amount', 'note', 'id']);
    expect(
      order.extend({ more: z.number() }).parse({ amount: '1', id: '0190c3a8-7b8e-7f00-8000-000000000001', more: 2 }),
    ).toMatchObject({ more: 2 });
    expect(amount.optional().parse(undefined)).toBeUndefined();
    expect(builds).toBe(1);
  });
});

describe('buildSchema', () => {
  it('in a browser, builds a schema and every lazy schema it is made of without parsing', () => {
    browser.window = {};
    const built: string[] = [];
    const counted = <T extends object>(name: string, build: () => T) =>
      lazySchema(() => {
        built.push(name);
        return build();
      });
    const amount = counted('amount', () => z.string().regex(/^\d+$/));
    const status = counted('status', () => z.enum(['new', 'paid']));
    const item = counted('item', () => z.object({ amount, status: status.optional(), tags: z.array(amount) }));
    const tree = counted('tree', () =>
      z.object({
        items: z.array(item),
        either: z.union([amount, z.number()]),
      }),
    );
    expect(built).toEqual([]);
    buildSchema(tree);
    expect(built.sort()).toEqual(['amount', 'item', 'status', 'tree']);
    expect(tree.parse({ items: [{ amount: '1', tags: [] }], either: 2 })).toMatchObject({ either: 2 });
  });

  it('walks a schema built at once (outside a browser) and a recursive one without end', () => {
    type Node = { next?: Node };
    const node: z.ZodType<Node> = z.object({
      get next() {
        return node.optional();
      },
    });
    const pair = z.object({ left: node, right: z.tuple([node, z.string()]) });
    expect(() => buildSchema(pair)).not.toThrow();
    expect(pair.parse({ left: {}, right: [{ next: {} }, 'x'] })).toEqual({ left: {}, right: [{ next: {} }, 'x'] });
  });
});
