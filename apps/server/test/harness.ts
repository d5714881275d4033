import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseAmount, type Reconciliation, USDT, type UserType, xsrfCookie } from '@paydesk/contract';
import { HDKey } from '@scure/bip32';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { type App, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import type { DatabaseTimeouts } from '../src/db/pool';
import { newId, randomToken } from '../src/lib/ids';
import { hashPassword } from '../src/lib/passwords';
import { randomTxHash } from '../src/lib/tron';
import { signRequest } from '../src/modules/api/api.auth';
import { reconcileLedger } from '../src/modules/ledger/ledger.reconcile';
import { creditDeposit } from '../src/modules/payments/deposits';
import { insertUser } from '../src/modules/users/users.repository';

/**
 * A migrated database of its own for one test file: an in-memory PGlite instance, or, when DATABASE_URL is set,
 * a fresh PostgreSQL database created for the file and dropped after it. Closing it first reconciles the ledger:
 * whatever the file did, no money was created or lost, or the file fails.
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const database = await openMigratedDatabase();
  return {
    ...database,
    async close() {
      const report = await reconcileLedger(database.db).catch((error: unknown) => error);
      await database.close();
      if (report instanceof Error) throw report;
      if (!(report as Reconciliation).ok) {
        throw new Error(`the ledger does not reconcile after this file: ${JSON.stringify(report)}`);
      }
    },
  };
}

/**
 * What every embedded test database of this worker starts from, read and compiled once: the migrated template's dump
 * (global-setup.ts), and PGlite's WebAssembly modules and file bundle (compiling them cost a quarter of a start).
 */
let pgliteStart: Promise<NonNullable<Parameters<typeof openDatabase>[0]['pglite']>> | undefined;
function pgliteStartOptions() {
  pgliteStart ??= (async () => {
    const template = inject('pgliteTemplate');
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const file = (name: string) => readFileSync(join(dist, name));
    // Node's global WebAssembly, which the server's TypeScript library does not declare as a value.
    const { compile } = (
      globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }
    ).WebAssembly;
    return {
      ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
      pgliteWasmModule: await compile(file('pglite.wasm')),
      initdbWasmModule: await compile(file('initdb.wasm')),
      fsBundle: new Blob([file('pglite.data')]),
    };
  })();
  return pgliteStart;
}

/**
 * A test's PostgreSQL database waits as long as the test may run (10 minutes): tests check what happens, not how fast,
 * and on a loaded machine production's bounds (5 s for a pooled connection or a row lock) turn a queue of parallel
 * requests into 503s. The tests of those bounds open databases with their own (database-faults, silent-database).
 */
const patientTimeouts: DatabaseTimeouts = {
  connectMs: 600_000,
  statementMs: 600_000,
  lockMs: 600_000,
  idleInTransactionMs: 600_000,
};

