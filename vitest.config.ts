import { defineConfig } from 'vitest/config';

/** Journeys run this many files at once, each worker with a shared server of its own (e2e/support/global-setup.ts). */
const E2E_WORKERS = Number(process.env['PHAROS_E2E_WORKERS'] ?? 2);

export default defineConfig({
  test: {
    // Unit, web and integration files share one pool of workers (npm test runs them in one invocation):
    // integration files mostly wait on their database, peers and child processes, so a third worker
    // keeps both cores busy. `npx vitest run --maxWorkers=N` overrides it.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['core/src/**/*.test.ts', 'server/src/**/*.test.ts', 'scripts/**/*.test.ts', 'deploy/**/*.test.ts'],
          environment: 'node',
          // Unit tests share the cores with the integration files: a first schema compile can take seconds there.
          testTimeout: 30000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/support/global-setup.ts'],
          // Each file works on a database of its own (a copy of the migrated template), so files run in parallel.
          setupFiles: ['server/test/support/file-database.ts'],
          // A worker keeps the modules it loaded for its next file: loading the server anew for each of
          // 200 files cost more than their tests. Files keep their state in what they start, not in modules.
          isolate: false,
          // A ceiling for a test that hangs, not a wait: files share the cores, so give them room.
          testTimeout: 120000,
          hookTimeout: 120000,
          // A poll waits for a condition: on a machine running two suites at once, one second is not enough.
          expect: { poll: { timeout: 20000 } },
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
          setupFiles: ['web/src/test/setup.ts'],
          // Files share a worker's modules and window (setup.ts clears storage and the DOM after each test):
          // loading React and the app anew for each file cost more than the tests.
          isolate: false,
          // jsdom renders share two cores with the integration tests' database when npm test runs.
          testTimeout: 40000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 120000,
          // One ceiling for every journey's setup (a server, a browser, seeded rows): two journeys share the cores.
          hookTimeout: 240000,
          // A poll waits for what a person would see: a busy machine can take seconds to render it.
          expect: { poll: { timeout: 20000 } },
          maxWorkers: E2E_WORKERS,
          sequence: { concurrent: false },
        },
      },
    ],
  },
});
