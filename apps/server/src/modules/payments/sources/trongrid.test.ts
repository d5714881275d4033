import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, depositAddressOf, type TestContext } from '../../../../test/harness';
import { randomTxHash } from '../../../lib/tron';
import { ensureRecurring } from '../../jobs/jobs.queue';
import { jobs } from '../../jobs/jobs.table';
import { balancesOf } from '../../ledger/ledger.read';
import { reconcileLedger } from '../../ledger/ledger.reconcile';
import { traderProfiles } from '../../users/users.table';
import { createTronGridWatcher, type Trc20Transfer } from './trongrid';

/**
 * A local stand-in for TronGrid's `GET /v1/accounts/{address}/transactions/trc20`, answering in its response shape:
 * `{ data: [...], success: true, meta: { at, page_size, fingerprint?, links?: { next } } }`. It honours the filters
 * the watcher sends (only_to, only_confirmed, contract_address, min_timestamp, order_by, limit, fingerprint).
 */
interface ChainTransfer extends Trc20Transfer {
  confirmed: boolean;
}

const usdtContract = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const fakeToken = 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj';
const sender = 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC';

class FakeTronGrid {
  readonly transfers: ChainTransfer[] = [];
  readonly requests: { path: string; query: URLSearchParams; apiKey: string | undefined }[] = [];
  failing = new Set<string>();
  private server: Server | null = null;
  private clock = 1_700_000_000_000;

