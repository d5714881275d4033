import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The boundary check (scripts/check-boundaries.mjs, DESIGN §17; issue 34) on a small server and web app of its own:
 * it passes on the clean tree, and each rule fails on an import planted for it.
 */
const root = new URL('../../..', import.meta.url).pathname;
let scratch: string;

function write(base: string, files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), text);
  }
}

const tsconfig = JSON.stringify({
  compilerOptions: { module: 'esnext', moduleResolution: 'bundler', target: 'es2022', strict: true, jsx: 'react-jsx' },
  include: ['src'],
});

const layerMap = (maxDepth: number) => `export const layers = [
  { name: 'top', modules: ['alpha', 'omega'], apart: true },
  { name: 'middle', modules: ['beta'] },
  { name: 'bottom', modules: ['gamma'] },
];
export const maxDepth = ${maxDepth};
`;

const cleanServer = {
  'tsconfig.json': tsconfig,
  'long-functions.txt': '# none\n',
  'layers.mjs': layerMap(3),
  'src/modules/alpha/alpha.module.ts': "import { b } from '../beta/beta.module';\nexport const a = b;\n",
  // Two names: a type export list counts its names once.
  'src/modules/beta/beta.module.ts':
    "import { g } from '../gamma/gamma.module';\nexport type { Secret } from './internal';\nexport const b = g;\n",
  'src/modules/beta/internal.ts': 'export const secret = 1;\nexport type Secret = typeof secret;\n',
  'src/modules/beta/beta.table.ts': "export const betaTable = 'beta';\n",
  // A table may reference a table of a module above it (a foreign key): no violation.
  'src/modules/gamma/gamma.table.ts':
    "import { betaTable } from '../beta/beta.table';\nexport const gammaTable = betaTable;\n",
  'src/modules/gamma/gamma.module.ts': 'export const g = 1;\n',
  'src/modules/omega/omega.module.ts': "import { g } from '../gamma/gamma.module';\nexport const o = g;\n",
  'src/lib/x.ts': 'export const x = 1;\n',
  'src/plugins/session.ts': "import { x } from '../lib/x';\nexport const session = x;\n",
  'src/app.ts':
    "import { a } from './modules/alpha/alpha.module';\nimport { session } from './plugins/session';\nexport const app = [a, session];\n",
};

const cleanWeb = {
  'tsconfig.json': tsconfig,
  'src/features/one/One.ts': 'export const one = 1;\n',
  'src/features/two/Two.ts': 'export const two = 2;\n',
  'src/app/App.ts':
    "import { one } from '../features/one/One';\nimport { two } from '../features/two/Two';\nexport const app = [one, two];\n",
};

