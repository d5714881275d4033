// Writes the three OpenAPI documents as the server serves them into a temporary directory and lints them with
// Redocly (redocly.yaml): any error fails `npm run check`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const directory = mkdtempSync(join(tmpdir(), 'paydesk-openapi-'));
const run = (command, args, cwd = root) => spawnSync(command, args, { cwd, stdio: 'inherit' }).status ?? 1;
try {
  const written = run('npx', ['tsx', 'scripts/openapi-documents.ts', directory], join(root, 'apps/server'));
  if (written !== 0) process.exit(written);
  const documents = ['inner.json', 'v1.json', 'device.json'].map((name) => join(directory, name));
  process.exitCode = run('npx', ['redocly', 'lint', '--config', join(root, 'redocly.yaml'), ...documents]);
} finally {
  rmSync(directory, { recursive: true, force: true });
}