  async start(): Promise<string> {
    const server = createServer((request, response) => {
      const body = this.answer(request);
      response.writeHead(body.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body.json));
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  stop() {
    return new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  send(to: string, usdt: number, options: { confirmed?: boolean; token?: string; from?: string } = {}) {
    this.clock += 3000;
    const transfer: ChainTransfer = {
      transaction_id: randomTxHash(),
      token_info: { symbol: 'USDT', address: options.token ?? usdtContract, decimals: 6, name: 'Tether USD' },
      block_timestamp: this.clock,
      from: options.from ?? sender,
      to,
      type: 'Transfer',
      value: String(BigInt(Math.round(usdt * 100)) * 10_000n),
      confirmed: options.confirmed ?? true,
    };
    this.transfers.push(transfer);
    return transfer;
  }

  private answer(request: IncomingMessage): { status: number; json: unknown } {
    const url = new URL(request.url ?? '/', 'http://fake');
    const match = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/.exec(url.pathname);
    const apiKey = request.headers['tron-pro-api-key'];
    this.requests.push({
      path: url.pathname,
      query: url.searchParams,
      apiKey: Array.isArray(apiKey) ? apiKey[0] : apiKey,
    });
    if (!match?.[1]) return { status: 404, json: { success: false, error: 'not found' } };
    const address = match[1];
    if (this.failing.has(address)) return { status: 503, json: { success: false, error: 'busy' } };
    const query = url.searchParams;
    const minTimestamp = Number(query.get('min_timestamp') ?? 0);
    const limit = Math.min(200, Number(query.get('limit') ?? 20));
    const matching = this.transfers
      .filter((transfer) => transfer.to === address || (query.get('only_to') !== 'true' && transfer.from === address))
      .filter((transfer) => query.get('only_confirmed') !== 'true' || transfer.confirmed)
      .filter(
        (transfer) => !query.get('contract_address') || transfer.token_info?.address === query.get('contract_address'),
      )
      .filter((transfer) => (transfer.block_timestamp ?? 0) >= minTimestamp)
      .sort((a, b) => (a.block_timestamp ?? 0) - (b.block_timestamp ?? 0));
    if (query.get('order_by') !== 'block_timestamp,asc') matching.reverse();
    const start = Number(query.get('fingerprint') ?? 0);
    const page = matching.slice(start, start + limit).map(({ confirmed: _confirmed, ...transfer }) => transfer);
    const more = start + limit < matching.length;
    return {
      status: 200,
      json: {
        data: page,
        success: true,
        meta: {
          at: Date.now(),
          page_size: page.length,
          ...(more
            ? {
                fingerprint: String(start + limit),
                links: { next: `http://fake${url.pathname}?fingerprint=${start + limit}` },
              }
            : {}),
        },
      },
    };
  }
}

let ctx: TestContext;
let chain: FakeTronGrid;
let source: ReturnType<typeof createTronGridWatcher>;
let merchant: { id: string; address: string };
let trader: { id: string; address: string };

beforeAll(async () => {
  chain = new FakeTronGrid();
  const url = await chain.start();
  ctx = await createTestApp({ TRONGRID_URL: url, TRONGRID_API_KEY: 'grid-key', DEPOSIT_POLL_SECONDS: '1' });
  const merchantUser = await createUser(ctx.database, { type: 'merchant' });
  const traderUser = await createUser(ctx.database, { type: 'trader', insurancePaid: false });
  await ctx.database.db
    .update(traderProfiles)
    .set({ insuranceAmountMinor: 100_000_000n })
    .where(eq(traderProfiles.userId, traderUser.id));
  merchant = { id: merchantUser.id, address: await depositAddressOf(ctx.app, merchantUser.id) };
  trader = { id: traderUser.id, address: await depositAddressOf(ctx.app, traderUser.id) };
  source = watcher();
});
afterAll(async () => {
  await ctx.close();
  await chain.stop();
});

/**
 * The fake TronGrid answers from this process, which the embedded database shares: while it credits two hundred
 * deposits a busy machine can hold a fake answer past the production timeout, so the test's watcher waits longer.
 */
const watcher = () =>
  createTronGridWatcher({ db: ctx.app.db, config: ctx.config, log: ctx.app.log, requestTimeoutMs: 600_000 });
const available = async (userId: string) => (await balancesOf(ctx.app.db, [userId], 'USDT')).get(userId)?.available;

describe('TronGrid deposit watcher', () => {
  it('credits confirmed USDT transfers to the addresses once, across pages, and ignores everything else', async () => {
    for (let index = 0; index < 201; index++) chain.send(merchant.address, 1);
    chain.send(merchant.address, 50, { token: fakeToken }); // a token that calls itself USDT
    chain.send(merchant.address, 70, { confirmed: false }); // not confirmed yet
    chain.send(sender, 9, { from: merchant.address }); // outgoing
    chain.send(trader.address, 120);

    const report = await source.pollOnce();
    expect(report).toMatchObject({ addresses: 2, credited: 202, failed: 0 });
    expect(await available(merchant.id)).toBe(201_000_000n);
    // The trader's first 100 USDT went to its insurance, which is now paid.
    expect(await available(trader.id)).toBe(20_000_000n);
    const [profile] = await ctx.app.db.select().from(traderProfiles).where(eq(traderProfiles.userId, trader.id));
    expect(profile?.insurancePaid).toBe(true);

    const merchantCalls = chain.requests.filter((call) => call.path.includes(merchant.address));
    expect(merchantCalls).toHaveLength(2);
    expect(merchantCalls[0]?.query.get('only_confirmed')).toBe('true');
    expect(merchantCalls[0]?.query.get('only_to')).toBe('true');
    expect(merchantCalls[0]?.query.get('contract_address')).toBe(usdtContract);
    expect(merchantCalls[1]?.query.get('fingerprint')).toBe('200');
    expect(chain.requests.every((call) => call.apiKey === 'grid-key')).toBe(true);

    // Nothing new: the next round reads from its cursor and credits nothing twice.
    const again = await source.pollOnce();
    expect(again).toMatchObject({ credited: 0, failed: 0 });
    expect(await available(merchant.id)).toBe(201_000_000n);
  });

  it('credits a transfer once it is confirmed, and a new one next round', async () => {
    const pending = chain.transfers.find((transfer) => !transfer.confirmed);
    if (pending) pending.confirmed = true;
    chain.send(merchant.address, 30);
    expect(await source.pollOnce()).toMatchObject({ credited: 2 });
    expect(await available(merchant.id)).toBe(301_000_000n);
  });

  it('keeps going when one address fails, and reads it again next round', async () => {
    chain.failing.add(trader.address);
    chain.send(trader.address, 5);
    chain.send(merchant.address, 4);
    expect(await source.pollOnce()).toMatchObject({ credited: 1, failed: 1 });
    chain.failing.clear();
    expect(await source.pollOnce()).toMatchObject({ credited: 1, failed: 0 });
    expect(await available(trader.id)).toBe(25_000_000n);
    expect((await reconcileLedger(ctx.app.db)).ok).toBe(true);
  });

  it('runs as one recurring job of the job runner, which credits what arrived', async () => {
    chain.send(merchant.address, 6);
    await ensureRecurring(ctx.app.db, 'deposits.poll', 1);
    await ensureRecurring(ctx.app.db, 'deposits.poll', 1);
    const queued = await ctx.app.db.select().from(jobs).where(eq(jobs.kind, 'deposits.poll'));
    expect(queued).toHaveLength(1);
    await ctx.app.jobs.start();
    try {
      await expect.poll(() => available(merchant.id)).toBe(311_000_000n);
    } finally {
      await ctx.app.jobs.stop();
    }
    // Done, it waits for its next run rather than leaving the queue.
    const [after] = await ctx.app.db.select().from(jobs).where(eq(jobs.kind, 'deposits.poll'));
    expect(after).toMatchObject({ status: 'queued', repeatSeconds: 1, attempts: 0 });
  });
});
