import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// Three projects: `unit` (pure shared code and web logic), `integration` (routes through app.inject on
// PGlite, or on PostgreSQL when TEST_DB=postgres), `e2e` (Chromium against a served app).
// scripts/test.mjs decides which ones run; a console.error fails any test (tests/setup/console.ts).
export default defineConfig({
  test: {
    // One worker per core (vitest's own default keeps one core for itself, which on a two-core machine halves the
    // integration phases): the main process mostly waits while workers run files (docs/decisions/0058-test-database-template.md).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.ts', 'src/web/**/*.test.tsx', 'src/storefront/**/*.test.ts'],
          setupFiles: ['tests/setup/console.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['src/server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          setupFiles: ['tests/setup/console.ts'],
          globalSetup: ['tests/setup/global-db.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // One process per worker runs file after file (docs/decisions/0050-integration-tests-share-a-process.md):
          // the app's modules and PGlite's WebAssembly load once per worker, not once per file. SF_ISOLATE=true
          // gives each file its own process again, to tell a leak between files from a real failure.
          isolate: process.env.SF_ISOLATE === 'true',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          setupFiles: ['tests/setup/console.ts'],
          globalSetup: ['tests/setup/e2e-data-template.ts'],
          environment: 'node',
          testTimeout: 90_000,
          // A file's beforeAll starts a server (up to 120 s on a busy machine, tests/e2e/harness.ts) and a browser.
          hookTimeout: 180_000,
          // A browser page polled for a figure may take seconds to answer on a busy CI machine: vitest's 1 s default
          // made an affiliate link's poll fail there while it passed here. A poll that needs longer says so itself.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          pool: 'forks',
          // One file at a time; SF_E2E_PARALLEL=true runs two at once on two cores, about a quarter faster, but the
          // accessibility check once found a passing state under that load (docs/decisions/0098-browser-test-files-two-at-a-time.md).
          fileParallelism: process.env.SF_E2E_PARALLEL === 'true',
        },
      },
    ],
  },
})
