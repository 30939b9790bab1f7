import { defineConfig } from 'vitest/config';

/** Migrates the run's template database once; each test file's database is a copy of it. */
const databaseTemplate = 'packages/server/src/test/globalSetup.ts';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts', 'scripts/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: [databaseTemplate],
        },
      },
      { test: { name: 'simulator', include: ['packages/simulator/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['packages/web/src/**/*.test.{ts,tsx}'] } },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          globalSetup: [databaseTemplate],
        },
      },
    ],
  },
});
