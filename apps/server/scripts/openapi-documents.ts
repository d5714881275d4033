/**
 * Writes the three OpenAPI documents as the server serves them (the web app's /api/inner/, the merchant and executor
 * API's /api/v1/, the device API's /api/device/v1/) into a directory, from an app on an empty embedded database, so
 * `npm run check` can lint them with Redocly.
 *
 *   tsx apps/server/scripts/openapi-documents.ts <directory>
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { xsrfCookie } from '@paydesk/contract';
import { newId } from '../src/lib/ids';
import { hashPassword } from '../src/lib/passwords';
import { insertUser } from '../src/modules/users/users.repository';
import { openapiApp } from './openapi-app';

const directory = process.argv[2];
if (!directory) throw new Error('usage: openapi-documents.ts <directory>');
mkdirSync(directory, { recursive: true });
const { app, config, database, close } = await openapiApp();

// The inner document is served to a signed-in user.
const password = randomBytes(12).toString('hex');
const username = 'openapi-reader';
await insertUser(database.db, {
  id: newId(),
  username,
  type: 'merchant',
  roles: [],
  isRoot: false,
  passwordHash: await hashPassword(password),
  isActive: true,
  isBlocked: false,
});
const xsrf = 'openapi-documents';
const signIn = await app.inject({
  method: 'POST',
  url: '/api/inner/login',
  headers: { cookie: `${xsrfCookie}=${xsrf}`, 'x-xsrf-token': xsrf },
  payload: { username, password },
});
const session = signIn.cookies.find((cookie) => cookie.name === config.SESSION_COOKIE_NAME)?.value;
if (!session) throw new Error(`could not sign in to read the inner document: ${signIn.statusCode}`);

for (const [name, url, cookie] of [
  ['inner', '/api/inner/openapi.json', `${config.SESSION_COOKIE_NAME}=${session}`],
  ['v1', '/api/v1/openapi.json', ''],
  ['device', '/api/device/v1/openapi.json', ''],
] as const) {
  const response = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
  writeFileSync(join(directory, `${name}.json`), `${JSON.stringify(response.json(), null, 2)}\n`);
}
await close();
