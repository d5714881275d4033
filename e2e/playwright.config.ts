import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { serverEnv } from './serverEnv';

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
    env: serverEnv(port, dataDir),
  },
});
