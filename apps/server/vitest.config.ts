import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own database (PGlite instance or PostgreSQL database); two at a time fit 2 cores.
    maxWorkers: 2,
  },
});
