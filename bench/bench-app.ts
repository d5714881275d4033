import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { testSecretsKey } from '../apps/server/test/harness';
import { recreate, urlOf } from './support';

/**
 * A bench's own PostgreSQL database, made anew and migrated, and the whole server on it with its logs off; `bulk` is a
 * second pool on it without the server's statement timeout, for the fills, VACUUM and checks that read every row (a
 * million rows on a busy machine take longer than any request may). Close both.
 */
export async function benchApp(databaseName: string) {
  await recreate(databaseName);
  const database = await openDatabase({ databaseUrl: urlOf(databaseName), dataDir: 'unused' });
  await database.migrate();
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: urlOf(databaseName), SECRETS_KEY: testSecretsKey });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const bulk = await openDatabase({
    databaseUrl: urlOf(databaseName),
    dataDir: 'unused',
    timeouts: { statementMs: 0, idleInTransactionMs: 0 },
  });
  return { database, app, bulk };
}
