// Runs the README's "Running on PostgreSQL" and "Backups" command blocks as they are written, one after the other in
// one bash session (as a reader pastes them into one terminal), so the README cannot drift from what works.
//
//   node scripts/readme-run.mjs postgres://postgres@127.0.0.1:5432/postgres
//
// The URL is a PostgreSQL superuser's: the blocks' `sudo -u postgres <command>` runs <command> through it (PGHOST,
// PGPORT, PGUSER, PGPASSWORD), and their `127.0.0.1:5432` becomes its host and port. Run it from a built checkout
// (`npm run build`). A block right after `<!-- readme-run: skip (why) -->` is not run; the block after
// `<!-- readme-run: serve -->` is the server: it is started, /readyz must answer it is ready with the repository's
// version, the admin the blocks created signs in with the one-time password they printed (`One-time password: …`),
// and the server is stopped with SIGTERM and must exit 0. The role and the databases the README makes (paydesk,
// paydesk_restored) must not exist on that server beforehand, and are dropped afterwards with the files the blocks
// wrote (paydesk.env, the dump).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const adminUrl = process.argv[2] ?? process.env.README_PG_URL;
const fail = (message) => {
  process.stderr.write(`readme-run: ${message}\n`);
  process.exit(1);
};
if (!adminUrl) fail('give the URL of a PostgreSQL superuser: node scripts/readme-run.mjs postgres://postgres@host/db');
const admin = new URL(adminUrl);
const adminEnv = {
  PGHOST: admin.hostname,
  PGPORT: admin.port || '5432',
  PGUSER: decodeURIComponent(admin.username || 'postgres'),
  PGPASSWORD: decodeURIComponent(admin.password),
  PGDATABASE: 'postgres',
};
const roleName = 'paydesk';
const databases = ['paydesk', 'paydesk_restored'];
const written = (name) => name === 'paydesk.env' || /^paydesk-\d{4}-\d{2}-\d{2}\.dump$/.test(name);

/** The ```sh blocks of the README's section that starts with `heading`, each with its readme-run mark. */
export function commandBlocks(readme, heading) {
  const start = readme.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`the README has no section "${heading}"`);
  const level = heading.split(' ')[0];
  const rest = readme.slice(start + heading.length + 2);
  const next = rest.search(new RegExp(`^#{1,${level.length}} `, 'm'));
  const section = next < 0 ? rest : rest.slice(0, next);
  const blocks = [];
  for (const match of section.matchAll(/(?:<!-- readme-run: (\w+)(?: \(([^)]*)\))? -->\n)?```sh\n([\s\S]*?)```/g)) {
    blocks.push({ mark: match[1] ?? 'run', why: match[2] ?? '', text: match[3] });
  }
  return blocks;
}

