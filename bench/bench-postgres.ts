import { spawnSync } from 'node:child_process'
import http from 'node:http'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { startApiProcess, type ApiProcess } from '../tests/helpers/api-process'

// What the PostgreSQL benchmarks (checkout, rush) share: the server and pgbench they need, a database of
// their own, and API processes started the same way.

/**
 * The PostgreSQL server's admin URL (TEST_DATABASE_URL or DATABASE_URL) when it and pgbench are there;
 * otherwise says so, prints the skipped ratio line and ends the process (a skip, not a failure).
 */
export function requirePostgresAndPgbench(bench: string, ratioLine: string): string {
  const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL
  const missing = !adminUrl ? 'set TEST_DATABASE_URL (or DATABASE_URL) to a PostgreSQL server'
    : spawnSync('pgbench', ['--version']).status !== 0 ? 'pgbench is not installed (apt-get install postgresql-client)' : null
  if (missing) {
    console.log(`${bench} bench skipped: ${missing}`)
    console.log(`${ratioLine}: skipped (${!adminUrl ? 'no PostgreSQL' : 'no pgbench'})`)
    process.exit(0)
  }
  return adminUrl!
}

/** A new database on that server and a temporary directory; `drop()` removes both. */
export async function benchDatabase(adminUrl: string): Promise<{ databaseUrl: string; dir: string; drop(): Promise<void> }> {
  const name = `sf_bench_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const dir = mkdtempSync(join(tmpdir(), 'sf-bench-'))
  return {
    databaseUrl: url.toString(), dir,
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {})
      await admin.end().catch(() => {})
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * An API process for a benchmark: production mode, no rate limit, CHECKOUT_CONCURRENCY passed on when
 * set; BENCH_CPU_PROF=<dir> writes its CPU profile there (open it in Chrome's DevTools).
 */
export function startBenchApi(databaseUrl: string, poolSize: number): Promise<ApiProcess> {
  const nodeArgs = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []
  const env: Record<string, string> = { NODE_ENV: 'production', RATE_LIMIT: 'off', DATABASE_POOL_SIZE: String(poolSize) }
  if (process.env.CHECKOUT_CONCURRENCY) env.CHECKOUT_CONCURRENCY = process.env.CHECKOUT_CONCURRENCY
  return startApiProcess({ databaseUrl, env, nodeArgs })
}

/**
 * A JSON POST over node:http with the agent's kept-alive sockets: the load generator shares the two cores
 * with the API processes and PostgreSQL, and it costs about half of what fetch does per request.
 */
export function postJson(agent: http.Agent, base: string, path: string, body: unknown, headers: Record<string, string> = {}, timeoutMs = 30_000): Promise<{ status: number; json(): Promise<unknown> }> {
  const url = new URL(base)
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body)
    const req = http.request({
      host: url.hostname, port: url.port, path, method: 'POST', agent, timeout: timeoutMs,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
    }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        resolve({ status: res.statusCode ?? 0, json: async () => JSON.parse(text) as unknown })
      })
      res.on('error', reject)
    })
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { name: 'TimeoutError' })))
    req.on('error', reject)
    req.end(payload)
  })
}
