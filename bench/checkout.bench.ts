// docs/QUALITY.md benchmark "checkout": successful checkouts per second through the full stack (POST /api/v1/shop/orders
// then the sandbox's success, over HTTP to an API process on 127.0.0.1) divided by pgbench's TPS for the same
// SQL statements on the same PostgreSQL in the same run. The statements are recorded from one real checkout
// (order and payment) and replayed by pgbench with their values as literals, fresh where a checkout makes
// its own (idempotency key, payer, tokens, order and payment ids); see bench/statement-replay.ts. Target
// >= 0.25. For comparison it also prints the ratio against the earlier, smaller script of the checkout's
// writes and row locks alone. Needs PostgreSQL (TEST_DATABASE_URL or DATABASE_URL) and pgbench; without them
// it says so and stops. Prints raw figures, then the ratio on the last line.
import { spawnSync } from 'node:child_process'
import http from 'node:http'
import { randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { openDatabase } from '../src/server/db/client'
import { createSeller, oneTimePlan } from '../tests/factories/catalog'
import { fullPayer, publishedProduct } from '../tests/factories/checkout'
import { createTestApp } from '../tests/helpers/test-app'
import { benchDatabase, checkoutLoad, cpuSeconds, requirePostgresAndPgbench, startBenchApi } from './bench-postgres'
import { parameterTypes, pgbenchScript, statementRecorder } from './statement-replay'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const clients = Number(process.env.BENCH_CLIENTS ?? 10)
const adminUrl = requirePostgresAndPgbench('checkout', 'ratio checkouts/s / pgbench TPS')
// Installed before any database is opened: pool clients bind the query method when they connect.
const recorder = statementRecorder()
/** Where the template checkout's order and payment ids start, so they differ from every other number it sends. */
const templateIds = { order: 7_770_000, payment: 8_880_000 }

// ------------------------------------------------------------------ a database of its own

const { databaseUrl, dir, drop: cleanup } = await benchDatabase(adminUrl)

try {
  // ---------------------------------------------------------------- the catalogue and one template checkout
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 })
  await database.migrate()
  const t = await createTestApp({ DATABASE_URL: databaseUrl, DATA_DIR: dir, LOG_LEVEL: 'silent' }, { database, realClock: true })
  const { deps } = t
  const seller = await createSeller(t)
  const product = await publishedProduct(t, seller.accessToken, { name: 'Bench product', limit: 1_000_000_000, pricing_plans: [oneTimePlan(1_990)] })
  const planId = product.pricing_plans[0].id as number
  const sql = async (text: string, values: unknown[] = []) => (await deps.database.executeSql(text, values)).rows
  await sql(`select setval(pg_get_serial_sequence('orders', 'id'), ${templateIds.order}), setval(pg_get_serial_sequence('payments', 'id'), ${templateIds.payment})`)
  // One checkout as a warm-up (caches, prepared statements), then the template whose statements are recorded.
  const checkoutOnce = async (key: string, payer = fullPayer()) => {
    let made!: Awaited<ReturnType<typeof t.request>>
    const order = await recorder.record(async () => {
      made = await t.request({
        method: 'POST', url: '/api/v1/shop/orders', headers: { 'idempotency-key': key },
        payload: { product_id: product.id, pricing_plan_id: planId, payment_method: 'card', payer, terms_accepted: true },
      })
    })
    if (made.statusCode !== 201) throw new Error(`template checkout failed: ${made.statusCode} ${made.body}`)
    let paid!: Awaited<ReturnType<typeof t.request>>
    const payment = await recorder.record(async () => {
      paid = await t.request({ method: 'POST', url: `/api/v1/shop/sandbox/payments/${made.json().next_action.payment_id}`, payload: { outcome: 'success' } })
    })
    if (paid.statusCode !== 200) throw new Error(`template payment failed: ${paid.statusCode} ${paid.body}`)
    return { made: made.json(), payer, statements: [...order, ...payment] }
  }
  await checkoutOnce(randomUUID())
  const templateKey = randomUUID()
  const template = await checkoutOnce(templateKey)
  recorder.uninstall()
  const templateOrderId = template.made.order.id as number
  const typeClient = new pg.Client({ connectionString: databaseUrl })
  await typeClient.connect()
  const replayTypes = await parameterTypes(typeClient, template.statements)
  await typeClient.end()
  const [templatePayment] = await sql(`select id, token from payments where order_id = $1 and kind = 'charge'`, [templateOrderId])
  const columns = async (table: string) => (await sql(
    `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 and column_name <> 'id' order by ordinal_position`, [table],
  )).map((r: { column_name: string }) => r.column_name)
  const tableColumns = {
    orders: await columns('orders'), order_items: await columns('order_items'), payments: await columns('payments'), ledger_entries: await columns('ledger_entries'),
  }
  await t.close()

  // ---------------------------------------------------------------- full stack
  // Every phase starts from a vacuumed database, so none pays for the dead rows of the one before.
  const vacuum = () => spawnSync('psql', ['-q', '-c', 'vacuum analyze', databaseUrl], { encoding: 'utf8' })
  vacuum()
  const api = await startBenchApi(databaseUrl, clients)
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients })
  const { failures, latencies, run: load } = checkoutLoad(agent, api.url, { productId: product.id, planId }, clients)
  await load(Math.min(3, seconds), false) // warm-up: JIT, pools, caches
  const cpuBefore = cpuSeconds([api.pid])
  const clientCpuBefore = process.cpuUsage()
  const started = performance.now()
  const done = await load(seconds, true)
  const elapsed = (performance.now() - started) / 1000
  const cpuAfter = cpuSeconds([api.pid])
  // PostgreSQL's CPU per checkout, beside pgbench's per replay below: where the database's side of the two differs.
  const postgresPerCheckout = cpuBefore && cpuAfter && done > 0 ? ((cpuAfter.postgres - cpuBefore.postgres) / done) * 1000 : null
  const apiCpu = cpuBefore && cpuAfter ? (cpuAfter.api - cpuBefore.api) / elapsed : 0
  const clientUsed = process.cpuUsage(clientCpuBefore)
  const clientCpu = (clientUsed.user + clientUsed.system) / 1e6 / elapsed
  agent.destroy()
  await api.stop()
  const checkoutsPerSecond = done / elapsed
  latencies.sort((a, b) => a - b)
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0

  // ---------------------------------------------------------------- the same statements in pgbench
  // The replay runs prepared (-M prepared), as the app's statements are (src/server/db/client.ts).
  function runPgbench(file: string, mode: 'simple' | 'prepared'): { tps: number; failed: string; postgresMsPerTx: number | null } {
    vacuum()
    const before = cpuSeconds([])
    const bench = spawnSync('pgbench', ['-n', '-M', mode, '-f', file, '-c', String(clients), '-j', '2', '-T', String(seconds), databaseUrl], { encoding: 'utf8' })
    const after = cpuSeconds([])
    const tps = Number(/tps = ([\d.]+)/.exec(bench.stdout)?.[1] ?? NaN)
    if (!Number.isFinite(tps) || tps <= 0) throw new Error(`pgbench failed (exit ${bench.status}) on ${file}:\n${bench.stdout}\n${bench.stderr}`)
    const transactions = Number(/number of transactions actually processed: (\d+)/.exec(bench.stdout)?.[1] ?? NaN)
    const postgresMsPerTx = before && after && transactions > 0 ? ((after.postgres - before.postgres) / transactions) * 1000 : null
    return { tps, failed: /number of failed transactions: (\d+)/.exec(bench.stdout)?.[1] ?? '?', postgresMsPerTx }
  }
  const quote = (c: string) => `"${c}"`
  const copy = (table: keyof typeof tableColumns, overrides: Record<string, string>) => {
    const cols = tableColumns[table]
    return `insert into ${table} (${cols.map(quote).join(', ')}) select ${cols.map((c) => overrides[c] ?? quote(c)).join(', ')} from ${table}`
  }
  // The checkout's own statements, replayed.
  const replay = pgbenchScript(template.statements, replayTypes, [
    { recorded: templateKey, sql: `('bench-key-' || :k)` },
    { recorded: template.payer.email, sql: `('payer-' || :k || '@example.test')` },
    { recorded: template.made.order.token as string, sql: `('bench-order-' || :k)` },
    { recorded: templatePayment.token as string, sql: `('bench-payment-' || :k)` },
    { recorded: templateOrderId, sql: ':o_id' },
    { recorded: templatePayment.id as number, sql: ':p_id' },
  ], { orders: 'o_', payments: 'p_' }, ['\\set k random(1, 9000000000000000)'])
  const replayFile = join(dir, 'checkout-replay.sql')
  writeFileSync(replayFile, replay)
  if (process.env.BENCH_REPLAY_OUT) writeFileSync(process.env.BENCH_REPLAY_OUT, replay)
  const replayed = runPgbench(replayFile, 'prepared')

  // The earlier denominator, for comparison: the checkout's writes and row locks alone.
  const fresh = `md5(random()::text || clock_timestamp()::text)`
  const script = [
    '\\set k random(1, 9000000000000000)',
    // the claim of the Idempotency-Key (its own statement, as in the app)
    `insert into idempotency_keys (scope, key, request_hash, state, locked_until, created_at) values ('bench', (:k)::text, 'h', 'in_progress', now() + interval '60 seconds', now()) on conflict do nothing;`,
    // the order's transaction
    'begin;',
    `update products set reserved_count = reserved_count + 1 where id = ${product.id} and ("limit" is null or sold_count + reserved_count + 1 <= "limit") returning id;`,
    `${copy('orders', {
      token: fresh, payment_state: `'payment_waiting'`, paid_amount: '0', paid_at: 'null', reservation_state: `'held'`, created_at: 'now()', updated_at: 'now()',
    })} where id = ${templateOrderId} returning id \\gset o_`,
    `${copy('order_items', { order_id: ':o_id' })} where order_id = ${templateOrderId};`,
    `${copy('payments', {
      order_id: ':o_id', token: fresh, state: `'waiting'`, provider_ref: 'null', completed_at: 'null', card_brand: 'null', card_last4: 'null',
      card_exp_month: 'null', card_exp_year: 'null', created_at: 'now()', updated_at: 'now()',
    })} where id = ${templatePayment.id} returning id \\gset p_`,
    `update idempotency_keys set response_body = jsonb_build_object('order_id', :o_id) where scope = 'bench' and key = (:k)::text;`,
    'commit;',
    // the stored answer
    `update idempotency_keys set state = 'done', response_status = 201, response_body = (select response_body from idempotency_keys where scope = 'shop.orders' and key = '${templateKey}') where scope = 'bench' and key = (:k)::text;`,
    // the provider's success: under the payment's and the order's row locks
    'begin;',
    'select id, state from payments where id = :p_id for update;',
    'select id, payment_state from orders where id = :o_id for update;',
    `update payments set state = 'successful', provider_ref = 'sbx_' || :p_id, card_brand = 'visa', card_last4 = '4242', completed_at = now(), updated_at = now() where id = :p_id;`,
    `${copy('ledger_entries', { transaction_id: fresh, order_id: ':o_id', payment_id: ':p_id', created_at: 'now()' })} where payment_id = ${templatePayment.id};`,
    `update products set reserved_count = greatest(reserved_count - 1, 0), sold_count = sold_count + 1 where id = ${product.id};`,
    `update orders set payment_state = 'paid', paid_amount = first_amount, paid_at = now(), reservation_state = 'sold', updated_at = now() where id = :o_id;`,
    'commit;',
  ].join('\n')
  const scriptFile = join(dir, 'checkout-writes.sql')
  writeFileSync(scriptFile, `${script}\n`)
  const writes = runPgbench(scriptFile, 'simple')
  const statementCount = template.statements.length

  console.log(`full stack: ${done} checkouts (order + sandbox success) in ${elapsed.toFixed(1)} s with ${clients} clients against one API process: ${checkoutsPerSecond.toFixed(1)} checkouts/s`)
  console.log(`full stack latency per checkout (2 requests): p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms; API process CPU ${(apiCpu * 100).toFixed(0)} % of one core, load generator ${(clientCpu * 100).toFixed(0)} %; failures ${JSON.stringify(failures)}`)
  console.log(`pgbench, the writes and row locks alone (17 statements, the earlier denominator): ${writes.tps.toFixed(1)} TPS, failed ${writes.failed}; ratio ${(checkoutsPerSecond / writes.tps).toFixed(3)}`)
  console.log(`pgbench, the same ${statementCount} statements one checkout sent, replayed (${clients} clients, ${seconds} s): ${replayed.tps.toFixed(1)} TPS (one TPS = one checkout's statements), failed ${replayed.failed}`)
  const ms = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(2)} ms`)
  console.log(`PostgreSQL CPU per checkout: full stack ${ms(postgresPerCheckout)}, pgbench replay ${ms(replayed.postgresMsPerTx)}`)
  console.log(`ratio checkouts/s / pgbench TPS: ${(checkoutsPerSecond / replayed.tps).toFixed(3)} (target >= 0.25)`)
} finally {
  await cleanup()
}
