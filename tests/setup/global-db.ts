import pg from 'pg'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../src/server/db/client'
import { runDatabasePrefix, templateDatabaseName } from '../helpers/test-db'
import { prepareTemplate } from '../helpers/test-template'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding the migrated PGlite template's data directory (PGlite runs only). */
    pgliteTemplate: string | null
  }
}

// One migrated template per run (docs/decisions/0058-test-database-template.md): every test file then gets
// its own copy of it. On PostgreSQL a template database (CREATE DATABASE ... TEMPLATE), so files run in
// parallel without touching each other; on PGlite a dump of the data directory each file opens in memory.
export async function setup(project: TestProject) {
  if (process.env.TEST_DB !== 'postgres') return setupPglite(project)
  project.provide('pgliteTemplate', null)
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL')
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  const template = templateDatabaseName()
  await admin.query(`drop database if exists ${template}`)
  await admin.query(`create database ${template}`)
  await admin.end()
  const templateUrl = new URL(url)
  templateUrl.pathname = `/${template}`
  const database = await openDatabase({ kind: 'postgres', url: templateUrl.toString(), poolSize: 2 })
  await prepareTemplate(database)
  await database.close()
  return async () => {
    const cleanup = new pg.Client({ connectionString: url })
    await cleanup.connect()
    const stale = await cleanup.query(`select datname from pg_database where datname like $1 or datname = $2`, [`${runDatabasePrefix()}%`, template])
    for (const row of stale.rows) await cleanup.query(`drop database if exists "${row.datname}" with (force)`)
    await cleanup.end()
  }
}

async function setupPglite(project: TestProject) {
  const database = await openDatabase({ kind: 'pglite' })
  await prepareTemplate(database)
  const tarball = Buffer.from(await (await database.dump!()).arrayBuffer())
  await database.close()
  mkdirSync('.tmp', { recursive: true })
  const file = resolve('.tmp', `pglite-template-${process.pid}.tar`)
  writeFileSync(file, tarball)
  project.provide('pgliteTemplate', file)
  return () => rmSync(file, { force: true })
}
