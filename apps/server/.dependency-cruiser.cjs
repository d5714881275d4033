/**
 * Module boundaries of the server (DESIGN §17), checked by `npm run check:static`:
 * - a module is a folder under src/modules; its one public file is `<module>.module.ts`;
 * - nothing outside a module reaches into its other files (type-only imports aside; a table file may import another
 *   module's table file to reference its keys; db/schema.ts lists every table for drizzle-kit; tests are free);
 * - dependencies point from the edges to the core (the layers below); no cycle between modules is checked by
 *   .dependency-cruiser-cycles.cjs, on the modules' code alone.
 */
const modules = '^src/modules/([^/]+)/';
const publicFile = '^src/modules/[^/]+/([^/]+)\\.module\\.ts$';
const tests = ['\\.test\\.ts$', '^test/'];

module.exports = {
  forbidden: [
    {
      name: 'no-reach-into-module',
      severity: 'error',
      comment: 'A module is used through its public file `<module>.module.ts`, never through its other files.',
      from: { path: modules, pathNot: [...tests, '\\.table\\.ts$'] },
      to: { path: '^src/modules/', pathNot: ['^src/modules/$1/', publicFile] },
    },
    {
      name: 'no-reach-into-module-from-a-table',
      severity: 'error',
      comment: "A table file may reference another module's table keys, and nothing else of it but its public file.",
      from: { path: `${modules}.*\\.table\\.ts$` },
      to: {
        path: '^src/modules/',
        pathNot: ['^src/modules/$1/', publicFile, '\\.table\\.ts$'],
      },
    },
    {
      name: 'no-reach-into-module-from-outside',
      severity: 'error',
      comment: 'app.ts, db, plugins, demo and cli use modules through their public files (db/schema.ts lists tables).',
      from: { path: '^src/', pathNot: [modules, ...tests, '^src/db/schema\\.ts$'] },
      to: { path: '^src/modules/', pathNot: [publicFile] },
    },
    {
      name: 'core-does-not-know-the-edges',
      severity: 'error',
      comment:
        'The core announces what happened (an event in its transaction) instead of calling the edges (DESIGN §17).',
      from: { path: '^src/modules/(orders|flows|requisites|users|ledger|jobs|audit)/', pathNot: tests },
      to: { path: '^src/modules/(api|anti-fraud|disputes|terminals|webhooks|statistics)/' },
    },
    {
      name: 'inner-core-does-not-know-orders',
      severity: 'error',
      comment: 'Users, the ledger, jobs and audit sit below orders, flows and requisites (DESIGN §17).',
      from: { path: '^src/modules/(users|ledger|jobs|audit)/', pathNot: tests },
      to: { path: '^src/modules/(orders|flows|requisites)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules'] },
    // Type-only imports are erased before run time and do not count (DESIGN §17: 'type-only imports aside').
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.json'] },
  },
};
