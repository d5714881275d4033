import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';

/** An app on an empty embedded database, to read the OpenAPI documents it serves; close it when done. */
export async function openapiApp() {
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
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
