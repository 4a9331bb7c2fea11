import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, describe, expect, test } from 'vitest'
import { openTestDatabase, runDatabasePrefix, testDatabaseKind } from '../../../tests/helpers/test-db'
import { openDatabase, type Database } from './client'
import { backupEmbedded, backupPostgres, listBackups, restoreEmbedded, restorePostgres } from './backup'

// Backup and restore (docs/operations.md): an embedded backup taken while writes go on is a consistent copy
// (never half a transaction) with the uploads and the token key, and restores into an empty or a used data
// directory (what was there kept aside); PostgreSQL round-trips through pg_dump and pg_restore.

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sf-backup-'))
  dirs.push(dir)
  return dir
}
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

const count = async (database: Database) => Number((await database.executeSql('select count(*)::int as n from backup_probe')).rows[0].n)

describe.runIf(testDatabaseKind === 'pglite')('the embedded database', () => {
  test('a copy taken while pairs of rows are written holds whole pairs, the uploads and the key; it restores anywhere', async () => {
    const database = await openTestDatabase()
    const dataDir = tempDir()
    await mkdir(join(dataDir, 'uploads'), { recursive: true })
    await writeFile(join(dataDir, 'uploads', 'file-0123456789abcdef0123456789abcdef.pdf'), 'the bytes')
    await writeFile(join(dataDir, 'jwt-secret'), 'a-secret-of-this-instance')
    await database.executeSql('create table backup_probe (n int not null)')
    let writing = true
    const writer = (async () => {
      // Enough pairs to overlap the copy, few enough for a busy machine (2,000 ran past the test's time on one).
      for (let i = 0; writing && i < 400; i++) {
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into backup_probe values (1)`)
          await tx.execute(sql`insert into backup_probe values (2)`)
        })
      }
    })()
    await new Promise((r) => setTimeout(r, 50))
    const written = await backupEmbedded(database, dataDir, new Date('2026-11-29T00:45:12.345Z'))
    writing = false
    await writer
    expect(written.endsWith('sellfront-20261129T004512Z')).toBe(true)
    expect(await listBackups(dataDir)).toEqual(['sellfront-20261129T004512Z'])
    expect(readdirSync(written).sort()).toEqual(['db.tar.gz', 'jwt-secret', 'manifest.json', 'uploads'])
    const rowsAtEnd = await count(database)
    await database.close()

    // Into a new machine's empty data directory.
    const elsewhere = tempDir()
    expect((await restoreEmbedded(written, elsewhere)).movedAside).toEqual([])
    const restored = await openDatabase({ kind: 'pglite', dataDir: join(elsewhere, 'db') })
    const rows = await count(restored)
    expect(rows % 2).toBe(0)
    expect(rows).toBeLessThanOrEqual(rowsAtEnd)
    expect(Number((await restored.executeSql('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n)).toBeGreaterThan(30)
    await restored.close()
    expect(readFileSync(join(elsewhere, 'uploads', 'file-0123456789abcdef0123456789abcdef.pdf'), 'utf8')).toBe('the bytes')
    expect(readFileSync(join(elsewhere, 'jwt-secret'), 'utf8')).toBe('a-secret-of-this-instance')

    // Over the same data directory: what was there is moved aside, not deleted.
    await writeFile(join(dataDir, 'jwt-secret'), 'changed since')
    const { movedAside } = await restoreEmbedded(written, dataDir, new Date('2026-11-29T01:00:00Z'))
    expect(movedAside.sort()).toEqual(['jwt-secret.before-restore-20261129T010000Z', 'uploads.before-restore-20261129T010000Z'])
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe('a-secret-of-this-instance')
    expect(readFileSync(join(dataDir, 'jwt-secret.before-restore-20261129T010000Z'), 'utf8')).toBe('changed since')
  }, 90_000)

  test('a half-written backup is not listed', async () => {
    const dataDir = tempDir()
    await mkdir(join(dataDir, 'backups', 'sellfront-20261129T000000Z.partial'), { recursive: true })
    expect(await listBackups(dataDir)).toEqual([])
    expect(existsSync(join(dataDir, 'backups'))).toBe(true)
  })
})

describe.runIf(testDatabaseKind === 'postgres')('PostgreSQL', () => {
  test('pg_dump and pg_restore round-trip the database', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!
    const source = await openTestDatabase()
    await source.executeSql('create table backup_probe (n int not null)')
    await source.executeSql('insert into backup_probe select generate_series(1, 25)')
    const sourceUrl = new URL(adminUrl)
    sourceUrl.pathname = `/${(await source.executeSql('select current_database() as name')).rows[0].name}`
    const file = join(tempDir(), 'sellfront.dump')
    await backupPostgres(sourceUrl.toString(), file)
    await source.close()

    const name = `${runDatabasePrefix()}restore_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    try {
      const targetUrl = new URL(adminUrl)
      targetUrl.pathname = `/${name}`
      await restorePostgres(targetUrl.toString(), file)
      const target = await openDatabase({ kind: 'postgres', url: targetUrl.toString(), poolSize: 1 })
      expect(await count(target)).toBe(25)
      expect(Number((await target.executeSql('select count(*)::int as n from sellers')).rows[0].n)).toBeGreaterThanOrEqual(0)
      await target.close()
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    }
  })
})
