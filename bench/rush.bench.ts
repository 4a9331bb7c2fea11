// docs/QUALITY.md benchmark "rush": 500 payers at once for 100 tickets of one ticket type, split over two API
// processes on one PostgreSQL database. Each payer submits the order and, when it gets a ticket, pays it in
// the sandbox. Reports oversold (must be 0), lost sales (must be 0), whether every payer was answered (sold
// or sold out, no 5xx), the p99 time to that answer (<= 2 s) and decisions per second; the ratio on the last
// line is decisions/s divided by pgbench's TPS for the hot-row update alone (target >= 0.05). Each payer
// opens its own connection with its order written beforehand (RawHttpConnection): the load generator shares
// the two cores with the API processes and PostgreSQL, whose CPU seconds are reported too. Needs
// PostgreSQL (TEST_DATABASE_URL or DATABASE_URL) and pgbench; without them it says so and stops.
import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { openDatabase } from '../src/server/db/client'
import { createSeller, oneTimePlan } from '../tests/factories/catalog'
import { fullPayer, publishedProduct } from '../tests/factories/checkout'
import type { ApiProcess } from '../tests/helpers/api-process'
import { createTestApp } from '../tests/helpers/test-app'
import { benchDatabase, cpuSeconds, jsonPostBytes, RawHttpConnection, requirePostgresAndPgbench, startBenchApi } from './bench-postgres'

const payers = Number(process.env.RUSH_PAYERS ?? 500)
const tickets = Number(process.env.RUSH_TICKETS ?? 100)
const pgbenchSeconds = Number(process.env.BENCH_SECONDS ?? 10)
const adminUrl = requirePostgresAndPgbench('rush', 'ratio decisions/s / pgbench hot-row TPS')
const benchDb = await benchDatabase(adminUrl)
const { databaseUrl, dir } = benchDb
const processes: ApiProcess[] = []

