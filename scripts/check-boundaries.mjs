// The shape of the code, checked (DESIGN §17): `npm run lint:boundaries`, part of `npm run check:static`.
//
//   node scripts/check-boundaries.mjs [--server <dir>] [--web <dir>]
//
// Server (apps/server): the rules are generated from its layer map, `layers.mjs`. Every folder of src/modules is in
// the map; a module is used from outside only through its public file, named after its folder
// (`src/modules/orders/orders.module.ts`; type-only imports aside, and a table file may reference another module's
// table); a module imports nothing from a layer above its own; a public file imports no repository and no file
// re-exports one; a route file imports no repository; plugins/, lib/ and http/ import no module; no import cycle
// anywhere in src, between files or between modules; the longest chain of module imports is at most the map's
// `maxDepth`. Web (apps/web): a feature never imports another feature, and no import cycle in src. Tests are free.
// It prints the figures it measured (modules, cycles, depth and its chain, the widest public file) and every
// violation with its rule, and exits 1 on any.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const depcruise = join(root, 'node_modules', '.bin', 'depcruise');
const tests = ['\\.test\\.tsx?$', '^test/', '^src/test/'];
const publicFile = '^src/modules/([^/]+)/\\1\\.module\\.ts$';

const argument = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? fallback : resolve(process.argv[at + 1]);
};
const serverDir = argument('--server', join(root, 'apps', 'server'));
const webDir = argument('--web', join(root, 'apps', 'web'));

