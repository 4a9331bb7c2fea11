// The delivery latency (README "Benchmarks"): the time from a payment's success to its order's deliverables (access granted,
// license key issued) during a rush of payers. 100 payers (DELIVERY_PAYERS) buy a license key product with 100
// keys (DELIVERY_KEYS; fewer keys than payers makes the rest sold out) through two API processes; a third process
// works the jobs, as docker-compose.yml runs them. Each payer orders and pays in the sandbox on its own
// connection. The time is read from the rows afterwards (the payment's completed_at, the delivery's
// delivered_at), so no polling adds load. Target: p99 <= 1 s (the order is delivered in its payment's
// transaction, docs/decisions/0092-delivery-in-the-payment-transaction.md; the worker sends the mails). Needs
// PostgreSQL (TEST_DATABASE_URL or DATABASE_URL).
import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { openDatabase } from '../src/server/db/client'
import { createProduct, createSeller, oneTimePlan } from '../tests/factories/catalog'
import { fullPayer } from '../tests/factories/checkout'
import { startApiProcess, type ApiProcess } from '../tests/helpers/api-process'
import { createTestApp } from '../tests/helpers/test-app'
import { benchDatabase, jsonPostBytes, RawHttpConnection, startBenchApi } from './bench-postgres'

const payers = Number(process.env.DELIVERY_PAYERS ?? 100)
const keys = Number(process.env.DELIVERY_KEYS ?? 100)
const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL
if (!adminUrl) {
  console.log('delivery bench skipped: set TEST_DATABASE_URL (or DATABASE_URL) to a PostgreSQL server')
  console.log('p99 payment to deliverables: skipped (no PostgreSQL)')
  process.exit(0)
}
const benchDb = await benchDatabase(adminUrl)
const { databaseUrl, dir } = benchDb
const processes: ApiProcess[] = []
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

try {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 })
  await database.migrate()
  const t = await createTestApp({ DATABASE_URL: databaseUrl, DATA_DIR: dir, LOG_LEVEL: 'silent' }, { database, realClock: true })
  const seller = await createSeller(t)
  const product = await createProduct(t, seller.accessToken, { form: 'licenseKey', name: 'Delivery bench keys', pricing_plans: [oneTimePlan(2_900)] })
  const pool = Array.from({ length: keys }, (_, i) => `KEY-${String(i).padStart(5, '0')}-${randomUUID().slice(0, 8)}`)
  const added = await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/license_keys`, token: seller.accessToken, payload: { keys: pool } })
  if (added.statusCode !== 201) throw new Error(`adding keys failed: ${added.statusCode} ${added.body}`)
  const published = await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/publish`, token: seller.accessToken })
  if (published.statusCode !== 200) throw new Error(`publishing failed: ${published.statusCode} ${published.body}`)
  await t.close()

  // Two API processes that work no jobs, and one worker (it serves HTTP too, but gets no traffic).
  processes.push(...await Promise.all([
    startBenchApi(databaseUrl, 10), startBenchApi(databaseUrl, 10),
    startApiProcess({ databaseUrl, role: 'all', env: { NODE_ENV: 'production', RATE_LIMIT: 'off', JOBS: 'on', DATABASE_POOL_SIZE: '10' } }),
  ]))
  const apis = processes.slice(0, 2)
  const planId = product.pricing_plans[0]!.id as number
  const requests = Array.from({ length: payers }, (_, i) => jsonPostBytes(apis[i % apis.length]!.url, '/api/v1/shop/orders', {
    product_id: product.id, pricing_plan_id: planId, payment_method: 'card', payer: fullPayer(), terms_accepted: true,
  }, { 'idempotency-key': randomUUID() }))

  const started = performance.now()
  const outcomes = await Promise.all(Array.from({ length: payers }, async (_, i) => {
    const base = apis[i % apis.length]!.url
    let connection: RawHttpConnection | null = null
    try {
      connection = await RawHttpConnection.open(base)
      const res = await connection.request(requests[i]!)
      const body = JSON.parse(res.body) as { next_action?: { payment_id: string }; error?: { type: string } }
      if (res.status !== 201) return body.error?.type ?? `status ${res.status}`
      const pay = await connection.request(jsonPostBytes(base, `/api/v1/shop/sandbox/payments/${body.next_action!.payment_id}`, { outcome: 'success' }))
      return pay.status === 200 ? 'paid' : `pay status ${pay.status}`
    } catch (error) {
      return (error as Error).name
    } finally {
      connection?.close()
    }
  }))
  const rushSeconds = (performance.now() - started) / 1000

  // Wait (bounded) for the worker to deliver every paid order, then read the times from the rows.
  const check = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 })
  const rowsOf = async () => (await check.executeSql(
    `select o.id, p.completed_at, d.delivered_at, (select count(*)::int from license_keys k where k.order_id = o.id) as keys
       from orders o join payments p on p.order_id = o.id and p.kind = 'charge' and p.state = 'successful'
       left join order_deliveries d on d.order_id = o.id
      where o.product_id = $1`, [product.id])).rows as { id: number; completed_at: Date; delivered_at: Date | null; keys: number }[]
  let rows = await rowsOf()
  const waitUntil = Date.now() + 30_000
  while (rows.some((r) => r.delivered_at === null) && Date.now() < waitUntil) {
    await new Promise((r) => setTimeout(r, 200))
    rows = await rowsOf()
  }
  await check.close()

  const tally: Record<string, number> = {}
  for (const o of outcomes) tally[o] = (tally[o] ?? 0) + 1
  const lags = rows.filter((r) => r.delivered_at !== null).map((r) => new Date(r.delivered_at!).getTime() - new Date(r.completed_at).getTime()).sort((a, b) => a - b)
  const undelivered = rows.filter((r) => r.delivered_at === null).length
  const withoutKey = rows.filter((r) => r.keys !== 1).length
  console.log(`payers ${payers}, keys ${keys}, API processes 2 and one worker; rush of ${rushSeconds.toFixed(2)} s: ${JSON.stringify(tally)}`)
  console.log(`paid orders ${rows.length}: delivered ${rows.length - undelivered} (undelivered after 30 s: ${undelivered}), without exactly one key: ${withoutKey}`)
  console.log(`payment to deliverables: p50 ${pct(lags, 50)} ms, p99 ${pct(lags, 99)} ms, max ${lags.at(-1) ?? 0} ms`)
  const met = undelivered === 0 && withoutKey === 0 && pct(lags, 99) <= 1000
  console.log(`p99 payment to deliverables: ${pct(lags, 99)} ms (target <= 1000 ms: ${met ? 'met' : 'NOT met'})`)
  if (undelivered > 0 || withoutKey > 0) process.exitCode = 1
} finally {
  for (const p of processes) await p.stop().catch(() => {})
  await benchDb.drop()
}
