import pg from 'pg'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { openDatabase, type Database } from '../../src/server/db/client'

export const testDatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite'

const runId = () => (process.env.SF_TEST_RUN_ID ?? 'local').replace(/[^a-z0-9_]/gi, '_').toLowerCase()

export function templateDatabaseName() {
  return `sf_test_template_${runId()}`
}

/** The copies one run makes start with this, so a run cleans up its own and never another run's. */
export function runDatabasePrefix() {
  return `sf_test_${runId()}_`
}

let pgliteTemplate: Blob | null | undefined

/** The run's migrated PGlite template (tests/setup/global-db.ts), read once per process; null outside vitest's integration project. */
async function pgliteTemplateOfRun(): Promise<Blob | null> {
  if (pgliteTemplate !== undefined) return pgliteTemplate
  const file = process.env.VITEST ? (await import('vitest')).inject('pgliteTemplate') : null
  // A Blob is immutable: every file's PGlite reads the same one.
  pgliteTemplate = file ? new Blob([new Uint8Array(readFileSync(file))]) : null
  return pgliteTemplate
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite opened from the run's template (or
 * migrated here when there is none), or a copy of the PostgreSQL template.
 */
export async function openTestDatabase(): Promise<Database> {
  if (testDatabaseKind === 'pglite') {
    const template = await pgliteTemplateOfRun()
    if (template) return openDatabase({ kind: 'pglite', loadDataDir: template })
    const database = await openDatabase({ kind: 'pglite' })
    await database.migrate()
    return database
  }
  const url = process.env.TEST_DATABASE_URL!
  const name = `${runDatabasePrefix()}${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name} template ${templateDatabaseName()}`)
  await admin.end()
  const fileUrl = new URL(url)
  fileUrl.pathname = `/${name}`
  const database = await openDatabase({ kind: 'postgres', url: fileUrl.toString(), poolSize: 10 })
  const close = database.close
  database.close = async () => {
    await close()
    const cleanup = new pg.Client({ connectionString: url })
    await cleanup.connect()
    await cleanup.query(`drop database if exists ${name} with (force)`)
    await cleanup.end()
  }
  return database
}
