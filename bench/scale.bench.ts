// The scale figures (README "Benchmarks"): checkouts per second (POST /api/v1/shop/orders, then the sandbox's success) with 1, 2
// and 4 API processes against one PostgreSQL, the same clients spread over the processes, and each point's CPU
// split between the API processes and PostgreSQL (from /proc). The last line is the ratio of 4 processes to 1:
// on a two-core machine the curve stops where PostgreSQL and the processes share the cores, which the CPU
// split shows. The load generator is this process, never a server's. Needs PostgreSQL (TEST_DATABASE_URL or
// DATABASE_URL); without it, it says so and stops.
import http from 'node:http'
import { performance } from 'node:perf_hooks'
import { openDatabase } from '../src/server/db/client'
import { createSeller, oneTimePlan } from '../tests/factories/catalog'
import { publishedProduct } from '../tests/factories/checkout'
import type { ApiProcess } from '../tests/helpers/api-process'
import { createTestApp } from '../tests/helpers/test-app'
import { benchDatabase, checkoutLoad, cpuSeconds, startBenchApi } from './bench-postgres'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const clients = Number(process.env.BENCH_CLIENTS ?? 16)
const points = (process.env.SCALE_PROCESSES ?? '1,2,4').split(',').map(Number)
const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL
if (!adminUrl) {
  console.log('scale bench skipped: set TEST_DATABASE_URL (or DATABASE_URL) to a PostgreSQL server')
  console.log('ratio checkouts/s 4 processes / 1: skipped (no PostgreSQL)')
  process.exit(0)
}

const benchDb = await benchDatabase(adminUrl)
const results: { processes: number; perSecond: number; p99: number; apiCpu: number; postgresCpu: number; failures: Record<string, number> }[] = []
try {
  const database = await openDatabase({ kind: 'postgres', url: benchDb.databaseUrl, poolSize: 2 })
  await database.migrate()
  const t = await createTestApp({ DATABASE_URL: benchDb.databaseUrl, DATA_DIR: benchDb.dir, LOG_LEVEL: 'silent' }, { database, realClock: true })
  const seller = await createSeller(t)
  const product = await publishedProduct(t, seller.accessToken, { name: 'Scale bench', limit: 1_000_000_000, pricing_plans: [oneTimePlan(1_990)] })
  const plan = { productId: product.id as number, planId: product.pricing_plans[0].id as number }
  await t.close()

  for (const count of points) {
    const processes: ApiProcess[] = await Promise.all(Array.from({ length: count }, () => startBenchApi(benchDb.databaseUrl, Math.max(4, Math.ceil(20 / count)))))
    try {
      // The clients spread evenly over the processes, each process with its own kept-alive sockets.
      const share = (i: number) => Math.floor(clients / count) + (i < clients % count ? 1 : 0)
      const loads = processes.map((p, i) => checkoutLoad(new http.Agent({ keepAlive: true, maxSockets: share(i) }), p.url, plan, share(i)))
      await Promise.all(loads.map((load) => load.run(2, false)))
      const before = cpuSeconds(processes.map((p) => p.pid)) ?? { api: 0, postgres: 0 }
      const started = performance.now()
      const done = (await Promise.all(loads.map((load) => load.run(seconds, true)))).reduce((a, b) => a + b, 0)
      const elapsed = (performance.now() - started) / 1000
      const after = cpuSeconds(processes.map((p) => p.pid)) ?? { api: 0, postgres: 0 }
      const latencies = loads.flatMap((load) => load.latencies).sort((a, b) => a - b)
      const failures: Record<string, number> = {}
      for (const load of loads) for (const [kind, n] of Object.entries(load.failures)) failures[kind] = (failures[kind] ?? 0) + n
      results.push({
        processes: count, perSecond: done / elapsed, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
        apiCpu: (after.api - before.api) / elapsed, postgresCpu: (after.postgres - before.postgres) / elapsed, failures,
      })
    } finally {
      for (const p of processes) await p.stop().catch(() => {})
    }
  }
} finally {
  await benchDb.drop()
}

for (const r of results) {
  const total = r.apiCpu + r.postgresCpu
  console.log(`${r.processes} API process(es), ${clients} clients: ${r.perSecond.toFixed(1)} checkouts/s, p99 ${r.p99.toFixed(0)} ms; CPU cores used: API ${r.apiCpu.toFixed(2)}, PostgreSQL ${r.postgresCpu.toFixed(2)} (database's share ${total > 0 ? ((r.postgresCpu / total) * 100).toFixed(0) : '-'} %)${Object.keys(r.failures).length ? `; failures ${JSON.stringify(r.failures)}` : ''}`)
}
const one = results.find((r) => r.processes === 1)
const four = results.find((r) => r.processes === 4)
console.log(`ratio checkouts/s 4 processes / 1: ${one && four ? (four.perSecond / one.perSecond).toFixed(2) : 'n/a'}`)
