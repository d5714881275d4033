import { isIP } from 'node:net';
import { AmountFormatError, parseAmount, USDT } from '@paydesk/contract';
import { z } from 'zod';
import { parseSecretsKey } from './lib/secrets';
import { depositKeyOf, isTronAddress } from './lib/tron';

const booleanText = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();

/** An empty variable (`TRONGRID_URL=`) means the same as an unset one. */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema);

/** An optional text that `read` accepts (it throws on anything else), or the message. */
const readableBy = (read: (value: string) => unknown, message: string, text = z.string()) =>
  text.optional().refine(
    (value) => {
      if (value === undefined) return true;
      try {
        read(value);
        return true;
      } catch {
        return false;
      }
    },
    { message },
  );

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** The interface to listen on: every interface, or only 127.0.0.1 in demo mode (its passwords are published). */
  HOST: unsetWhenEmpty(z.string().min(1).optional()),
  DATABASE_URL: z.string().url().optional(),
  /** PostgreSQL: how long opening a connection (or waiting for a free one) may take before a request is a 503. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** PostgreSQL: the longest one statement may run (statement_timeout); the process stops waiting soon after. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** PostgreSQL: the longest a statement waits for a lock another session holds (lock_timeout); then a 503. */
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /**
   * PostgreSQL: a session left idle inside a transaction this long is ended by the server, and its locks with it
   * (a process that lost its connection mid-transaction, a silent network path).
   */
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where uploaded files (dispute evidence) are kept; `<DATA_DIR>/files` when unset (DESIGN §12). */
  FILES_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Directory of the built web app; empty disables serving it. */
  WEB_DIST_DIR: z.string().optional(),
  SESSION_COOKIE_NAME: z.string().min(1).default('paydesk_session'),
  /** Sessions end after this long without a request. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  /** Sessions end this long after sign-in, however active. */
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
  /**
   * Cookies are Secure on every request that came over https (directly, or through TRUST_PROXY's proxies); `true`
   * marks them Secure on every request (a TLS proxy whose X-Forwarded-Proto is not trusted).
   */
  COOKIE_SECURE: booleanText,
  /**
   * Failed sign-ins allowed per account and client address within LOGIN_WINDOW_SECONDS, and per device cookie (a
   * browser that signed in to the account before, DESIGN §3).
   */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  /** Failed sign-ins allowed from one client address, whatever the account, within the window. */
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
  /**
   * Wrong current passwords and two-factor codes a signed-in user's sessions may send whatever the address, within the
   * window (a password change, switching two-factor). Sign-in has no such window: guesses from elsewhere never refuse
   * the owner's correct password there (DESIGN §3).
   */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  /**
   * The public origin payers, phones and browsers reach Paydesk at (`https://pay.example.com`), used for the links
   * Paydesk hands out (forwarding URLs, pairing QRs, payer pages). Unset: the origin each request arrived at (through
   * TRUST_PROXY's proxies). An origin only: no path, query or fragment.
   */
  PUBLIC_URL: unsetWhenEmpty(
    z
      .string()
      .trim()
      .optional()
      .refine((value) => value === undefined || publicOriginOf(value) !== null, {
        message: 'must be an origin such as https://pay.example.com (http or https, no path)',
      })
      .transform((value) => (value === undefined ? undefined : (publicOriginOf(value) ?? undefined))),
  ),
  /** Seeds the demo platform into an empty embedded database. Never applies when DATABASE_URL is set. */
  DEMO: booleanText,
  /**
   * Which proxies in front of Paydesk are trusted to name the client in `X-Forwarded-For`: a number of hops (`1`: the
   * one load balancer), or their addresses and CIDRs separated by commas. `true` means one hop; `false`, `0` or unset
   * trust nobody. A client can always prepend addresses of its own choice, so only the hops given are believed.
   */
  TRUST_PROXY: unsetWhenEmpty(
    z
      .string()
      .trim()
      .optional()
      .transform((value, context): TrustedProxies => {
        const trusted = trustedProxiesOf(value);
        if (trusted === null) {
          context.addIssue({
            code: 'custom',
            message: 'must be a number of proxy hops (1), or proxy addresses and CIDRs separated by commas',
          });
          return false;
        }
        return trusted;
      }),
  ),
  /**
   * Extended public key (xpub…) the users' USDT deposit addresses are derived from. Unset: demo mode makes its own at
   * first start; elsewhere no addresses are issued until it is set.
   */
  DEPOSIT_XPUB: unsetWhenEmpty(
    readableBy(depositKeyOf, 'must be an extended public key (xpub…) without a private part', z.string().trim()),
  ),
  /** Withdrawals above this many USDT wait for an admin even without manual_withdrawal. */
  WITHDRAWAL_AUTO_LIMIT: z
    .string()
    .default('1000')
    .refine(
      (value) => {
        try {
          return parseAmount(value, USDT.ratio_fraction) >= 0n;
        } catch (error) {
          if (error instanceof AmountFormatError) return false;
          throw error;
        }
      },
      { message: 'must be a USDT amount such as 1000 or 250.5' },
    ),
  /** TronGrid (or a compatible node) to watch deposit addresses with; unset turns the watcher off. */
  TRONGRID_URL: unsetWhenEmpty(z.string().url().optional()),
  TRONGRID_API_KEY: unsetWhenEmpty(z.string().min(1).optional()),
  /** The USDT TRC-20 contract; only transfers of this token are credited. */
  TRON_USDT_CONTRACT: z
    .string()
    .default('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')
    .refine(isTronAddress, { message: 'must be a TRON address' }),
  /** How often the watcher reads the deposit addresses. */
  DEPOSIT_POLL_SECONDS: z.coerce.number().int().min(1).default(30),
  /** Demo mode: a simulated deposit to a random demo user this often; 0 turns it off. */
  DEMO_DEPOSIT_SECONDS: z.coerce.number().int().min(0).default(90),
  /** Demo mode: approved withdrawals are "sent" on a simulated chain after this many seconds. */
  DEMO_SEND_SECONDS: z.coerce.number().int().min(1).default(5),
  /** Demo mode: the demo merchant creates an order this often, in seconds (0: no demo traffic). */
  DEMO_ORDER_SECONDS: z.coerce.number().int().min(0).default(20),
  /**
   * 32 random bytes in base64 that seal API secrets, two-factor secrets and notification keys at rest (DESIGN §9).
   * Demo mode makes one in the data directory; any other start refuses without it.
   */
  SECRETS_KEY: unsetWhenEmpty(
    readableBy(parseSecretsKey, 'must be 32 random bytes in base64 (openssl rand -base64 32)'),
  ),
  /** Lets webhooks go to loopback and private addresses (DESIGN §10); demo mode sets it. Never in production. */
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: booleanText,
  /** How often each process looks for due jobs when no notification woke it (DESIGN §14). */
  JOB_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  /** Jobs one process runs at once. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * An exchange's ticker endpoint in the shape of Binance's `GET /api/v3/ticker/price?symbol=USDTRUB` →
   * `{ "symbol": "USDTRUB", "price": "92.50000000" }`; unset turns the feed rate source off.
   */
  RATE_FEED_URL: unsetWhenEmpty(z.string().url().optional()),
  /** How often the feed's rates are read. */
  RATE_FEED_POLL_SECONDS: z.coerce.number().int().min(5).default(60),
  /** A feed rate older than this is stale and never used for pricing. */
  RATE_MAX_AGE_SECONDS: z.coerce.number().int().min(10).default(300),
  /** A pay-in not paid this long after it was given out (or after the payer's report) is canceled. */
  ORDER_PAY_IN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
  /** A pay-out nobody took this long after it was created is canceled. */
  ORDER_PAY_OUT_TTL_SECONDS: z.coerce.number().int().min(30).default(1800),
  /** Requests per second one API key may make (DESIGN §9); bursts up to twice as many. */
  API_RATE_LIMIT_PER_SECOND: z.coerce.number().int().min(1).default(50),
  /** How often ended sessions and throttling windows are swept away. */
  SESSION_SWEEP_SECONDS: z.coerce.number().int().min(1).default(600),
  /**
   * Turns on `GET /metrics` (DESIGN §18), answered only with `Authorization: Bearer <METRICS_TOKEN>`; unset: 404.
   */
  METRICS_TOKEN: unsetWhenEmpty(
    z.string().trim().min(16, { message: 'must be at least 16 characters (openssl rand -hex 32)' }).optional(),
  ),
  /**
   * How often each open websocket is checked against its session (signed out, expired, blocked): the fallback, since
   * blocking or switching a user off closes its sockets at once through the database's notification.
   */
  SOCKET_RECHECK_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** An enabled terminal not heard of for this long is `lost_connection` until its next heartbeat (DESIGN §11). */
  DEVICE_HEARTBEAT_TIMEOUT_SECONDS: z.coerce.number().int().min(10).default(120),
});

