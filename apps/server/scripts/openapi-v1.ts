/**
 * Writes the merchant and executor API's OpenAPI document (DESIGN §9) to a file, as the server serves it at
 * /api/v1/openapi.json, from an app on an empty embedded database. `packages/api-client` generates its types from it.
 *
 *   tsx apps/server/scripts/openapi-v1.ts <output.json>
 */
import { writeFileSync } from 'node:fs';
import { openapiApp } from './openapi-app';

const output = process.argv[2];
if (!output) throw new Error('usage: openapi-v1.ts <output.json>');
const { app, close } = await openapiApp();
const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
writeFileSync(output, `${JSON.stringify(document, null, 2)}\n`);
await close();
