import { spawnSync } from 'node:child_process'
import http from 'node:http'
import net from 'node:net'
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { fullPayer } from '../tests/factories/checkout'
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
  const nodeArgs = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`, ...(process.env.BENCH_CPU_PROF_INTERVAL ? [`--cpu-prof-interval=${process.env.BENCH_CPU_PROF_INTERVAL}`] : [])] : []
  const env: Record<string, string> = { NODE_ENV: 'production', RATE_LIMIT: 'off', DATABASE_POOL_SIZE: String(poolSize) }
  if (process.env.CHECKOUT_CONCURRENCY) env.CHECKOUT_CONCURRENCY = process.env.CHECKOUT_CONCURRENCY
  return startApiProcess({ databaseUrl, env, nodeArgs })
}

/**
 * Payers' checkouts (POST /api/v1/shop/orders, then the sandbox's success) from `clients` loops at once, over
 * the agent's kept-alive sockets: `run` keeps them going for a while and answers how many completed (counted
 * only when `count`, which a warm-up is not); each counted one's time goes to `latencies`, each failure by
 * its kind to `failures`.
 */
export function checkoutLoad(agent: http.Agent, base: string, plan: { productId: number; planId: number }, clients: number) {
  const failures: Record<string, number> = {}
  const latencies: number[] = []
  const fail = (kind: string) => {
    failures[kind] = (failures[kind] ?? 0) + 1
    return false
  }
  async function checkout(count: boolean): Promise<boolean> {
    const started = performance.now()
    const res = await postJson(agent, base, '/api/v1/shop/orders', {
      product_id: plan.productId, pricing_plan_id: plan.planId, payment_method: 'card', payer: fullPayer(), terms_accepted: true,
    }, { 'idempotency-key': randomUUID() })
    const body = (await res.json()) as { next_action?: { payment_id: string }; error?: { type: string } }
    if (res.status !== 201) return fail(`order ${res.status} ${body.error?.type}`)
    const pay = await postJson(agent, base, `/api/v1/shop/sandbox/payments/${body.next_action!.payment_id}`, { outcome: 'success' })
    const payBody = (await pay.json()) as { state?: string }
    if (pay.status !== 200 || payBody.state !== 'successful') return fail(`pay ${pay.status} ${payBody.state}`)
    if (count) latencies.push(performance.now() - started)
    return true
  }
  async function run(seconds: number, count: boolean): Promise<number> {
    const end = performance.now() + seconds * 1000
    let done = 0
    await Promise.all(Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const ok = await checkout(count).catch((error: Error) => fail(`error ${error.name}`))
        if (ok && count) done++
      }
    }))
    return done
  }
  return { failures, latencies, run }
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

/**
 * A JSON POST written in full (request line, headers, body) before it is sent, for RawHttpConnection.
 */
export function jsonPostBytes(base: string, path: string, body: unknown, headers: Record<string, string> = {}): Buffer {
  const url = new URL(base)
  const payload = Buffer.from(JSON.stringify(body), 'utf8')
  const lines = [`POST ${path} HTTP/1.1`, `host: ${url.host}`, 'content-type: application/json', `content-length: ${payload.length}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)]
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload])
}

/**
 * One kept-alive HTTP/1.1 connection that sends requests written beforehand (jsonPostBytes) and reads
 * answers with a content-length (Fastify's JSON answers), one at a time. The rush's load generator shares
 * the two cores with what it measures; node:http's client cost about a millisecond of CPU per request there.
 */
export class RawHttpConnection {
  private buffered: Buffer = Buffer.alloc(0)
  private waiting: { resolve(answer: { status: number; body: string }): void; reject(error: Error): void } | null = null

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk])
      this.answer()
    })
    const fail = (error: Error) => {
      this.waiting?.reject(error)
      this.waiting = null
    }
    socket.on('error', fail)
    socket.on('close', () => fail(new Error('connection closed')))
  }

  static open(base: string, timeoutMs = 60_000): Promise<RawHttpConnection> {
    const url = new URL(base)
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: url.hostname, port: Number(url.port), noDelay: true }, () => {
        socket.off('error', reject)
        resolve(new RawHttpConnection(socket))
      })
      socket.setTimeout(timeoutMs, () => socket.destroy(Object.assign(new Error('timeout'), { name: 'TimeoutError' })))
      socket.once('error', reject)
    })
  }

  request(bytes: Buffer): Promise<{ status: number; body: string }> {
    if (this.waiting) return Promise.reject(new Error('one request at a time'))
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject }
      this.socket.write(bytes)
    })
  }

  close(): void {
    this.socket.destroy()
  }

  private answer() {
    const end = this.buffered.indexOf('\r\n\r\n')
    if (end < 0 || !this.waiting) return
    const head = this.buffered.subarray(0, end).toString('latin1')
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN)
    if (!Number.isFinite(length)) {
      this.waiting.reject(new Error(`an answer without content-length: ${head.split('\r\n')[0]}`))
      this.waiting = null
      return
    }
    if (this.buffered.length < end + 4 + length) return
    const body = this.buffered.subarray(end + 4, end + 4 + length).toString('utf8')
    this.buffered = this.buffered.subarray(end + 4 + length)
    const waiting = this.waiting
    this.waiting = null
    waiting.resolve({ status: Number(head.slice(9, 12)), body })
  }
}

/**
 * CPU seconds used so far by the given processes and by PostgreSQL's processes, from /proc (Linux; null
 * elsewhere): where a benchmark's two cores go.
 */
export function cpuSeconds(pids: number[]): { api: number; postgres: number } | null {
  if (!existsSync('/proc/self/stat')) return null
  const ticksOf = (pid: string, withEndedChildren = false) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      // utime + stime, in clock ticks (100 per second); with the ended children's cutime + cstime
      const own = Number(fields[11]) + Number(fields[12])
      return withEndedChildren ? own + Number(fields[13]) + Number(fields[14]) : own
    } catch {
      return 0 // the process ended meanwhile
    }
  }
  // PostgreSQL's backends end with their connection (pgbench's do when it stops): their CPU is then counted in
  // the postmaster's ended children, which is why those count too.
  let postgres = 0
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      // `comm` is the program's name for the postmaster (whose command line is its path) and its backends alike
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') postgres += ticksOf(pid, true)
    } catch { /* ended meanwhile */ }
  }
  return { api: pids.reduce((sum, pid) => sum + ticksOf(String(pid)), 0) / 100, postgres: postgres / 100 }
}