/** PUBLIC_URL read: its origin (scheme, host and port, no trailing slash), or null when it is not one. */
export function publicOriginOf(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  return (url.protocol === 'https:' || url.protocol === 'http:') && bare ? url.origin : null;
}

/** What Fastify's `trustProxy` takes: nobody, a number of hops, or the proxies' addresses and CIDRs. */
export type TrustedProxies = false | number | string[];

/** TRUST_PROXY read: null when it is neither a hop count nor a list of addresses and CIDRs. */
export function trustedProxiesOf(value: string | undefined): TrustedProxies | null {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') return 1;
  if (/^[0-9]{1,2}$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrCidr) ? entries : null;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

export type Config = z.infer<typeof configSchema> & {
  demo: boolean;
  /** HOST, or 127.0.0.1 in demo mode and every interface elsewhere when it is unset. */
  host: string;
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS, which demo mode turns on unless it is set. */
  allowPrivateNetworks: boolean;
  /** WITHDRAWAL_AUTO_LIMIT in USDT minor units. */
  withdrawalAutoLimitMinor: bigint;
};

/** Parses the environment once; a wrong value stops the process with a readable message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  const demo = config.DATABASE_URL === undefined && config.DEMO !== false;
  return {
    ...config,
    demo,
    host: config.HOST ?? (demo ? '127.0.0.1' : '0.0.0.0'),
    allowPrivateNetworks: config.WEBHOOK_ALLOW_PRIVATE_NETWORKS ?? demo,
    withdrawalAutoLimitMinor: parseAmount(config.WITHDRAWAL_AUTO_LIMIT, USDT.ratio_fraction),
  };
}