function psql(sql) {
  const result = spawnSync('psql', ['-v', 'ON_ERROR_STOP=1', '-tAc', sql], {
    env: { ...process.env, ...adminEnv },
    encoding: 'utf8',
  });
  if (result.status !== 0) fail(`psql: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const quoted = (text) => `'${text.replaceAll("'", "'\\''")}'`;

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const blocks = [...commandBlocks(readme, '## Running on PostgreSQL'), ...commandBlocks(readme, '### Backups')];
if (!blocks.some((block) => block.mark === 'serve')) fail('the PostgreSQL section has no block marked serve');
if (!existsSync(join(root, 'apps/server/dist/main.js'))) fail('nothing is built: run npm run build first');

const taken = psql(
  `select string_agg(name, ', ') from (select rolname as name from pg_roles where rolname = '${roleName}'
   union all select datname from pg_database where datname in (${databases.map((name) => `'${name}'`).join(', ')})) t`,
);
if (taken) fail(`${taken} already exist on ${admin.host}: run this against a scratch PostgreSQL`);
const leftovers = readdirSync(root).filter(written);
if (leftovers.length > 0) fail(`${leftovers.join(', ')} already in ${root}: move them away first`);

const port = await freePort();
const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
const hostPort = `${admin.hostname}:${adminEnv.PGPORT}`;
const lines = [
  'set -euo pipefail',
  // The superuser's commands of the README go through the given server instead of the local postgres account.
  `sudo() { [ "$1" = -u ] && shift 2; ${Object.entries(adminEnv)
    .map(([name, value]) => `${name}=${quoted(value)}`)
    .join(' ')} "$@"; }`,
  `export PORT=${port}`,
  // Everything the blocks print is kept too, so the serve step can read the admin's one-time password from it.
  'printed=$(mktemp) && trap \'rm -f "$printed" "$printed.jar"\' EXIT && exec > >(tee -a "$printed") 2>&1',
];
for (const [index, block] of blocks.entries()) {
  const text = block.text.replaceAll('127.0.0.1:5432', hostPort);
  const title = `block ${index + 1}: ${block.text.split('\n')[0]}`;
  if (block.mark === 'skip') {
    lines.push(`echo ${quoted(`--- skipped ${title} (${block.why})`)}`);
  } else if (block.mark === 'serve') {
    const command = text.trim();
    if (command.includes('\n')) fail(`the serve block must be one command: ${command}`);
    lines.push(
      `echo ${quoted(`--- ${title}`)}`,
      `( exec ${command} ) & server=$!`,
      'ready=""',
      `for _ in $(seq 1 600); do ready=$(curl -sf http://127.0.0.1:${port}/readyz || true); [ -n "$ready" ] && break; kill -0 $server 2>/dev/null || { echo "the server exited before it was ready" >&2; exit 1; }; sleep 0.5; done`,
      `[ "$ready" = ${quoted(JSON.stringify({ status: 'ready', version }))} ] || { echo "/readyz answered: $ready" >&2; kill -TERM $server; exit 1; }`,
      'echo "/readyz: $ready"',
      // The first admin signs in as the README says: the XSRF cookie, then the username and the one-time password.
      'admin=$(sed -n \'s/^Admin "\\(.*\\)" created\\.$/\\1/p\' "$printed" | tail -1)',
      'password=$(sed -n \'s/^One-time password: //p\' "$printed" | tail -1)',
      '[ -n "$admin" ] && [ -n "$password" ] || { echo "no admin and one-time password were printed" >&2; kill -TERM $server; exit 1; }',
      `curl -sf -c "$printed.jar" -o /dev/null http://127.0.0.1:${port}/api/inner/csrf-cookie`,
      `xsrf=$(awk '$6 == "XSRF-TOKEN" { print $7 }' "$printed.jar")`,
      `signin=$(curl -s -b "$printed.jar" -o /dev/null -w '%{http_code}' -H "x-xsrf-token: $xsrf" -H 'content-type: application/json' --data "$(node -e 'console.log(JSON.stringify({ username: process.argv[1], password: process.argv[2] }))' "$admin" "$password")" http://127.0.0.1:${port}/api/inner/login)`,
      '[ "$signin" = 200 ] || { echo "the admin $admin could not sign in: HTTP $signin" >&2; kill -TERM $server; exit 1; }',
      'echo "signed in as $admin with the one-time password"',
      'kill -TERM $server && wait $server',
    );
  } else {
    lines.push(`echo ${quoted(`--- ${title}`)}`, text);
  }
}

let code = 1;
try {
  const bash = spawn('bash', ['-c', lines.join('\n')], { cwd: root, stdio: 'inherit' });
  code = await new Promise((resolve) => bash.on('exit', (status) => resolve(status ?? 1)));
} finally {
  for (const name of databases) psql(`drop database if exists ${name} with (force)`);
  psql(`drop role if exists ${roleName}`);
  for (const name of readdirSync(root).filter(written)) rmSync(join(root, name));
}
process.stdout.write(code === 0 ? 'README commands ran as written.\n' : `README commands failed (exit ${code}).\n`);
process.exit(code);
