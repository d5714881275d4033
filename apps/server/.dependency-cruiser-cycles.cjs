/**
 * No cycle between server modules (DESIGN §17), on the modules' own code: a module's folder depends on another's when
 * one of its files imports one of the other's at run time. Tests are free, and a table file referencing another
 * module's table keys is no dependency of the module (drizzle reads the keys lazily), so both are left out here.
 * Reaches into other modules' files and the direction of the layers are checked by .dependency-cruiser.cjs.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycle',
      severity: 'error',
      comment: 'Modules depend on each other in one direction only: the core announces, the edges subscribe.',
      scope: 'folder',
      from: { path: '^src/modules/([^/]+)' },
      to: { path: '^src/modules/', pathNot: '^src/modules/$1(/|$)', circular: true },
    },
  ],
  options: {
    includeOnly: '^src/modules/',
    exclude: { path: ['node_modules', '\\.test\\.ts$', '\\.table\\.ts$'] },
    // Type-only imports are erased before run time and do not count.
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.json'] },
  },
};
