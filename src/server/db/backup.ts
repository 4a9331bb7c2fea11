import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { openDatabase, type Database } from './client'

// Backups and restores (docs/operations.md "Backup and restore"). The embedded database is copied by the
// process that has it open (PGlite runs one statement at a time, so its dump is a consistent copy taken
// between two statements), with the files that belong to it: the uploads and the key that signs tokens and
// seals payment credentials. PostgreSQL is dumped and restored by its own tools (`pg_dump`/`pg_restore`).

/** What an embedded backup holds, beside its files. */
export type BackupManifest = { kind: 'embedded'; created_at: string; files: string[] }

/** `sellfront-20261129T004512Z`: backups sort by name as by time. */
export function backupName(at: Date): string {
  return `sellfront-${at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}`
}

export function backupsDir(dataDir: string): string {
  return join(resolve(dataDir), 'backups')
}

/**
 * Copies the open embedded database, the uploads and the token key into `DATA_DIR/backups/<name>/`. Written under
 * `<name>.partial` and renamed at the end, so a backup cut short is never taken for a whole one.
 */
export async function backupEmbedded(database: Database, dataDir: string, at: Date = new Date()): Promise<string> {
  if (!database.dump) throw new Error('Only the embedded database is copied this way; use pg_dump for PostgreSQL')
  const root = resolve(dataDir)
  const target = join(backupsDir(dataDir), backupName(at))
  const partial = `${target}.partial`
  await rm(partial, { recursive: true, force: true })
  await mkdir(partial, { recursive: true })
  const files = ['db.tar.gz']
  await writeFile(join(partial, 'db.tar.gz'), Buffer.from(await (await database.dump('gzip')).arrayBuffer()))
  if (existsSync(join(root, 'jwt-secret'))) {
    await cp(join(root, 'jwt-secret'), join(partial, 'jwt-secret'))
    files.push('jwt-secret')
  }
  // Uploads are written once under random keys and never changed, so copying them while serving is safe.
  if (existsSync(join(root, 'uploads'))) {
    await cp(join(root, 'uploads'), join(partial, 'uploads'), { recursive: true })
    files.push('uploads')
  }
  const manifest: BackupManifest = { kind: 'embedded', created_at: at.toISOString(), files }
  await writeFile(join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  await rename(partial, target)
  return target
}

/**
 * Puts an embedded backup in place of DATA_DIR's database, uploads and token key; what was there is moved
 * aside to `<name>.before-restore-<time>`, never deleted. The platform must not be running.
 */
export async function restoreEmbedded(backupDir: string, dataDir: string, at: Date = new Date()): Promise<{ movedAside: string[] }> {
  const manifest = JSON.parse(await readFile(join(backupDir, 'manifest.json'), 'utf8')) as BackupManifest
  if (manifest.kind !== 'embedded' || !manifest.files.includes('db.tar.gz')) throw new Error(`${backupDir} is not an embedded backup`)
  const root = resolve(dataDir)
  await mkdir(root, { recursive: true })
  const suffix = `.before-restore-${backupName(at).slice('sellfront-'.length)}`
  const movedAside: string[] = []
  for (const name of ['db', 'uploads', 'jwt-secret']) {
    if (!existsSync(join(root, name))) continue
    await rename(join(root, name), join(root, name + suffix))
    movedAside.push(name + suffix)
  }
  const tarball = new Blob([await readFile(join(backupDir, 'db.tar.gz'))])
  const restored = await openDatabase({ kind: 'pglite', dataDir: join(root, 'db'), loadDataDir: tarball })
  await restored.close()
  if (manifest.files.includes('jwt-secret')) await cp(join(backupDir, 'jwt-secret'), join(root, 'jwt-secret'))
  if (manifest.files.includes('uploads')) await cp(join(backupDir, 'uploads'), join(root, 'uploads'), { recursive: true })
  return { movedAside }
}

/** The embedded backups in DATA_DIR, oldest first (complete ones only). */
export async function listBackups(dataDir: string): Promise<string[]> {
  if (!existsSync(backupsDir(dataDir))) return []
  return (await readdir(backupsDir(dataDir))).filter((n) => n.startsWith('sellfront-') && !n.includes('.')).sort()
}

/** Runs one of PostgreSQL's tools; its errors are what it printed. */
function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let errors = ''
    child.stderr.on('data', (chunk: Buffer) => { errors += chunk.toString() })
    child.on('error', (error) => fail(new Error(`${command} could not be started (${error.message}); install PostgreSQL's client tools`)))
    child.on('close', (code) => code === 0 ? done() : fail(new Error(`${command} failed (${code}): ${errors.trim().slice(0, 2000)}`)))
  })
}

/** `pg_dump` in its custom format: compressed, restorable table by table. */
export async function backupPostgres(databaseUrl: string, file: string): Promise<string> {
  await runTool('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${databaseUrl}`])
  return file
}

/** `pg_restore` into the database of `databaseUrl`, its objects replaced (`--clean --if-exists`). */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  await runTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${databaseUrl}`, file])
}