async function cleanup() {
  for (const p of processes) await p.stop().catch(() => {})
  await benchDb.drop()
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

try {
  // ---------------------------------------------------------------- the event, and a product for pgbench
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 })
  await database.migrate()
  const t = await createTestApp({ DATABASE_URL: databaseUrl, DATA_DIR: dir, LOG_LEVEL: 'silent' }, { database, realClock: true })
  const seller = await createSeller(t)
  const event = await publishedProduct(t, seller.accessToken, {
    form: 'eventTickets', name: 'Rush bench', tickets: [{ name: 'Floor', limit: tickets, pricing_plans: [oneTimePlan(4_500)] }],
  })
  const ticket = event.tickets[0] as { id: number; pricing_plans: { id: number }[] }
  const hot = await publishedProduct(t, seller.accessToken, { name: 'pgbench hot row', pricing_plans: [oneTimePlan(100)] })
  await t.close()

  // ---------------------------------------------------------------- two API processes, warmed up
  processes.push(...await Promise.all([startBenchApi(databaseUrl, 10), startBenchApi(databaseUrl, 10)]))
  for (const p of processes) {
    // Warm the code paths, not the stock: quotes of the event, and orders (paid in the sandbox) of the other
    // product, as a server that has sold before would be.
    for (let i = 0; i < 20; i++) {
      await fetch(`${p.url}/api/v1/shop/orders/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ product_id: event.id, pricing_plan_id: ticket.pricing_plans[0]!.id, ticket_id: ticket.id }) }).then((r) => r.arrayBuffer())
    }
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${p.url}/api/v1/shop/orders`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ product_id: hot.id, pricing_plan_id: hot.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true }),
      })
      const made = (await res.json()) as { next_action?: { payment_id: string } }
      if (res.status !== 201 || !made.next_action) throw new Error(`warm-up order failed: ${res.status}`)
      await fetch(`${p.url}/api/v1/shop/sandbox/payments/${made.next_action.payment_id}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ outcome: 'success' }) }).then((r) => r.arrayBuffer())
    }
  }

  // ---------------------------------------------------------------- the rush
  type Outcome = { status: number; type: string | null; ms: number; paid: boolean | null }
  // Every payer's order is written before the rush (the load generator shares the two cores with what it
  // measures); each payer opens its own connection, as 500 browsers would, and pays on it.
  const orderRequests = Array.from({ length: payers }, (_, i) => jsonPostBytes(processes[i % processes.length]!.url, '/api/v1/shop/orders', {
    product_id: event.id, ticket_id: ticket.id, pricing_plan_id: ticket.pricing_plans[0]!.id, payment_method: 'card', payer: fullPayer(), terms_accepted: true,
  }, { 'idempotency-key': randomUUID() }))
  const serverCpu = cpuSeconds(processes.map((p) => p.pid))
  const rushStarted = performance.now()
  const clientCpu = process.cpuUsage()
  let lastAnswer = 0
  const outcomes: Outcome[] = await Promise.all(Array.from({ length: payers }, async (_, i): Promise<Outcome> => {
    const base = processes[i % processes.length]!.url
    const sent = performance.now()
    let connection: RawHttpConnection | null = null
    try {
      connection = await RawHttpConnection.open(base)
      const res = await connection.request(orderRequests[i]!)
      const body = JSON.parse(res.body) as { next_action?: { payment_id: string }; error?: { type: string } }
      const answered = performance.now()
      lastAnswer = Math.max(lastAnswer, answered)
      if (res.status !== 201) return { status: res.status, type: body.error?.type ?? null, ms: answered - sent, paid: null }
      const pay = await connection.request(jsonPostBytes(base, `/api/v1/shop/sandbox/payments/${body.next_action!.payment_id}`, { outcome: 'success' }))
      const payBody = JSON.parse(pay.body) as { state?: string }
      return { status: 201, type: null, ms: answered - sent, paid: pay.status === 200 && payBody.state === 'successful' }
    } catch (error) {
      return { status: 0, type: (error as Error).name, ms: performance.now() - sent, paid: null }
    } finally {
      connection?.close()
    }
  }))
  const serverCpuAfter = cpuSeconds(processes.map((p) => p.pid))
  const decisionSeconds = (lastAnswer - rushStarted) / 1000
  const used = process.cpuUsage(clientCpu)
  const clientShare = (used.user + used.system) / 1e6 / ((performance.now() - rushStarted) / 1000)

  const check = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 })
  const [row] = (await check.executeSql('select sold_count, reserved_count, "limit" from event_tickets where id = $1', [ticket.id])).rows
  const [orders] = (await check.executeSql(`select count(*) filter (where payment_state = 'paid')::int as paid, count(*)::int as made from orders where product_id = $1`, [event.id])).rows
  const ledger = (await check.executeSql('select currency, sum(amount)::bigint as total from ledger_entries group by currency')).rows
  await check.close()

  const sold = outcomes.filter((o) => o.status === 201).length
  const soldOut = outcomes.filter((o) => o.status === 409 && o.type === 'sold_out').length
  const other = outcomes.filter((o) => !(o.status === 201 || (o.status === 409 && o.type === 'sold_out')))
  const paidOk = outcomes.filter((o) => o.paid === true).length
  const soldCount = Number(row.sold_count)
  const oversold = Math.max(0, soldCount + Number(row.reserved_count) - tickets, orders.paid - tickets)
  const lostSales = Math.max(0, Math.min(tickets, payers) - soldCount)
  const times = outcomes.map((o) => o.ms).sort((a, b) => a - b)
  const soldTimes = outcomes.filter((o) => o.status === 201).map((o) => o.ms).sort((a, b) => a - b)
  const soldOutTimes = outcomes.filter((o) => o.status === 409).map((o) => o.ms).sort((a, b) => a - b)
  const decisionsPerSecond = (sold + soldOut) / decisionSeconds

  // ---------------------------------------------------------------- pgbench: the hot-row update alone
  const scriptFile = join(dir, 'hot-row.sql')
  writeFileSync(scriptFile, `update products set reserved_count = reserved_count + 1 where id = ${hot.id} and ("limit" is null or sold_count + reserved_count + 1 <= "limit");\n`)
  const bench = spawnSync('pgbench', ['-n', '-f', scriptFile, '-c', '10', '-j', '2', '-T', String(pgbenchSeconds), databaseUrl], { encoding: 'utf8' })
  const tps = Number(/tps = ([\d.]+)/.exec(bench.stdout)?.[1] ?? NaN)
  if (!Number.isFinite(tps) || tps <= 0) throw new Error(`pgbench failed (exit ${bench.status}):\n${bench.stdout}\n${bench.stderr}`)

  const other5xx = other.filter((o) => o.status >= 500).length
  const tally: Record<string, number> = {}
  for (const o of other) tally[`${o.status} ${o.type}`] = (tally[`${o.status} ${o.type}`] ?? 0) + 1
  console.log(`payers ${payers}, tickets ${tickets}, API processes ${processes.length}`)
  console.log(`answers: sold ${sold}, sold out ${soldOut}, other ${other.length} ${JSON.stringify(tally)} (5xx: ${other5xx}); every payer answered: ${other.length === 0 ? 'yes' : 'NO'}`)
  console.log(`after paying: tickets sold ${soldCount}, reserved ${row.reserved_count}, orders paid ${orders.paid} of ${orders.made} made, payments succeeded ${paidOk}; ledger ${JSON.stringify(ledger.map((r: { currency: string; total: string }) => [r.currency, Number(r.total)]))}`)
  console.log(`oversold ${oversold} (must be 0), lost sales ${lostSales} (must be 0)`)
  console.log(`answer time: p50 ${pct(times, 50).toFixed(0)} ms, p99 ${pct(times, 99).toFixed(0)} ms (<= 2000), max ${times.at(-1)!.toFixed(0)} ms; ${(sold + soldOut)} decisions in ${decisionSeconds.toFixed(2)} s = ${decisionsPerSecond.toFixed(1)} decisions/s`)
  console.log(`answer time by answer: sold p50 ${pct(soldTimes, 50).toFixed(0)} ms (first ${soldTimes[0]?.toFixed(0)} ms), sold out p50 ${pct(soldOutTimes, 50).toFixed(0)} ms (first ${soldOutTimes[0]?.toFixed(0)} ms)`)
  const cpuLine = serverCpu && serverCpuAfter ? `; API processes ${(serverCpuAfter.api - serverCpu.api).toFixed(2)} CPU s, PostgreSQL ${(serverCpuAfter.postgres - serverCpu.postgres).toFixed(2)} CPU s` : ''
  console.log(`CPU during the rush: load generator (this process) ${(clientShare * 100).toFixed(0)} % of one core${cpuLine}`)
  console.log(`pgbench hot-row update (10 clients, ${pgbenchSeconds} s): ${tps.toFixed(0)} TPS`)
  // Selling wrong is a failure of the run; being slow is a figure (the p99 and the ratio are reported).
  const correct = oversold === 0 && lostSales === 0 && other.length === 0
  const fast = pct(times, 99) <= 2000
  console.log(`ratio decisions/s / pgbench hot-row TPS: ${(decisionsPerSecond / tps).toFixed(4)} (target >= 0.05; rush pass line: counts ${correct ? 'met' : 'NOT met'}, p99 <= 2 s ${fast ? 'met' : 'NOT met'})`)
  if (!correct) process.exitCode = 1
} finally {
  await cleanup()
}
