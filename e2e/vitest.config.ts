import { defineConfig } from 'vitest/config';

/** End-to-end specs: each file starts the built server and drives Debian's Chromium. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two cores: one spec file at a time (server + browser + test).
    fileParallelism: false,
    retry: 0,
  },
});