/** The size check (apps/server/scripts/file-size.mjs) on a fixture's server. */
function checkSizes(name: string) {
  const run = spawnSync(
    process.execPath,
    ['apps/server/scripts/file-size.mjs', '--server', join(scratch, name, 'server')],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

function check(name: string) {
  const run = spawnSync(
    process.execPath,
    ['scripts/check-boundaries.mjs', '--server', join(scratch, name, 'server'), '--web', join(scratch, name, 'web')],
    { cwd: root, encoding: 'utf8' },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'paydesk-boundaries-test-'));
  for (const name of ['clean', 'planted', 'deep']) {
    write(join(scratch, name, 'server'), cleanServer);
    write(join(scratch, name, 'web'), cleanWeb);
  }
  write(join(scratch, 'deep', 'server'), { 'layers.mjs': layerMap(2) });
  write(join(scratch, 'planted', 'server'), {
    // A module of an apart layer importing another of its layer.
    'src/modules/alpha/peer.ts': "import { o } from '../omega/omega.module';\nexport const peer = o;\n",
    // A route file reading its own module's repository.
    'src/modules/beta/beta.repository.ts': 'export const rows = () => [];\n',
    'src/modules/beta/beta.routes.ts': "import { rows } from './beta.repository';\nexport const routes = rows;\n",
    // A public file using its repository, and a file passing the repository's functions on for it.
    'src/modules/beta/beta.module.ts':
      "import { g } from '../gamma/gamma.module';\nimport { rows } from './beta.repository';\nexport const b = [g, rows];\n",
    'src/modules/beta/relay.ts':
      "import { rows } from './beta.repository';\nexport { rows as all } from './beta.repository';\nexport const first = rows;\n",
    // A reach into another module's file.
    'src/modules/alpha/reach.ts': "import { secret } from '../beta/internal';\nexport const reach = secret;\n",
    // A second "public" file.
    'src/modules/beta/extra.module.ts': "export { secret } from './internal';\n",
    'src/modules/alpha/second.ts': "import { secret } from '../beta/extra.module';\nexport const second = secret;\n",
    // A module outside the layer map.
    'src/modules/delta/delta.module.ts': 'export const d = 1;\n',
    // An import from a layer above (which also closes a cycle between modules).
    'src/modules/gamma/up.ts': "import { a } from '../alpha/alpha.module';\nexport const up = a;\n",
    // A cycle through a plugin that imports a module.
    'src/modules/alpha/alpha.module.ts':
      "import { b } from '../beta/beta.module';\nimport { guard } from './routes';\nexport const a = [b, guard];\n",
    'src/modules/alpha/routes.ts': "import { session } from '../../plugins/session';\nexport const guard = session;\n",
    'src/plugins/session.ts':
      "import { x } from '../lib/x';\nimport { a } from '../modules/alpha/alpha.module';\nexport const session = [x, a];\n",
    // A function over 70 lines.
    'src/lib/long.ts': `export function long() {\n${'  console.log(1);\n'.repeat(70)}}\n`,
    // A cycle inside lib.
    'src/lib/x.ts': "import { y } from './y';\nexport const x = y;\n",
    'src/lib/y.ts': "import { x } from './x';\nexport const y = () => x;\n",
  });
  write(join(scratch, 'planted', 'web'), {
    'src/features/one/One.ts': "import { two } from '../two/Two';\nexport const one = two;\n",
  });
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the boundary check', () => {
  it('passes a tree that keeps every rule, and prints what it measured', () => {
    const { status, output } = check('clean');
    expect(output).toContain('server: 4 modules in 3 layers');
    expect(output).toContain('0 file cycles, 0 module cycles; depth 3 (limit 3): alpha → beta → gamma');
    expect(output).toContain('widest public file: beta (2 names)');
    expect(output).toContain('web: 2 features');
    expect(status, output).toBe(0);
  });

  it('fails on each planted violation, naming the rule and the import', () => {
    const { status, output } = check('planted');
    expect(status, output).toBe(1);
    for (const line of [
      'public-file-only: src/modules/alpha/reach.ts → src/modules/beta/internal.ts',
      'public-file-only: src/modules/alpha/second.ts → src/modules/beta/extra.module.ts',
      'layer-map: module delta is in no layer of layers.mjs',
      'routes-call-no-repository: src/modules/beta/beta.routes.ts → src/modules/beta/beta.repository.ts',
      'public-file-exports-no-repository: src/modules/beta/beta.module.ts → src/modules/beta/beta.repository.ts',
      'public-file-exports-no-repository: src/modules/beta/relay.ts → src/modules/beta/beta.repository.ts (a re-export)',
      'no-import-within-an-apart-layer: src/modules/alpha/peer.ts → src/modules/omega/omega.module.ts',
      'no-import-from-a-layer-above: src/modules/gamma/up.ts → src/modules/alpha/alpha.module.ts',
      'no-module-cycle: alpha ↔ beta ↔ gamma',
      'plugins-lib-http-know-no-module: src/plugins/session.ts → src/modules/alpha/alpha.module.ts',
      '(cycle: src/modules/alpha/routes.ts → src/plugins/session.ts → src/modules/alpha/alpha.module.ts)',
      'no-cycle: src/lib/x.ts → src/lib/y.ts (cycle: src/lib/y.ts → src/lib/x.ts)',
      'features-never-import-each-other: src/features/one/One.ts → src/features/two/Two.ts',
    ]) {
      expect(output, line).toContain(line);
    }
  });

  it('fails on a function over 70 lines that is not listed to split, and passes the clean tree', () => {
    expect(checkSizes('clean').status).toBe(0);
    const { status, output } = checkSizes('planted');
    expect(output).toContain('a function over 70 lines (split it): src/lib/long.ts long, 72 lines');
    expect(status, output).toBe(1);
  });

  it('fails when the longest chain of modules is deeper than the map allows', () => {
    const { status, output } = check('deep');
    expect(output).toContain('max-depth: 3 modules deep (alpha → beta → gamma), layers.mjs allows 2');
    expect(status, output).toBe(1);
  });
});
