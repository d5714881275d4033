// A job runner in a process of its own, on the database named by DATABASE_URL, for the job runner's tests: it runs
// `test.record` (writes which worker ran which job) and `test.hang` (claims its job and never finishes), prints
// `{"worker": …}` when it runs, and stops on SIGTERM. SIGKILL is how a test makes it die holding a job.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { createJobRunner } from '../src/modules/jobs/jobs.runner';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'unused' });
const silent = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  fatal() {},
  trace() {},
  child: () => silent,
  level: 'silent',
};
const runner = createJobRunner({
  database,
  log: silent as never,
  pollMs: 100,
  concurrency: 4,
  leaseSeconds: Number(process.env.JOB_LEASE_SECONDS ?? 30),
});
runner.define('test.record', {
  async run({ payload }) {
    await database.db.execute(sql`insert into job_runs (job, worker) values (${String(payload.n)}, ${runner.worker})`);
  },
});
runner.define('test.hang', { run: () => new Promise<void>(() => undefined) });
await runner.start();
process.stdout.write(`${JSON.stringify({ worker: runner.worker })}\n`);
process.on('SIGTERM', () => {
  void runner
    .stop()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
