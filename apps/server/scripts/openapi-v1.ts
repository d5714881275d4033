/**
 * Writes the merchant and executor API's OpenAPI document (DESIGN §9) to a file, as the server serves it at
 * /api/v1/openapi.json, from an app on an empty embedded database. `packages/api-client` generates its types from it.
 *
 *   tsx apps/server/scripts/openapi-v1.ts <output.json>
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';

const output = process.argv[2];
if (!output) throw new Error('usage: openapi-v1.ts <output.json>');
const database = await openDatabase({ dataDir: 'memory://' });
await database.migrate();
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DEMO: 'false',
  SECRETS_KEY: randomBytes(32).toString('base64'),
});
const app = await buildApp({ config, database, logger: false });
await app.ready();
const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
writeFileSync(output, `${JSON.stringify(document, null, 2)}\n`);
await app.close();
await database.close();
