import { defineConfig } from 'vitest/config';

/** Unit and integration tests (server, contracts, web logic). End-to-end specs have their own config in e2e/. */
export default defineConfig({
  test: {
    include: ['packages/**/src/**/*.test.ts', 'apps/**/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts', 'scripts/**/*.test.{mjs,ts}', 'cluster/**/*.test.ts', 'drill/**/*.test.ts', 'bench/**/*.test.ts', 'e2e/support/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    minWorkers: 1,
  },
});
