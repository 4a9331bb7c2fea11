import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** An embedded database directory, migrated with the job queue installed, that each browser test's server copies. */
    e2eDataTemplate: string
  }
}

// Every browser test starts its own server on its own embedded database. Migrating one directory once and
// copying it per server spares each start (and each manager made with admin:create) PGlite's initdb, the
// migrations and the job queue's schema (docs/decisions/0058-test-database-template.md).
export function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sellfront-e2e-template-'))
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/db/migrate-cli.ts'], {
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'false', JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456' },
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`migrating the browser tests' template database failed: ${result.stdout}${result.stderr}`)
  project.provide('e2eDataTemplate', dataDir)
  return () => rmSync(dataDir, { recursive: true, force: true })
}
