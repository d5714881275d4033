import { resolve } from 'node:path';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
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
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: resolve(config.DATA_DIR) });
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
