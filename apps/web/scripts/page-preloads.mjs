// Writes dist/page-preloads.json after `vite build`: for each screen's path, the chunks its page and its first queries
// import (and, for a signed-in screen, the signed-in layout), beyond what index.html preloads already. The server
// names them in that path's index.html, so a first visit fetches the screen's code beside the entry instead of after
// the entry has run (issue 21, Lighthouse on a phone: /active as the trader LCP 5.3 → 4.4 s); the app reads the file
// on its first move to another screen and preloads that screen's list (src/app/screens.ts). The entry does not
// carry these lists itself (vite.config.ts `resolveDependencies`).
// Reads the screens from src/app/screens.ts (each path's `import('…')`s), which of them are public from the
// contract, and which modules went to the chunk the signed-in screens share from .chunk-plan.json (chunkPlan.ts);
// the manifest Vite writes for this is removed after.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const web = new URL('..', import.meta.url).pathname;
const dist = join(web, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** Every `'/path': { … import('module') … }` of the page table, as source paths relative to apps/web. */
function screenModules() {
  const source = readFileSync(join(web, 'src/app/screens.ts'), 'utf8');
  const table = source.slice(source.indexOf('export const pageLoaders'));
  const modules = new Map();
  for (const block of table.split(/\n {2}(?=')/).slice(1)) {
    const path = /^'(\/[^']*)':/.exec(block)?.[1];
    if (!path) continue;
    const imports = [...block.matchAll(/import\('([^']+)'\)/g)].map(
      (match) => `${resolve(join(web, 'src/app'), match[1] ?? '').slice(web.length)}.tsx`,
    );
    modules.set(path, imports);
  }
  return modules;
}

/** The contract's public screens (sign-in, invite). */
function publicPaths() {
  const access = readFileSync(join(web, '../../packages/contract/src/access.ts'), 'utf8');
  return new Set([...access.matchAll(/path: '(\/[^']*)', capability: 'public'/g)].map((match) => match[1]));
}

/** The modules the build put in the chunk the signed-in screens share (chunkPlan.ts), as paths under apps/web. */
const planPath = join(web, '.chunk-plan.json');
const planned = existsSync(planPath)
  ? new Set(JSON.parse(readFileSync(planPath, 'utf8')).screens.map((id) => relative(web, id)))
  : new Set();

/**
 * The manifest's entry of a source module: its own key, or, for a module that a shared chunk holds (code that pages
 * also import statically), the chunk named after it, or the signed-in screens' shared chunk.
 */
function entryOf(key) {
  const module = key.replace(/\.tsx$/, '');
  const name = module.split('/').pop();
  const shared = planned.has(key) || planned.has(`${module}.ts`) ? '_screens-' : `_${name}-`;
  return (
    manifest[key] ??
    manifest[`${module}.ts`] ??
    Object.entries(manifest).find(([chunk]) => chunk.startsWith(shared))?.[1]
  );
}

/** A manifest entry's file and every chunk it imports statically, transitively. */
function chunksOf(key, into = new Set()) {
  const entry = entryOf(key);
  if (!entry) throw new Error(`page-preloads: ${key} is not in the build's manifest`);
  if (into.has(entry.file)) return into;
  into.add(entry.file);
  for (const imported of entry.imports ?? []) chunksOf(imported, into);
  return into;
}

// The entry runs the app's start (src/app/start.tsx) after the first paint; index.html preloads the start's chunks
// beside the entry's, so they load while the page paints instead of after.
const inEntry = chunksOf('index.html');
const inIndex = chunksOf('src/app/start.tsx', new Set(inEntry));
const startLinks = [...inIndex]
  .filter((file) => !inEntry.has(file) && file.endsWith('.js'))
  .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
  .join('\n    ');
const indexPath = join(dist, 'index.html');
const index = readFileSync(indexPath, 'utf8');
if (!index.includes('<link rel="stylesheet"')) throw new Error('page-preloads: index.html has no stylesheet link');
writeFileSync(indexPath, index.replace('<link rel="stylesheet"', `${startLinks}\n    <link rel="stylesheet"`));
const signedInLayout = chunksOf('src/app/layout/SignedInLayout.tsx');
const publicScreens = publicPaths();
const preloads = {};
for (const [path, modules] of screenModules()) {
  const files = new Set(publicScreens.has(path) ? [] : signedInLayout);
  for (const module of modules) for (const file of chunksOf(module)) files.add(file);
  preloads[path] = [...files].filter((file) => !inIndex.has(file) && file.endsWith('.js')).map((file) => `/${file}`);
}
if (Object.keys(preloads).length === 0) throw new Error('page-preloads: no screen found in src/app/screens.ts');
writeFileSync(join(dist, 'page-preloads.json'), `${JSON.stringify(preloads, null, 2)}\n`);
rmSync(dirname(manifestPath), { recursive: true, force: true });
console.log(`page-preloads.json: ${Object.keys(preloads).length} screens`);
