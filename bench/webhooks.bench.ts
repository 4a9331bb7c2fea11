// docs/QUALITY.md benchmark "webhooks": signed deliveries per second divided by checkouts per second, while
// checkouts run, and the p99 time from an event's commit to its first delivery attempt. One process serves the
// API and works the jobs (server mode's `--role=all`, as `npm start` runs); the load generator and the
// seller's receiver run here, in the bench's own process, never inside the server's event loop. The
// endpoint hears every event, so each checkout makes at least two (order.created, order.paid): a ratio of
// 2.0 or more means the deliveries keep pace with the checkouts. The commit-to-attempt time is read from the
// body's `created_at` (the event's time inside its transaction, a little before its commit) to the
// receiver's clock, on the same machine. Needs PostgreSQL (TEST_DATABASE_URL or DATABASE_URL); without it,
// it says so and stops. Prints raw figures, then the ratio on the last line.
import http from 'node:http'
import { performance } from 'node:perf_hooks'
import { Webhook } from 'standardwebhooks'
import { openDatabase } from '../src/server/db/client'
import { createSeller, oneTimePlan } from '../tests/factories/catalog'
import { publishedProduct } from '../tests/factories/checkout'
import { createTestApp } from '../tests/helpers/test-app'
import { startApiProcess } from '../tests/helpers/api-process'
import { benchDatabase, checkoutLoad } from './bench-postgres'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const clients = Number(process.env.BENCH_CLIENTS ?? 8)
const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL
if (!adminUrl) {
  console.log('webhooks bench skipped: set TEST_DATABASE_URL (or DATABASE_URL) to a PostgreSQL server')
  console.log('ratio deliveries/s / checkouts/s: skipped (no PostgreSQL)')
  process.exit(0)
}

const { databaseUrl, dir, drop: cleanup } = await benchDatabase(adminUrl)
const receiver = { types: {} as Record<string, number>, deliveries: 0, verified: 0, failedVerify: 0, lags: [] as number[], counting: false, ids: new Set<string>() }
let webhook: Webhook | null = null
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (c: Buffer) => chunks.push(c))
  req.on('end', () => {
    const arrived = Date.now()
    const body = Buffer.concat(chunks).toString('utf8')
    res.writeHead(204).end()
    const id = String(req.headers['webhook-id'])
    if (receiver.ids.has(id)) return // a retry of one already counted
    receiver.ids.add(id)
    try {
      webhook?.verify(body, req.headers as Record<string, string>)
      receiver.verified++
    } catch {
      receiver.failedVerify++
    }
    const event = JSON.parse(body) as { created_at: string; type: string }
    const createdAt = Date.parse(event.created_at)
    receiver.types[event.type] = (receiver.types[event.type] ?? 0) + 1
    if (receiver.counting) {
      receiver.deliveries++
      receiver.lags.push(arrived - createdAt)
    }
  })
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const receiverUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`

try {
  // ---------------------------------------------------------------- a seller, a product, an endpoint for every event
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 })
  await database.migrate()
  const t = await createTestApp({ DATABASE_URL: databaseUrl, DATA_DIR: dir, LOG_LEVEL: 'silent', WEBHOOKS_ALLOW_LOOPBACK: 'true' }, { database, realClock: true })
  const seller = await createSeller(t)
  const product = await publishedProduct(t, seller.accessToken, { name: 'Bench product', limit: 1_000_000_000, pricing_plans: [oneTimePlan(1_990)] })
  const planId = product.pricing_plans[0].id as number
  const { platformEventTypes } = await import('../src/shared/webhooks/events')
  const made = await t.request({
    method: 'POST', url: '/api/v1/cabinet/webhook_endpoints', headers: { authorization: `Bearer ${seller.accessToken}` },
    payload: { url: receiverUrl, events: [...platformEventTypes] },
  })
  if (made.statusCode !== 201) throw new Error(`endpoint not created: ${made.statusCode} ${made.body}`)
  webhook = new Webhook(made.json().webhook_endpoint.secret as string)
  await t.close()

  // ---------------------------------------------------------------- checkouts against an API process that works the jobs
  const api = await startApiProcess({
    databaseUrl, role: 'all',
    env: { NODE_ENV: 'production', RATE_LIMIT: 'off', JOBS: 'on', DATABASE_POOL_SIZE: String(clients + 4), WEBHOOKS_ALLOW_LOOPBACK: 'true' },
  })
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients })
  const { failures, run: load } = checkoutLoad(agent, api.url, { productId: product.id, planId }, clients)
  try {
    await load(Math.min(3, seconds), false) // warm-up
    receiver.counting = true
    const started = performance.now()
    const checkouts = await load(seconds, true)
    const elapsed = (performance.now() - started) / 1000
    receiver.counting = false
    const deliveriesInWindow = receiver.deliveries
    // What was still queued when the checkouts stopped arrives afterwards: the lag figure counts it too.
    receiver.counting = true
    const drainUntil = performance.now() + 15_000
    while (performance.now() < drainUntil && receiver.deliveries < checkouts * 2) await new Promise((r) => setTimeout(r, 100))
    receiver.counting = false
    const lags = [...receiver.lags].sort((a, b) => a - b)
    const pct = (p: number) => lags[Math.min(lags.length - 1, Math.floor((p / 100) * lags.length))] ?? 0
    const checkoutsPerSecond = checkouts / elapsed
    const deliveriesPerSecond = deliveriesInWindow / elapsed
    console.log(`checkouts: ${checkouts} in ${elapsed.toFixed(1)} s with ${clients} clients: ${checkoutsPerSecond.toFixed(1)} checkouts/s; failures ${JSON.stringify(failures)}`)
    console.log(`deliveries during the checkouts: ${deliveriesInWindow} (${deliveriesPerSecond.toFixed(1)}/s); after the drain ${receiver.deliveries}; signatures verified ${receiver.verified}, refused ${receiver.failedVerify}; by type ${JSON.stringify(receiver.types)}`)
    console.log(`commit to first attempt: p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms (target <= 2000 ms)`)
    console.log(`ratio deliveries/s / checkouts/s: ${(deliveriesPerSecond / Math.max(checkoutsPerSecond, 1e-9)).toFixed(3)} (target >= 2.0)`)
  } finally {
    agent.destroy()
    await api.stop()
  }
} finally {
  server.close()
  await cleanup()
}
