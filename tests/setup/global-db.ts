import pg from 'pg'
import { openDatabase } from '../../src/server/db/client'
import { runDatabasePrefix, templateDatabaseName } from '../helpers/test-db'

// On PostgreSQL (TEST_DB=postgres) one migrated template database is made per run; every test file then
// gets its own copy (CREATE DATABASE ... TEMPLATE), so files run in parallel without touching each other.
export async function setup() {
  if (process.env.TEST_DB !== 'postgres') return
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
  await database.migrate()
  await database.close()
  return async () => {
    const cleanup = new pg.Client({ connectionString: url })
    await cleanup.connect()
    const stale = await cleanup.query(`select datname from pg_database where datname like $1 or datname = $2`, [`${runDatabasePrefix()}%`, template])
    for (const row of stale.rows) await cleanup.query(`drop database if exists "${row.datname}" with (force)`)
    await cleanup.end()
  }
}
