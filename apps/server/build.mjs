// Bundles the server (and the contract it imports as TypeScript) into dist/; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: { '@paydesk/contract': '../../packages/contract/src/index.ts' },
  logLevel: 'warning',
});
