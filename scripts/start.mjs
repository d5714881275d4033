// `npm start`: builds the web app and the server when their sources changed since the last build, then serves.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { finished } from 'node:stream';

const root = new URL('..', import.meta.url).pathname;
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/server/src',
  'apps/server/drizzle',
  'packages/contract/src',
  'package-lock.json',
];
const outputs = ['apps/web/dist/index.html', 'apps/server/dist/main.js'];

function newestMtimeMs(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtimeMs(join(path, name))), stat.mtimeMs);
}

const built = outputs.every((output) => existsSync(join(root, output)));
const builtAt = built ? Math.min(...outputs.map((output) => statSync(join(root, output)).mtimeMs)) : 0;
const changedAt = Math.max(...sources.map((source) => newestMtimeMs(join(root, source))));

if (!built || changedAt > builtAt) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else {
  console.log('Build is up to date; starting the server.');
}

// The server logs JSON lines (what production keeps); here they are printed one readable line each, unless
// LOG_FORMAT=json asks for them as they are. Lines that are not JSON (the sign-in banner) pass through unchanged.
const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: ['inherit', 'pipe', 'inherit'],
});
let output = null;
if (process.env.LOG_FORMAT === 'json') {
  server.stdout.pipe(process.stdout);
} else {
  const pretty = createRequire(join(root, 'apps/server/package.json'))('pino-pretty');
  output = server.stdout.pipe(
    pretty({
      colorize: process.stdout.isTTY === true,
      translateTime: 'SYS:HH:MM:ss',
      // The request line already says method, path, status and time; the process and host are this machine's.
      ignore: 'pid,hostname,reqId,method,path,statusCode,ms',
      singleLine: true,
    }),
  );
}
// The server shuts down gracefully on SIGINT and SIGTERM; pass them on and exit as it does.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
// Once its output is closed, and the last lines are printed.
server.on('close', (code, signal) => {
  const exit = () => process.exit(code ?? (signal ? 1 : 0));
  if (output) finished(output, exit);
  else exit();
});
