/**
 * Measures the JavaScript a first visit to /login loads: every script the page fetched, with its gzip size.
 * Usage: npm run build && node apps/server/dist/main.js &  then  npx tsx bench/first-visit.ts [baseUrl]
 *
 * Checked, and a failed check exits 1 with the reason: /login answered 200 and the page stayed on /login, the sign-in
 * form rendered, every answer of the server was below 400, at least one script loaded, and each script is a file of
 * the build being measured (apps/web/dist).
 */
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:8080';
const dist = new URL('../apps/web/dist', import.meta.url).pathname;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const page = await browser.newPage();
const scripts = new Set<string>();
const failed: string[] = [];
page.on('response', (response) => {
  const url = new URL(response.url());
  if (url.origin !== new URL(baseUrl).origin) return;
  if (response.status() >= 400) failed.push(`${response.status()} ${url.pathname}`);
  if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
});
const fail = (message: string) => {
  console.error(`CHECK FAILED: ${message}`);
  process.exit(1);
};
const answer = await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
const landed = new URL(page.url()).pathname;
const forms = await page.locator('input[type="password"]').count();
await browser.close();
if (answer?.status() !== 200) fail(`/login answered ${answer?.status()}`);
if (landed !== '/login') fail(`the page ended on ${landed}, not /login`);
if (forms === 0) fail('/login shows no password field: the sign-in form did not render');
if (failed.length > 0) fail(`the server answered ${failed.join(', ')}`);
if (scripts.size === 0) fail('the page loaded no script');
const missing = [...scripts].filter((path) => !existsSync(`${dist}${path}`));
if (missing.length > 0) fail(`scripts not in ${dist} (another build served?): ${missing.join(', ')}`);

let rawTotal = 0;
let gzipTotal = 0;
for (const path of [...scripts].sort()) {
  const content = readFileSync(`${dist}${path}`);
  const gzipped = gzipSync(content, { level: 9 }).length;
  rawTotal += content.length;
  gzipTotal += gzipped;
  console.log(
    `${path.padEnd(56)} ${(content.length / 1024).toFixed(1).padStart(8)} KB  gzip ${(gzipped / 1024).toFixed(1).padStart(7)} KB`,
  );
}
console.log(
  `${scripts.size} scripts: ${(rawTotal / 1024).toFixed(1)} KB raw, ${(gzipTotal / 1024).toFixed(1)} KB gzipped`,
);
