import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { chunkPlanMode, libraryGroups, screensGroup, writeChunkPlan } from './chunkPlan';
import { pageShell } from './pageShell';

/** Where `npm run dev` sends API and socket calls; API_URL points it at a server on another port. */
const api = process.env.API_URL ?? 'http://127.0.0.1:8080';

/** Mantine's `useId`, replaced by src/lib/mantineUseId.ts (why: there) wherever @mantine/hooks imports its own. */
export function mantineUseId(): Plugin {
  let replacement = '';
  return {
    name: 'paydesk-mantine-use-id',
    enforce: 'pre',
    configResolved(config) {
      replacement = join(config.root, 'src/lib/mantineUseId.ts');
    },
    resolveId(source, importer) {
      const fromHooks = importer?.replaceAll('\\', '/').includes('/@mantine/hooks/esm/');
      return fromHooks && source === './use-id/use-id.mjs' ? replacement : null;
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), mantineUseId(), writeChunkPlan(), pageShell()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/ws': { target: api.replace(/^http/, 'ws'), ws: true } },
  },
  build: {
    outDir: 'dist',
    // The first of the two builds (chunkPlan.ts) writes only its plan.
    write: mode !== chunkPlanMode,
    sourcemap: false,
    // Read by scripts/page-preloads.mjs (which chunks each screen needs), then removed.
    manifest: true,
    chunkSizeWarningLimit: 600,
    modulePreload: {
      // Every browser the app supports knows <link rel="modulepreload">: the polyfill would only add to the entry.
      polyfill: false,
      // The entry's and the start's (src/app/start.tsx) lazy imports are the start itself and the screens (page, first queries, signed-in layout): the chunks each needs are
      // in the build's page-preloads.json, which the server names in that screen's index.html and the app reads on
      // its first move to another screen (src/app/screens.ts). Carried in the entry too, those lists were ~3 KB of
      // every first visit's JavaScript, /login's included. The toasts' container keeps its list.
      resolveDependencies: (file, deps, { hostId }) =>
        /(^|\/)(index|start)-[\w-]+\.js$/.test(hostId) && !/(^|\/)Toasts-[\w-]+\.js$/.test(file) ? [] : deps,
    },
    rolldownOptions: {
      output: {
        // The libraries' groups (chunkPlan.ts `libraryGroups`), then the chunk plan's `start` and `screens`.
        codeSplitting: {
          // A group takes exactly the modules it names: pulling in their imports too would move modules the entry
          // needs into the shared `screens` chunk (chunkPlan.ts).
          includeDependenciesRecursively: false,
          groups: [...libraryGroups, ...screensGroup(mode)],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Guards against a hang, never budgets (src/test/setup.ts waits up to 300 s for what a test looks for).
    testTimeout: 600_000,
    hookTimeout: 600_000,
    expect: { poll: { timeout: 300_000 } },
    // One jsdom window and one load of React, Mantine and testing-library per worker instead of per file: building
    // them for each of ~50 files cost more than many of the tests themselves. The setup file re-evaluates the app's
    // own modules for every file and puts back what a file may leave behind (globals, timers, storage, cookies).
    isolate: false,
    // Both cores: the default leaves one for the main process, which only waits here.
    maxWorkers: 2,
  },
}));
