import { resolve } from 'node:path';
import { loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { DataDirInUse } from './db/data-dir-lock';
import { reconcileLedger } from './modules/ledger/ledger.module';
import { createFirstAdmin } from './modules/users/users.module';

/**
 * Operator commands:
 * - `create-admin [username]` creates the first admin and prints a one-time password;
 * - `reconcile` recomputes every balance from the ledger's entries, prints the report and exits 1 on any difference.
 */
const [command, username = 'root'] = process.argv.slice(2);
if (command !== 'create-admin' && command !== 'reconcile') {
  process.stderr.write('usage: cli create-admin [username] | cli reconcile\n');
  process.exit(2);
}
let database: Database;
try {
  const config = loadConfig();
  database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: resolve(config.DATA_DIR) });
} catch (error) {
  // One line an operator acts on, no stack: the running server holds the embedded database, or the settings are wrong.
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(
    error instanceof DataDirInUse
      ? `${command} cannot run: the server (pid ${error.pid}) has the embedded database in ${error.dataDir} open. Stop the server first (Ctrl-C where it runs, or kill -TERM ${error.pid}), then run this command again.\n`
      : `${command} cannot run: ${message}\n`,
  );
  process.exit(1);
}
try {
  await database.migrate();
  if (command === 'create-admin') {
    const password = await createFirstAdmin(database.db, username);
    process.stdout.write(
      `Admin "${username}" created.\nOne-time password: ${password}\nSign in and change it on the settings page.\n`,
    );
  } else {
    const report = await reconcileLedger(database.db);
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(report.ok ? 'Ledger reconciled: no differences.\n' : 'LEDGER DIFFERENCES FOUND.\n');
    if (!report.ok) process.exitCode = 1;
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
