// `npm test`: every workspace's unit suite, each run to its end whatever the others did, then one summary of them all.
// Exits non-zero when any suite failed, or ended without reporting its tests (a crash, a file that did not load).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
/** The workspaces with a unit suite, in the order they build on each other. `TEST_WORKSPACES` picks some. */
const all = ['packages/contract', 'apps/server', 'apps/web'];
const chosen = process.env.TEST_WORKSPACES?.split(',').map((name) => name.trim()) ?? all;
const unknown = chosen.filter((name) => !all.includes(name));
if (unknown.length > 0) {
  console.error(`TEST_WORKSPACES: no unit suite in ${unknown.join(', ')} (known: ${all.join(', ')})`);
  process.exit(2);
}
const reports = mkdtempSync(join(tmpdir(), 'paydesk-test-'));

/** Runs one workspace's vitest with its usual output and a JSON report beside it; resolves to the summary row. */
function run(workspace) {
  const report = join(reports, `${workspace.replace(/\//g, '-')}.json`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(
      'npx',
      [
        'vitest',
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
        ...process.argv.slice(2),
      ],
      { cwd: join(root, workspace), stdio: 'inherit' },
    );
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('close', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      const seconds = (Date.now() - started) / 1000;
      let counts = null;
      try {
        const json = JSON.parse(readFileSync(report, 'utf8'));
        counts = {
          passed: json.numPassedTests,
          failed: json.numFailedTests,
          skipped: json.numPendingTests + json.numTodoTests,
          failedFiles: json.numFailedTestSuites,
        };
      } catch {
        // No report: the run ended before vitest could write one.
      }
      const ok = code === 0 && counts !== null && counts.failed === 0 && counts.failedFiles === 0;
      resolve({ workspace, ok, code: code ?? signal, counts, seconds });
    });
  });
}

const rows = [];
for (const workspace of chosen) {
  console.log(`\n=== ${workspace} ===\n`);
  rows.push(await run(workspace));
}
rmSync(reports, { recursive: true, force: true });

const width = Math.max(...rows.map((row) => row.workspace.length));
console.log('\n=== Summary ===');
for (const { workspace, ok, code, counts, seconds } of rows) {
  const figures = counts
    ? `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped` +
      (counts.failedFiles > 0 ? ` (${counts.failedFiles} files failed)` : '')
    : `no report (exit ${code})`;
  console.log(`${ok ? 'ok  ' : 'FAIL'}  ${workspace.padEnd(width)}  ${figures}  ${seconds.toFixed(0)} s`);
}
const failed = rows.filter((row) => !row.ok);
console.log(failed.length === 0 ? 'All suites passed.' : `${failed.length} of ${rows.length} suites failed.`);
process.exit(failed.length === 0 ? 0 : 1);
