import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Journeys run in Debian's Chromium (never a downloaded browser) against the production build served by the
 * server, on a fresh embedded database seeded with the demo platform.
 */
const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-e2e-'));

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Guards against a hang, never budgets: a journey waits for what the user would see (Playwright's auto-waiting), so
  // a busy machine makes it slower, not red.
  timeout: 600_000,
  expect: { timeout: 60_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node ../apps/server/dist/main.js',
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 600_000,
    reuseExistingServer: false,
    // No random demo deposits: trader2's insurance must stay unpaid until a journey pays it on purpose. Orders live
    // three hours: a spec's open orders (the axe walks' pay-in on /active) must outlast the spec on a slow machine,
    // where the default 15 minutes ran out mid-walk and emptied /active.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOGIN_MAX_FAILURES: '5',
      DEMO_DEPOSIT_SECONDS: '0',
      DEMO_ORDER_SECONDS: '0',
      DEMO_SEND_SECONDS: '2',
      ORDER_PAY_IN_TTL_SECONDS: '10800',
      ORDER_PAY_OUT_TTL_SECONDS: '10800',
    },
  },
});
