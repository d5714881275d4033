import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database, dumped once per run; each test file starts its own copy of it. */
    pgliteTemplate: string | null;
  }
}

/**
 * Starting an embedded database runs initdb, which costs more than the whole migration; copying a migrated one does
 * not. On PostgreSQL every file creates a database of its own from the server's template anyway.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', null);
    return;
  }
  const directory = mkdtempSync(join(tmpdir(), 'paydesk-pglite-template-'));
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  // Tests use the one database the migrations built: without initdb's two template databases the dump has a third of
  // the files to unpack at every start.
  for (const template of ['template0', 'template1']) {
    await client.exec(`alter database ${template} is_template false`);
    await client.exec(`drop database ${template}`);
  }
  await client.exec('checkpoint');
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = join(directory, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(directory, { recursive: true, force: true });
}