/** Runs dependency-cruiser in `dir` over its src with the given rules; the JSON result. */
function cruise(dir, forbidden) {
  const scratch = mkdtempSync(join(tmpdir(), 'paydesk-boundaries-'));
  const config = join(scratch, 'rules.cjs');
  writeFileSync(
    config,
    `module.exports = ${JSON.stringify({
      forbidden,
      options: {
        doNotFollow: { path: 'node_modules' },
        exclude: { path: ['node_modules'] },
        // Type-only imports are erased before run time and do not count (DESIGN §17: 'type-only imports aside').
        tsPreCompilationDeps: false,
        tsConfig: { fileName: 'tsconfig.json' },
        enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
      },
    })};\n`,
  );
  try {
    const run = spawnSync(depcruise, ['src', '--config', config, '--output-type', 'json'], {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    if (run.status !== 0 && !run.stdout.startsWith('{')) {
      throw new Error(`dependency-cruiser failed in ${dir}:\n${run.stderr}`);
    }
    return JSON.parse(run.stdout);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const alternatives = (names) => `(${names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`;

/** The server's rules, generated from its layer map. */
export function serverRules(layers) {
  const rules = [
    {
      name: 'public-file-only',
      comment: 'A module is used through its public file, named after its folder, never through its other files.',
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/', pathNot: [...tests, '\\.table\\.ts$'] },
      to: { path: '^src/modules/', pathNot: ['^src/modules/$1/', publicFile] },
    },
    {
      name: 'public-file-only',
      comment: "A table file may reference another module's table keys, and nothing else of it but its public file.",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/.*\\.table\\.ts$' },
      to: { path: '^src/modules/', pathNot: ['^src/modules/$1/', publicFile, '\\.table\\.ts$'] },
    },
    {
      name: 'public-file-only',
      comment: 'app.ts, db, demo and cli use modules through their public files (db/schema.ts lists every table).',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/modules/', ...tests, '^src/db/schema\\.ts$'] },
      to: { path: '^src/modules/', pathNot: [publicFile] },
    },
    {
      name: 'plugins-lib-http-know-no-module',
      comment: 'plugins/, lib/ and http/ serve every module and import none (app.ts gives a plugin what it needs).',
      severity: 'error',
      from: { path: '^src/(plugins|lib|http)/', pathNot: tests },
      to: { path: '^src/modules/' },
    },
    {
      name: 'routes-call-no-repository',
      comment: "A route file calls use cases, services and reads, never a repository (its own module's included).",
      severity: 'error',
      from: { path: '^src/modules/[^/]+/.*routes\\.ts$', pathNot: tests },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'public-file-exports-no-repository',
      comment:
        "A module's public file imports no repository (its own included): others call its use cases and reads, and " +
        'its plugin wires them too; storage stays inside the module.',
      severity: 'error',
      from: { path: '^src/modules/[^/]+/.*\\.module\\.ts$', pathNot: tests },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'no-cycle',
      comment: 'No import cycle anywhere in src: dependencies point one way.',
      severity: 'error',
      from: { path: '^src/', pathNot: tests },
      to: { circular: true, pathNot: tests },
    },
  ];
  for (const layer of layers.filter((apart) => apart.apart)) {
    // An edge needing another edge's step gets it at registration from app.ts; a table may still name a key.
    const modules = alternatives(layer.modules);
    rules.push({
      name: 'no-import-within-an-apart-layer',
      comment: `The modules of the ${layer.name} layer import none of each other (layers.mjs: apart).`,
      severity: 'error',
      from: { path: `^src/modules/${modules}/`, pathNot: [...tests, '\\.table\\.ts$'] },
      to: { path: `^src/modules/${modules}/`, pathNot: ['^src/modules/$1/'] },
    });
  }
  for (const [index, layer] of layers.entries()) {
    const above = layers.slice(0, index).flatMap((higher) => higher.modules);
    if (above.length === 0) continue;
    const comment = `The ${layer.name} layer imports only its own layer and those below it (layers.mjs).`;
    const from = `^src/modules/${alternatives(layer.modules)}/`;
    const to = `^src/modules/${alternatives(above)}/`;
    // A table file may reference any table's keys (a foreign key to users from the ledger), and nothing else above.
    rules.push(
      {
        name: 'no-import-from-a-layer-above',
        comment,
        severity: 'error',
        from: { path: from, pathNot: [...tests, '\\.table\\.ts$'] },
        to: { path: to },
      },
      {
        name: 'no-import-from-a-layer-above',
        comment,
        severity: 'error',
        from: { path: `${from}.*\\.table\\.ts$` },
        to: { path: to, pathNot: '\\.table\\.ts$' },
      },
    );
  }
  return rules;
}

export const webRules = [
  {
    name: 'features-never-import-each-other',
    comment: 'A feature is used by the app (routes, menus), never by another feature: share through ui/ or lib/.',
    severity: 'error',
    from: { path: '^src/features/([^/]+)/', pathNot: tests },
    to: { path: '^src/features/', pathNot: '^src/features/$1/' },
  },
  {
    name: 'no-cycle',
    comment: 'No import cycle anywhere in src.',
    severity: 'error',
    from: { path: '^src/', pathNot: tests },
    to: { circular: true, pathNot: tests },
  },
];

const isTest = (path) => tests.some((pattern) => new RegExp(pattern).test(path));
const moduleOf = (path) => path.match(/^src\/modules\/([^/]+)\//)?.[1];

/** The modules' import graph at run time (tests and table-to-table references aside). */
function moduleGraph(result) {
  const graph = new Map();
  for (const file of result.modules) {
    const from = moduleOf(file.source);
    if (!from || isTest(file.source)) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const dependency of file.dependencies) {
      const to = moduleOf(dependency.resolved);
      const tableToTable = file.source.endsWith('.table.ts') && dependency.resolved.endsWith('.table.ts');
      if (to && to !== from && !isTest(dependency.resolved) && !tableToTable) graph.get(from).add(to);
    }
  }
  return graph;
}

/** The strongly connected groups of more than one module (Tarjan). */
function moduleCycles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const cycles = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      group.push(member);
    } while (member !== node);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** The longest chain of module imports (the graph has no cycle when this is asked). */
function longestChain(graph) {
  const memo = new Map();
  const chainFrom = (node) => {
    if (!memo.has(node)) {
      memo.set(node, [node]);
      let best = [];
      for (const next of graph.get(node) ?? []) {
        const chain = chainFrom(next);
        if (chain.length > best.length || (chain.length === best.length && chain.join() < best.join())) best = chain;
      }
      memo.set(node, [node, ...best]);
    }
    return memo.get(node);
  };
  let longest = [];
  for (const node of [...graph.keys()].sort()) {
    const chain = chainFrom(node);
    if (chain.length > longest.length) longest = chain;
  }
  return longest;
}

/**
 * How many names a public file exports: each name of an export list (an `export type { … }` list's too, once), each
 * declaration, each `export *` line.
 */
function exportedNames(text) {
  let count = 0;
  for (const match of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g))
    count += match[1].split(',').filter((name) => name.trim()).length;
  count += [
    ...text.matchAll(
      /^export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|function\*?|class|interface|type(?!\s*\{)|enum)\s/gm,
    ),
  ].length;
  count += [...text.matchAll(/^export\s+\*/gm)].length;
  return count;
}

/**
 * The other half of public-file-exports-no-repository: no file of a module passes a repository's functions on
 * (`export { … } from` or `export * from` one, type-only lists aside) for a public file to export in turn. Read from
 * the text: dependency-cruiser folds a re-export into an import of the same file, and would miss it there.
 */
function repositoryReExports(dir) {
  const problems = [];
  const files = readdirSync(join(dir, 'src', 'modules'), { recursive: true, encoding: 'utf8' })
    .map((file) => posix.join('src/modules', file.split('\\').join('/')))
    .filter((path) => /\.tsx?$/.test(path) && !isTest(path))
    .sort();
  for (const path of files) {
    const text = readFileSync(join(dir, path), 'utf8');
    for (const match of text.matchAll(
      /^export\s+(type\s+)?(?:\*(?:\s+as\s+\w+)?|\{([^}]*)\})\s*from\s*['"]([^'"]+\.repository)['"]/gm,
    )) {
      const names = match[2]
        ?.split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      if (match[1] || names?.every((name) => name.startsWith('type '))) continue;
      const repository = posix.normalize(posix.join(posix.dirname(path), `${match[3]}.ts`));
      problems.push(`  public-file-exports-no-repository: ${path} → ${repository} (a re-export)`);
    }
  }
  return problems;
}

const violationLine = (violation) =>
  `  ${violation.rule.name}: ${violation.from} → ${violation.to}${violation.cycle ? ` (cycle: ${violation.cycle.map((step) => step.name ?? step).join(' → ')})` : ''}`;

export async function checkServer(dir) {
  const { layers, maxDepth } = await import(pathToFileURL(join(dir, 'layers.mjs')).href);
  const problems = [];
  const folders = readdirSync(join(dir, 'src', 'modules'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const mapped = layers.flatMap((layer) => layer.modules);
  for (const folder of folders) {
    if (!mapped.includes(folder)) problems.push(`  layer-map: module ${folder} is in no layer of layers.mjs`);
  }
  for (const name of new Set(mapped)) {
    if (!folders.includes(name))
      problems.push(`  layer-map: layers.mjs names ${name}, which is no folder of src/modules`);
    if (mapped.indexOf(name) !== mapped.lastIndexOf(name)) problems.push(`  layer-map: ${name} is in two layers`);
  }
  const result = cruise(dir, serverRules(layers));
  problems.push(...result.summary.violations.map(violationLine), ...repositoryReExports(dir));
  const graph = moduleGraph(result);
  const cycles = moduleCycles(graph);
  for (const cycle of cycles) problems.push(`  no-module-cycle: ${cycle.join(' ↔ ')}`);
  const chain = cycles.length === 0 ? longestChain(graph) : [];
  if (chain.length > maxDepth) {
    problems.push(`  max-depth: ${chain.length} modules deep (${chain.join(' → ')}), layers.mjs allows ${maxDepth}`);
  }
  const widest = folders
    .map((folder) => {
      try {
        return [
          folder,
          exportedNames(readFileSync(join(dir, 'src', 'modules', folder, `${folder}.module.ts`), 'utf8')),
        ];
      } catch {
        return [folder, 0];
      }
    })
    .sort((a, b) => b[1] - a[1])[0];
  const fileCycles = result.summary.violations.filter((violation) => violation.rule.name === 'no-cycle').length;
  console.log(
    `server: ${folders.length} modules in ${layers.length} layers, ${result.summary.totalCruised} files; ` +
      `${fileCycles} file cycles, ${cycles.length} module cycles; depth ${chain.length || '-'} (limit ${maxDepth})` +
      `${chain.length ? `: ${chain.join(' → ')}` : ''}; widest public file: ${widest?.[0]} (${widest?.[1]} names)`,
  );
  return problems;
}

export function checkWeb(dir) {
  const result = cruise(dir, webRules);
  const features = readdirSync(join(dir, 'src', 'features'), { withFileTypes: true }).filter((entry) =>
    entry.isDirectory(),
  ).length;
  const problems = result.summary.violations.map(violationLine);
  console.log(`web: ${features} features, ${result.summary.totalCruised} files; ${problems.length} violations`);
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const problems = [...(await checkServer(serverDir)), ...checkWeb(webDir)];
  if (problems.length > 0) {
    console.error(
      `Boundary violations (DESIGN §17; the server's layers are in apps/server/layers.mjs):\n${problems.join('\n')}`,
    );
    process.exit(1);
  }
  console.log('boundaries: no violation');
}
