import { resolve } from 'node:path';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createFirstAdmin } from './modules/users/first-admin';

/** Operator commands. `create-admin [username]` creates the first admin and prints a one-time password. */
const [command, username = 'root'] = process.argv.slice(2);
if (command !== 'create-admin') {
  process.stderr.write('usage: cli create-admin [username]\n');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: resolve(config.DATA_DIR) });
try {
  await database.migrate();
  const password = await createFirstAdmin(database.db, username);
  process.stdout.write(
    `Admin "${username}" created.\nOne-time password: ${password}\nSign in and change it on the settings page.\n`,
  );
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
