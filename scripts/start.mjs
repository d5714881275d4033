// `npm start`: builds the web app and the server when their sources changed since the last build, then serves.
// `npm run serve` (`--no-build`): serves what is built, and says so in one line when nothing is.
// Signals: SIGINT and SIGTERM are passed on to the build or the server, and this process exits as it does; the
// server also stops when this process ends any other way (it is told through the IPC channel), so none is orphaned.
import { spawn } from 'node:child_process';
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
const serverEntry = 'apps/server/dist/main.js';
const outputs = ['apps/web/dist/index.html', serverEntry];

function newestMtimeMs(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtimeMs(join(path, name))), stat.mtimeMs);
}

/** The child that runs now (the build, then the server): the signals this process gets are passed on to it. */
let current = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (current && current.exitCode === null && current.signalCode === null) current.kill(signal);
    else process.exit(1);
  });
}

function needsBuild() {
  if (!outputs.every((output) => existsSync(join(root, output)))) return true;
  const builtAt = Math.min(...outputs.map((output) => statSync(join(root, output)).mtimeMs));
  return sources.some((source) => existsSync(join(root, source)) && newestMtimeMs(join(root, source)) > builtAt);
}

if (process.argv.includes('--no-build')) {
  if (!existsSync(join(root, serverEntry))) {
    process.stderr.write(
      `Paydesk is not built (${serverEntry} is missing): run \`npm run build\` first, or \`npm start\`, which builds.\n`,
    );
    process.exit(1);
  }
} else if (needsBuild()) {
  current = spawn('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const [code, signal] = await new Promise((resolve) => current.on('exit', (...result) => resolve(result)));
  if (code !== 0) process.exit(code ?? (signal ? 1 : 0));
} else {
  console.log('Build is up to date; starting the server.');
}

// The server logs JSON lines (what production keeps); here they are printed one readable line each, unless
// LOG_FORMAT=json asks for them as they are. Lines that are not JSON (the sign-in banner) pass through unchanged.
const server = spawn(process.execPath, [join(root, serverEntry)], {
  cwd: root,
  stdio: ['inherit', 'pipe', 'inherit', 'ipc'],
  env: { ...process.env, PAYDESK_STOP_WITH_PARENT: '1' },
});
current = server;
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
// Once its output is closed, and the last lines are printed, exit as the server did.
server.on('close', (code, signal) => {
  const exit = () => process.exit(code ?? (signal ? 1 : 0));
  if (output) finished(output, exit);
  else exit();
});
