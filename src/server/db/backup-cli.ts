// `npm run db:backup` and `npm run db:restore -- <backup>` (docs/operations.md "Backup and restore").
// Embedded: a running platform is asked to copy itself (SIGUSR2 to the process in DATA_DIR/sellfront.pid), since
// only the process that has the database open may read it; a stopped one is copied here. PostgreSQL: pg_dump and
// pg_restore against DATABASE_URL.
import { existsSync, readFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { loadConfig } from '../config'
import { openConfiguredDatabase } from '../bootstrap'
import { backupEmbedded, backupName, backupsDir, backupPostgres, listBackups, restoreEmbedded, restorePostgres } from './backup'

const [command, target] = process.argv.slice(2)
const config = loadConfig()

/** The running platform's process on this DATA_DIR, if one is alive. */
function runningPid(): number | null {
  const file = join(resolve(config.DATA_DIR), 'sellfront.pid')
  if (!existsSync(file)) return null
  const pid = Number(readFileSync(file, 'utf8').trim())
  try {
    process.kill(pid, 0)
    return pid
  } catch {
    return null
  }
}

async function backup(): Promise<string> {
  if (config.DATABASE_URL) {
    await mkdir(backupsDir(config.DATA_DIR), { recursive: true })
    return backupPostgres(config.DATABASE_URL, join(backupsDir(config.DATA_DIR), `${backupName(new Date())}.dump`))
  }
  const pid = runningPid()
  if (pid === null) {
    const database = await openConfiguredDatabase(config)
    try {
      return await backupEmbedded(database, config.DATA_DIR)
    } finally {
      await database.close()
    }
  }
  const before = new Set(await listBackups(config.DATA_DIR))
  process.kill(pid, 'SIGUSR2')
  const until = Date.now() + 10 * 60_000
  while (Date.now() < until) {
    const made = (await listBackups(config.DATA_DIR)).find((name) => !before.has(name))
    if (made) return join(backupsDir(config.DATA_DIR), made)
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`The running platform (process ${pid}) wrote no backup within 10 minutes; see its log`)
}

async function restore(from: string): Promise<string> {
  if (config.DATABASE_URL) {
    await restorePostgres(config.DATABASE_URL, resolve(from))
    return `Restored ${from} into the PostgreSQL database.`
  }
  const pid = runningPid()
  if (pid !== null) throw new Error(`The platform is running (process ${pid}) on ${config.DATA_DIR}: stop it before restoring`)
  const { movedAside } = await restoreEmbedded(resolve(from), config.DATA_DIR)
  return `Restored ${from} into ${config.DATA_DIR}.${movedAside.length ? ` What was there is kept as ${movedAside.join(', ')}.` : ''}`
}

try {
  if (command === 'backup') console.log(`Backup written: ${await backup()}`)
  else if (command === 'restore' && target) console.log(await restore(target))
  else {
    console.error('Usage: npm run db:backup | npm run db:restore -- <backup directory or .dump file>')
    process.exitCode = 2
  }
} catch (error) {
  console.error((error as Error).message)
  process.exitCode = 1
}
