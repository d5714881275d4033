import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { testSecretsKey } from '../apps/server/test/harness';
import { recreate, urlOf } from './support';

/** A bench's own PostgreSQL database, made anew and migrated, and the whole server on it with its logs off. */
export async function benchApp(databaseName: string) {
  await recreate(databaseName);
  const database = await openDatabase({ databaseUrl: urlOf(databaseName), dataDir: 'unused' });
  await database.migrate();
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: urlOf(databaseName), SECRETS_KEY: testSecretsKey });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return { database, app };
}
