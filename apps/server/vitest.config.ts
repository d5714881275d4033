import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Guards against a hang, never budgets: a test waits for the state or event it needs (expect.poll, a promise), so a
    // busy machine makes it slower, not red. Each is many times the slowest test's time on a loaded two-core machine.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    expect: { poll: { timeout: 300_000, interval: 50 } },
    // Each file opens its own database (PGlite instance or PostgreSQL database); two at a time fit 2 cores.
    maxWorkers: 2,
    // A worker imports the app (Fastify, zod schemas, drizzle, PGlite's WebAssembly) once for all its files instead
    // of once per file: 80 s → 45 s for the suite on PGlite. Files share no state through modules: every file builds
    // its own app on a database of its own, and the server keeps nothing at module level but constants and the process's
    // metrics counters (lib/metrics.ts), which only go up and which tests read as differences.
    isolate: false,
  },
});
