import { defineConfig } from 'vitest/config';

/** Migrates the run's template database once; each test file's database is a copy of it. */
const databaseTemplate = 'packages/server/src/test/globalSetup.ts';

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker; most test files wait on a database, a broker or a
    // browser, so three share the cores well (the unit pass: 256 s with one, 136 s with three, 130 s with four).
    maxWorkers: 3,
    projects: [
      // Property tests run hundreds of cases: a second alone, several on a loaded machine, beyond Vitest's 5 s.
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts', 'scripts/**/*.test.ts'], testTimeout: 20_000 } },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          // Test files of a worker share its module cache: each file builds its own app, database and broker, and no
          // server module keeps state between apps. Isolated, every file imported the whole server again: 25 files took
          // 210 s of CPU, 94 s so (import time 202 s → 40 s).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: [databaseTemplate],
        },
      },
      {
        test: {
          name: 'simulator',
          include: ['packages/simulator/src/**/*.test.ts'],
          // Simulated dataloggers publish on a 200 ms clock to a real broker: on a loaded machine a step can slip
          // past what a test waits for. A second try tells that from a fault, which fails both.
          retry: 1,
        },
      },
      {
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          // Screen tests wait for what a person would see: on a loaded machine that takes longer than Vitest's 5 s.
          testTimeout: 20_000,
          // As the server's: shared imports (React, antd, the screens) took the project 146 → 55-71 s of CPU; each test
          // leaves the client's stores as a new page finds them (test/screen.tsx, cleanup).
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // A page waits on its server, and CI runs two browser files beside each other on 2 cores: a device page's plant
          // zone once came after poll's default second (its history's range showed the browser's day, then the plant's).
          expect: { poll: { timeout: 15_000 } },
          // Two browser files at once (each with its own server and database): 186 s serial, 119 s so.
          fileParallelism: true,
          maxWorkers: 2,
          // As the server's: each file starts its own server and browser; shared imports cut import time from 66 s to 12 s.
          isolate: false,
          globalSetup: [databaseTemplate],
        },
      },
    ],
  },
});
