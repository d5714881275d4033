/**
 * Measures the JavaScript a first visit to /login loads: every script the page fetched, with its gzip size.
 * Usage: npm run build && node apps/server/dist/main.js &  then  npx tsx bench/first-visit.ts [baseUrl]
 */
import { readFileSync } from 'node:fs';
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
page.on('response', (response) => {
  const url = new URL(response.url());
  if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
});
await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
await browser.close();

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
