import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { testConfigEnv } from './test-app'

// A second API process (src/server/main.ts --role=api) on the same PostgreSQL database as the test's own
// app, for the races that only show with more than one process (docs/QUALITY.md "rush"). It listens on
// 127.0.0.1 only, works no jobs and shares the test's JWT_SECRET, so tokens of one process are valid in
// the other. Bounded: it must answer /healthz within `startTimeoutMs`, and stop() ends it for sure.

export type ApiProcess = {
  /** http://127.0.0.1:PORT */
  url: string
  pid: number
  /** What the process printed (stdout and stderr, the last 64 KiB). */
  output(): string
  stop(): Promise<void>
}

const root = fileURLToPath(new URL('../..', import.meta.url))

/** A port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Starts `tsx src/server/main.ts --role=api` (or `--role=all`, which also works the jobs when JOBS=on) against `databaseUrl` (already migrated: main.ts migrates
 * only the embedded database) and waits until its /healthz answers 200.
 */
export async function startApiProcess(options: { databaseUrl: string; env?: Record<string, string>; startTimeoutMs?: number; nodeArgs?: string[]; role?: 'api' | 'all' }): Promise<ApiProcess> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'sf-api-'))
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? tmpdir(),
    ...testConfigEnv,
    RATE_LIMIT_MAX: '1000000', RATE_LIMIT_AUTH_IP_MAX: '1000000', RATE_LIMIT_COUPON_FAILURES: '1000000',
    DATABASE_URL: options.databaseUrl, DATABASE_POOL_SIZE: '10',
    PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir,
    SEED_DEMO: 'false', JOBS: 'off', LOG_LEVEL: 'silent',
    ...options.env,
  }
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/server/main.ts', `--role=${options.role ?? 'api'}`], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-65_536)
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const url = `http://127.0.0.1:${port}`

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const killed = await Promise.race([exited(child).then(() => true), sleep(10_000).then(() => false)])
      if (!killed) {
        child.kill('SIGKILL')
        await exited(child)
      }
    }
    rmSync(dataDir, { recursive: true, force: true })
  }

  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000)
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop()
      throw new Error(`the API process ended before it answered (exit ${child.exitCode ?? child.signalCode}):\n${output}`)
    }
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) })
      if (res.status === 200) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`the API process did not answer /healthz within ${options.startTimeoutMs ?? 60_000} ms:\n${output}`)
    }
    await sleep(200)
  }
  return { url, pid: child.pid!, output: () => output, stop }
}
