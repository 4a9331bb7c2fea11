import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { bundleServer } from './e2e-server-bundle'

declare module 'vitest' {
  export interface ProvidedContext {
    /** An embedded database directory, migrated with the job queue installed, that each browser test's server copies. */
    e2eDataTemplate: string
    /** The same with the demo already put in, its users' password `e2eDemoPassword` (a demo start copies it). */
    e2eDemoTemplate: string
    e2eDemoPassword: string
    /** The server and the manager CLI bundled once for the run (tests/setup/e2e-server-bundle.ts). */
    e2eServer: { main: string; createManager: string }
  }
}

/** The demo password most browser tests sign in with: their servers start from the seeded template. */
export const e2eDemoPassword = 'Demo-pass1!'
const secret = 'e2e-secret-e2e-secret-e2e-secret-0123456'

function run(script: string, env: Record<string, string>, what: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', SEED_DEMO: 'false', JWT_SECRET: secret, ARGON2_MEMORY_KIB: '1024', ...env },
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`${what} failed: ${result.stdout}${result.stderr}`)
}

// Every browser test starts its own server on its own embedded database. Migrating one directory once and
// copying it per server spares each start (and each manager made with admin:create) PGlite's initdb, the
// migrations and the job queue's schema (docs/decisions/0058-test-database-template.md); a second copy with
// the demo put in spares a demo start the seeding too (docs/decisions/0080-browser-tests-start-a-bundled-server.md).
export async function setup(project: TestProject) {
  // Inside the repository, so the bundle's packages resolve from its node_modules.
  mkdirSync('.tmp', { recursive: true })
  const bundleDir = mkdtempSync(join(process.cwd(), '.tmp', 'e2e-server-'))
  project.provide('e2eServer', await bundleServer(bundleDir))
  const dataDir = mkdtempSync(join(tmpdir(), 'sellfront-e2e-template-'))
  run('src/server/db/migrate-cli.ts', { DATA_DIR: dataDir }, 'migrating the browser tests\' template database')
  project.provide('e2eDataTemplate', dataDir)
  const demoDir = mkdtempSync(join(tmpdir(), 'sellfront-e2e-demo-template-'))
  cpSync(dataDir, demoDir, { recursive: true })
  // The demo as a server start makes it: built pages and tracking off (tests/e2e/harness.ts says why).
  run('src/server/db/seed-cli.ts', { DATA_DIR: demoDir, DEMO_PASSWORD: e2eDemoPassword, SEED_DEMO_PAGES: 'false', SEED_DEMO_TRACKING: 'false' }, 'seeding the browser tests\' demo template')
  project.provide('e2eDemoTemplate', demoDir)
  project.provide('e2eDemoPassword', e2eDemoPassword)
  return () => {
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(demoDir, { recursive: true, force: true })
    rmSync(bundleDir, { recursive: true, force: true })
  }
}
