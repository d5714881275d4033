import { isSaneRate } from '@paydesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import type { JobDefinition } from '../jobs/jobs.runner';
import type { ReferenceData } from '../reference/reference.read';
import { rateQuotes } from './flows.table';

export type QuoteRow = typeof rateQuotes.$inferSelect;

/** The rate a flow prices orders at now: its manual rate, or the feed's last rate while it is fresh. */
export interface CurrentRate {
  value: string | null;
  updatedAt: Date | null;
  stale: boolean;
}

/** numeric(30,8) comes back with trailing zeros ("92.50000000"); a rate reads as its shortest decimal text. */
export function rateText(numeric: string): string {
  return numeric.includes('.') ? numeric.replace(/0+$/, '').replace(/\.$/, '') : numeric;
}

export async function quotesOf(db: Executor, source: string): Promise<Map<string, QuoteRow>> {
  const rows = await db.select().from(rateQuotes).where(eq(rateQuotes.source, source));
  return new Map(rows.map((row) => [`${row.fiat}/${row.crypto}`, row]));
}

export async function quoteOf(db: Executor, source: string, fiat: string, crypto: string) {
  const [row] = await db
    .select()
    .from(rateQuotes)
    .where(and(eq(rateQuotes.source, source), eq(rateQuotes.fiat, fiat), eq(rateQuotes.crypto, crypto)))
    .limit(1);
  return row;
}

export function currentRate(
  flow: { rateSource: string; manualRate: string | null; updatedAt: Date },
  quote: QuoteRow | undefined,
  maxAgeSeconds: number,
  now = Date.now(),
): CurrentRate {
  if (flow.rateSource === 'manual') {
    return {
      value: flow.manualRate === null ? null : rateText(flow.manualRate),
      updatedAt: flow.updatedAt,
      stale: false,
    };
  }
  if (!quote) return { value: null, updatedAt: null, stale: true };
  const stale = now - quote.fetchedAt.getTime() > maxAgeSeconds * 1000;
  return { value: stale ? null : rateText(quote.rate), updatedAt: quote.fetchedAt, stale };
}

/** One ticker answer of the exchange: `{ symbol, price }` with the price as a decimal text. */
interface Ticker {
  symbol?: unknown;
  price?: unknown;
}

const requestTimeoutMs = 10_000;

/**
 * The exchange feed (DESIGN §5 rate sources): every crypto/fiat pair of the reference data is read from RATE_FEED_URL
 * (`?symbol=USDTRUB`, Binance's ticker shape) and kept with the time it was read. A pair the exchange does not list,
 * or an answer that is not a positive decimal, is skipped and logged: a wrong rate is worse than none.
 */
export function createRateFeed(deps: {
  db: Db;
  config: Config;
  reference: ReferenceData;
  log: FastifyBaseLogger;
  fetch?: typeof fetch;
}) {
  const { db, config, reference, log } = deps;
  const read = deps.fetch ?? fetch;
  const pairs = () => {
    const all = [...reference.currencies.values()].filter((row) => row.isActive);
    return all
      .filter((row) => row.kind === 'crypto')
      .flatMap((crypto) =>
        all.filter((row) => row.kind === 'fiat').map((fiat) => ({ fiat: fiat.code, crypto: crypto.code })),
      );
  };

  async function quote(pair: { fiat: string; crypto: string }): Promise<string | null> {
    const url = new URL(config.RATE_FEED_URL ?? '');
    url.searchParams.set('symbol', `${pair.crypto}${pair.fiat}`);
    const response = await read(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    if (!response.ok) return null;
    const ticker = (await response.json()) as Ticker;
    if (ticker.symbol !== `${pair.crypto}${pair.fiat}` || typeof ticker.price !== 'string') return null;
    try {
      // A feed's rate meets the bounds of a manual one: a glitch quoting 0.00000001 never prices an order.
      return isSaneRate(ticker.price) ? ticker.price : null;
    } catch {
      return null;
    }
  }

  /** Reads every pair once; returns how many rates were kept. */
  async function pollOnce(): Promise<number> {
    let kept = 0;
    for (const pair of pairs()) {
      try {
        const price = await quote(pair);
        if (price === null) {
          log.warn({ pair }, 'the rate feed has no usable rate for this pair');
          continue;
        }
        await db
          .insert(rateQuotes)
          .values({
            source: 'feed',
            fiat: pair.fiat,
            crypto: pair.crypto,
            rate: price,
            fetchedAt: new Date(),
            raw: { price },
          })
          .onConflictDoUpdate({
            target: [rateQuotes.source, rateQuotes.fiat, rateQuotes.crypto],
            set: { rate: sql`excluded.rate`, fetchedAt: sql`excluded.fetched_at`, raw: sql`excluded.raw` },
          });
        kept += 1;
      } catch (error) {
        log.warn({ err: error, pair }, 'reading the rate feed failed; the last rate stands until it is stale');
      }
    }
    return kept;
  }

  return { pollOnce, job: { run: async () => void (await pollOnce()) } satisfies JobDefinition };
}
