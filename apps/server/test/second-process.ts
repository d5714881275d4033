// A second Paydesk server process on the database named by DATABASE_URL, for the cross-process events test: it
// prints its port as JSON on stdout and stops on SIGTERM.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DEMO: 'false' });
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: 'unused' });
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as AddressInfo).port })}\n`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