async function openMigratedDatabase(): Promise<Database & { url?: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: 'memory://', pglite: await pgliteStartOptions() });
    await database.migrate();
    return database;
  }
  const name = `paydesk_test_${randomToken(6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const fileUrl = new URL(url);
  fileUrl.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: fileUrl.toString(),
    dataDir: 'unused',
    timeouts: patientTimeouts,
  });
  await database.migrate();
  return {
    ...database,
    url: fileUrl.toString(),
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export const testPassword = 'correct-horse';

/** The key test apps seal secrets with (32 bytes in base64, as SECRETS_KEY has it). */
export const testSecretsKey = Buffer.alloc(32, 7).toString('base64');

/** The account-level extended public key of BIP-32 test vector 1: test apps derive deposit addresses from it. */
export const testXpub = HDKey.fromMasterSeed(Uint8Array.from({ length: 16 }, (_, index) => index)).derive(
  "m/44'/195'/0'",
).publicExtendedKey;

/** A valid TRON address outside the platform (the address of private key 1), for withdrawals. */
export const externalAddress = 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC';

/** The user's deposit address, issued on first need. */
export async function depositAddressOf(app: App, userId: string): Promise<string> {
  const [row] = (await app.wallets.addressesFor(app.db, userId)).slice(-1);
  if (!row) throw new Error('no deposit address');
  return row.address;
}

/** Credits a deposit of `amount` USDT to the user, as a confirmed on-chain transfer would. */
export async function fund(app: App, userId: string, amount: string, txHash = randomTxHash()) {
  return creditDeposit(app.db, {
    txHash,
    address: await depositAddressOf(app, userId),
    amountMinor: parseAmount(amount, USDT.ratio_fraction),
    source: 'admin',
    actorId: null,
  });
}

export interface TestContext {
  app: App;
  /** `url` is set on PostgreSQL: other processes can open the same database. */
  database: Database & { url?: string };
  config: Config;
  close(): Promise<void>;
}

/**
 * A test app on a database of its own. Demo mode is off unless `overrides.demo` turns it on, on either database, so
 * the suite behaves the same on PGlite and PostgreSQL.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  beforeReady?: (app: App) => void,
  overrides: Partial<Config> = {},
  /** Paydesk's own logger at LOG_LEVEL, writing here (the tests of what is logged); without it, no logger. */
  logStream?: DestinationStream,
): Promise<TestContext> {
  const database = await openTestDatabase();
  // Uploaded files go to a directory of this app's own, removed with it.
  const filesDir = mkdtempSync(join(tmpdir(), 'paydesk-files-'));
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      FILES_DIR: filesDir,
      LOG_LEVEL: 'silent',
      DEMO: 'false',
      DEPOSIT_XPUB: testXpub,
      SECRETS_KEY: testSecretsKey,
      ...env,
    }),
    ...overrides,
  };
  const app = await buildApp({ config, database, ...(logStream ? { logStream } : { logger: false }) });
  try {
    beforeReady?.(app);
    await app.ready();
  } catch (error) {
    await database.close();
    throw error;
  }
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

let passwordHash: Promise<string> | undefined;

export interface TestUserOptions {
  type: UserType;
  roles?: string[];
  isRoot?: boolean;
  insurancePaid?: boolean;
  isActive?: boolean;
  isBlocked?: boolean;
  username?: string;
}

/** Inserts a user with `testPassword`; usernames are unique so tests never collide. */
export async function createUser(database: Database, options: TestUserOptions) {
  passwordHash ??= hashPassword(testPassword);
  const username = options.username ?? `${options.type}-${randomToken(5)}`;
  return insertUser(
    database.db,
    {
      id: newId(),
      username,
      type: options.type,
      roles: options.roles ?? [],
      isRoot: options.isRoot ?? false,
      passwordHash: await passwordHash,
      isActive: options.isActive ?? true,
      isBlocked: options.isBlocked ?? false,
    },
    { insurancePaid: options.insurancePaid ?? true },
  );
}

/** A browser-like client: keeps cookies and echoes the XSRF token like the web app does. */
export class Client {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: App,
    private readonly headers: Record<string, string> = {},
    /** The address the requests come from (Fastify's inject: 127.0.0.1 unless set). */
    private readonly remoteAddress?: string,
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) {
    const xsrf = this.cookies.get(xsrfCookie);
    const response = await this.app.inject({
      method,
      url,
      ...(this.remoteAddress === undefined ? {} : { remoteAddress: this.remoteAddress }),
      headers: {
        ...this.headers,
        ...(this.cookies.size > 0 ? { cookie: this.cookieHeader } : {}),
        ...(method !== 'GET' && xsrf ? { 'x-xsrf-token': xsrf } : {}),
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    for (const cookie of response.cookies) {
      const expired = cookie.expires !== undefined && cookie.expires.getTime() < Date.now();
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown) => this.request('POST', url, body ?? {});

  async csrf() {
    await this.get('/api/inner/csrf-cookie');
    return this;
  }

  async signIn(username: string, password = testPassword) {
    await this.csrf();
    const response = await this.post('/api/inner/login', { username, password });
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
    return this;
  }
}

/**
 * A merchant's or executor's client of the signed API (DESIGN §9): signs every request with its key and secret, and
 * sends an Idempotency-Key with every POST (a fresh one unless the test gives one).
 */
export class ApiClient {
  constructor(
    private readonly app: App,
    readonly apiKey: string,
    private readonly secret: string,
  ) {}

  async request(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    options: {
      idempotencyKey?: string | null;
      timestamp?: number;
      secret?: string;
      headers?: Record<string, string>;
    } = {},
  ) {
    const raw = body === undefined ? '' : JSON.stringify(body);
    const key = options.idempotencyKey === undefined ? randomToken(12) : options.idempotencyKey;
    return this.app.inject({
      method,
      url,
      headers: {
        ...this.signedHeaders(method, url, raw, options),
        ...(method === 'POST' && key !== null ? { 'idempotency-key': key } : {}),
        ...options.headers,
      },
      ...(raw ? { payload: raw } : {}),
    });
  }

  /** The key, timestamp and signature headers of a request, signed as DESIGN §9 says. */
  signedHeaders(
    method: string,
    url: string,
    raw = '',
    options: { timestamp?: number; secret?: string } = {},
  ): Record<string, string> {
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    return {
      'x-api-key': this.apiKey,
      'x-timestamp': timestamp,
      'x-signature': signRequest(options.secret ?? this.secret, timestamp, method, url, raw),
      ...(raw ? { 'content-type': 'application/json' } : {}),
    };
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown, options?: Parameters<ApiClient['request']>[3]) =>
    this.request('POST', url, body, options);

  /** Issues the user's API key and secret through the settings call, as its owner would. */
  static async of(app: App, username: string): Promise<ApiClient> {
    const browser = await new Client(app).signIn(username);
    const issued = (await browser.post('/api/inner/user/secret_key')).json().data as {
      api_key: string;
      secret_key: string;
    };
    return new ApiClient(app, issued.api_key, issued.secret_key);
  }
}

/**
 * Runs `request` as if its process died right after its change committed: every transaction of `app` that commits
 * throws once committed, so nothing after the commit (its answer, anything saved after it) happens.
 */
export async function crashingAfterCommit<T>(app: App, request: () => Promise<T>): Promise<T> {
  const db = app.db;
  const transaction = db.transaction;
  db.transaction = (async (...args: Parameters<typeof transaction>) => {
    await transaction.apply(db, args);
    throw new Error('the process died after its commit');
  }) as typeof transaction;
  try {
    return await request();
  } finally {
    db.transaction = transaction;
  }
}
