import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy';

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
