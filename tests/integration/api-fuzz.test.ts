import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs'
import Ajv from 'ajv'
import addFormats from 'ajv-formats'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../factories/checkout'
import { arbitraryFromSchema, customFormats, toJsonSchema, type Resolve, type Schema } from '../helpers/json-schema-arbitrary'
import { createTestApp, type TestApp } from '../helpers/test-app'

// docs/QUALITY.md: the API fuzzed from its own OpenAPI document (GET /api/docs/json). For every operation
// and three callers (a seller with products and a sold order, a payer with that order, nobody signed in),
// fast-check generates path parameters (mostly ids and names that exist, sometimes any value the document
// allows), query parameters, headers and JSON bodies from the document's schemas
// (tests/helpers/json-schema-arbitrary.ts). Four classes of failure:
//   5xx                 the server failed;
//   undocumented-status the status is not one the document lists for the operation (nor a `default`);
//   schema-mismatch     a JSON answer does not match the schema the document gives for its status;
//   compliant-refused   a request made to comply with the document was refused as invalid (400
//                       INVALID_INPUT / bad_request): the document promises more than the code accepts.
// Failures are grouped by class and operation; a failure not in `allowlist` fails the test with the request
// fast-check shrank it to. FUZZ_RUNS (default 3) sets the cases per operation and caller; FUZZ_SEED picks
// another sequence (default fixed, so CI is repeatable); .tmp/api-fuzz-report.json holds the whole report;
// FUZZ_PROGRESS=1 appends each operation's time to .tmp/api-fuzz-progress.log.
//   FUZZ_RUNS=50 FUZZ_SEED=$RANDOM npx vitest run --project integration tests/integration/api-fuzz.test.ts
// It runs in CI's PGlite phase (about half a minute at the default three runs). The PostgreSQL phase skips
// it: it judges the document and the app's layers, and PGlite is PostgreSQL's own engine, so the database's
// refusals (docs/decisions/0039-hardening.md: class 22 answered 400) are the same there.

type FailureClass = '5xx' | 'undocumented-status' | 'schema-mismatch' | 'compliant-refused'

/**
 * Known failures, class → operations ("METHOD /path" as the document spells it), each with the reason it
 * cannot be closed. Empty: the document states every rule the code checks (docs/decisions/0039-hardening.md).
 * A new failure is fixed where it arises (the route's schemas, src/server/plugins/openapi.ts, the request
 * schemas' `.meta()` with src/shared/validation/document-rules.ts, or the server), not listed here.
 * The test prints entries that no longer fail.
 */
const allowlist: Record<FailureClass, string[]> = {
  '5xx': [],
  'undocumented-status': [],
  'schema-mismatch': [],
  'compliant-refused': [],
}

/**
 * Operations not fuzzed, with the reason. Those that end the callers' sessions or accounts would make every
 * later case a 401; the rest answer non-JSON documents the fuzz cannot judge beyond "no 5xx", and are kept.
 */
const skipped: Record<string, string> = {
  'DELETE /api/v1/app/session': 'signs the caller out: every later case of that caller would answer 401',
  'POST /api/v1/app/user/deactivate': 'deactivates the caller\'s account',
  'POST /api/v1/app/user/delete': 'deletes the caller\'s account',
  'PUT /api/v1/app/session/profile': 'switches the caller\'s profile (seller ↔ payer) for the rest of the run',
  'POST /api/v1/admin/test_clock/advance': 'moves the shared clock (and no fuzz caller is a manager)',
}

/** Server-rendered shop pages: skipped (see skippedPrefixes) when the storefront is not built. */
const shopPagePrefixes = ['/s/', '/certificates/', '/sandbox/']
const skippedPrefixes: Record<string, string> = {}

const runs = Number(process.env.FUZZ_RUNS ?? 3)
const seed = Number(process.env.FUZZ_SEED ?? 1313)
/** At most this many failures are shrunk per run (each replays its cases and their shrinks). */
const shrinkLimit = Number(process.env.FUZZ_SHRINK ?? 10)

type Operation = { method: string; path: string; op: Schema; key: string }
type Caller = { name: 'seller' | 'payer' | 'anonymous'; token?: string }
type FuzzRequest = { method: string; url: string; query: Record<string, string | string[]>; headers: Record<string, string>; payload?: unknown }
type Failure = { kind: FailureClass; status: number; detail: string }
type Group = { kind: FailureClass; operation: string; count: number; statuses: Set<number>; callers: Set<string>; detail: string; example: FuzzRequest & { caller: string; status: number; body: string } }

let t: TestApp
let seller: TestSeller
let payerToken: string
let doc: Schema
let resolve: Resolve
const pools: Record<string, unknown[]> = {}
const groups = new Map<string, Group>()
const shrunk: string[] = []

const onPostgres = process.env.TEST_DB === 'postgres'

beforeAll(async () => {
  if (onPostgres) return
  t = await createTestApp({
    RATE_LIMIT: 'off', RATE_LIMIT_AUTH_EMAIL_FAILURES: '1000000', RATE_LIMIT_COUPON_FAILURES: '1000000', RATE_LIMIT_PRODUCT_PASSWORD_FAILURES: '1000000',
  })
  seller = await createSeller(t)
  const digital = await publishedProduct(t, seller.accessToken, { name: 'Fuzz digital' })
  const course = await publishedProduct(t, seller.accessToken, { form: 'course', name: 'Fuzz course' })
  const event = await publishedProduct(t, seller.accessToken, {
    form: 'eventTickets', name: 'Fuzz gig',
    tickets: [{ name: 'Floor', limit: 1000, pricing_plans: [{ form: 'one_time', currency_id: 'eur', price: 4500 }] }],
  })
  const email = fullPayer().email
  const tokens: string[] = []
  const paymentIds: string[] = []
  for (const [product, plan] of [[digital, digital.pricing_plans[0]], [course, course.pricing_plans[0]], [event, event.tickets[0].pricing_plans[0]]]) {
    const res = await submitOrder(t, {
      product_id: product.id, pricing_plan_id: plan.id, ...(product.form === 'eventTickets' ? { ticket_id: event.tickets[0].id } : {}),
      payment_method: 'card', payer: fullPayer(email), terms_accepted: true,
    })
    if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`)
    tokens.push(res.json().order.token)
    paymentIds.push(res.json().next_action.payment_id)
    await sandboxPay(t, res.json().next_action.payment_id)
  }
  await t.deps.jobs.drain()
  payerToken = await signInPayer(email)

  const sql = async (text: string) => {
    try {
      return (await t.deps.database.executeSql(text)).rows.map((r: any) => Object.values(r)[0])
    } catch {
      return []
    }
  }
  pools.username = [seller.username]
  pools.seller = [seller.username, String(seller.sellerId)]
  pools.slug = [digital.slug, course.slug, event.slug]
  pools.token = tokens
  pools.orderToken = tokens
  pools.paymentId = paymentIds
  pools.code = await sql('select code from payment_tickets')
  pools.serial = await sql('select serial from issued_certificates')

  // The shop pages answer 503 until the storefront is built (npm test builds it first; a lone vitest run may not).
  const shop = await t.request({ method: 'GET', url: `/s/${seller.username}` })
  if (shop.statusCode === 503) {
    for (const prefix of shopPagePrefixes) skippedPrefixes[prefix] = 'the storefront is not built in this checkout (npm run build): its pages answer 503'
  }

  const res = await t.request({ method: 'GET', url: '/api/docs/json' })
  expect(res.statusCode).toBe(200)
  doc = res.json()
  resolve = (ref) => {
    const name = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1]
    return name ? doc.components?.schemas?.[name] : undefined
  }
}, 120_000)

afterAll(async () => {
  await t?.close()
})

async function signInPayer(email: string): Promise<string> {
  await t.request({ method: 'POST', url: '/api/v1/app/user/send_magic_link', payload: { email } })
  const { rows } = await t.deps.database.executeSql('select html from email_logs where lower("to") = lower($1) and kind = $2 order by id desc limit 1', [email, 'magic_link'])
  const token = /magic_link_token=([A-Za-z0-9_-]+)/.exec(String((rows[0] as { html: string }).html))![1]
  const res = await t.request({ method: 'POST', url: '/api/v1/app/session/magic_link', payload: { token, fingerprint: 'fp-fuzz-payer-1' } })
  if (res.statusCode !== 200) throw new Error(`payer sign in failed: ${res.statusCode} ${res.body}`)
  return res.json().access_token
}

/** Path parameters: mostly values that exist (fresh database: small ids are the fixtures'), sometimes any the document allows. */
function pathArbitrary(name: string, schema: Schema): fc.Arbitrary<string> {
  const documented = arbitraryFromSchema({ ...schema, minLength: Math.max(1, schema.minLength ?? 0) }, resolve).map(String)
  if (schema.type === 'integer') return fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 12 }).map(String) }, { weight: 1, arbitrary: documented })
  // Only the known values the document allows here (an order's token is not a method setup's).
  const fits = ajv.compile(toJsonSchema(schema, resolve) as object)
  const known = (pools[name] ?? []).map(String).filter((value) => fits(value))
  if (known.length === 0) return documented
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: documented })
}

function queryValue(value: unknown): string | string[] | undefined {
  if (value === null || value === undefined) return undefined
  if (Array.isArray(value)) return value.map(String)
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

/** Requests that comply with the document for one operation. */
function requestArbitrary(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const params = (operation.op.parameters ?? []) as Array<{ in: string; name: string; required?: boolean; schema: Schema }>
  const pathParams = params.filter((p) => p.in === 'path' && operation.path.includes(`{${p.name}}`))
  const pathArb = fc.tuple(...pathParams.map((p) => pathArbitrary(p.name, p.schema)))
  const optional = (p: { required?: boolean; schema: Schema }) => {
    const arb = arbitraryFromSchema(p.schema, resolve)
    return p.required ? arb : fc.option(arb, { nil: undefined, freq: 2 })
  }
  const query = fc.record(Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, optional(p)])))
  const headers = fc.record(Object.fromEntries(params.filter((p) => p.in === 'header').map((p) => [p.name, optional(p)])))
  const content = operation.op.requestBody?.content?.['application/json']
  const body: fc.Arbitrary<unknown> = content
    ? operation.op.requestBody.required ? arbitraryFromSchema(content.schema, resolve) : fc.option(arbitraryFromSchema(content.schema, resolve), { nil: undefined })
    : fc.constant(undefined)
  return fc.tuple(pathArb, query, headers, body).map(([values, q, h, payload]) => {
    let url = operation.path
    pathParams.forEach((p, i) => {
      const value = p.name === '*' ? values[i]! : encodeURIComponent(values[i]!)
      url = url.replace(`{${p.name}}`, value)
    })
    const queryOut: Record<string, string | string[]> = {}
    for (const [k, v] of Object.entries(q)) {
      const s = queryValue(v)
      if (s !== undefined) queryOut[k] = s
    }
    const headerOut: Record<string, string> = {}
    for (const [k, v] of Object.entries(h)) if (v !== undefined && v !== null) headerOut[k] = String(v)
    return { method: operation.method, url, query: queryOut, headers: headerOut, ...(payload !== undefined ? { payload } : {}) }
  })
}

const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true })
addFormats(ajv)
for (const format of customFormats) ajv.addFormat(format, true)
const validators = new Map<string, ReturnType<typeof ajv.compile> | null>()

function validatorFor(operation: Operation, status: string): ReturnType<typeof ajv.compile> | null {
  const key = `${operation.key} ${status}`
  if (!validators.has(key)) {
    const schema = operation.op.responses?.[status]?.content?.['application/json']?.schema
    validators.set(key, schema ? ajv.compile(toJsonSchema(schema, resolve) as object) : null)
  }
  return validators.get(key)!
}

function documentedStatus(operation: Operation, status: number): string | null {
  const responses = (operation.op.responses ?? {}) as Record<string, unknown>
  if (String(status) in responses) return String(status)
  const range = `${String(status)[0]}XX`
  if (range in responses) return range
  return 'default' in responses ? 'default' : null
}

async function probe(operation: Operation, caller: Caller, request: FuzzRequest): Promise<{ failures: Failure[]; status: number; body: string }> {
  const res = await t.request({ ...request, payload: request.payload as any, token: caller.token })
  const failures: Failure[] = []
  const status = res.statusCode
  let json: any
  const isJson = String(res.headers['content-type'] ?? '').includes('json')
  if (isJson && res.body.length > 0) {
    try {
      json = JSON.parse(res.body)
    } catch {
      json = undefined
    }
  }
  if (status >= 500) failures.push({ kind: '5xx', status, detail: `${status} ${json?.error?.type ?? ''}` })
  if (status === 400 && ['INVALID_INPUT', 'bad_request'].includes(json?.error?.type)) {
    failures.push({ kind: 'compliant-refused', status, detail: String(json.error.message).slice(0, 200) })
  }
  const documented = documentedStatus(operation, status)
  if (!documented) failures.push({ kind: 'undocumented-status', status, detail: `${status} ${json?.error?.type ?? ''}`.trim() })
  else if (isJson && json !== undefined) {
    const validate = validatorFor(operation, documented)
    if (validate && !validate(json)) {
      const first = validate.errors?.[0]
      failures.push({ kind: 'schema-mismatch', status, detail: `${status}: ${first?.instancePath || '/'} ${first?.message ?? ''} ${first?.params ? JSON.stringify(first.params) : ''}`.slice(0, 200) })
    }
  }
  return { failures, status, body: res.body.slice(0, 300) }
}


function record(operation: Operation, caller: Caller, request: FuzzRequest, failures: Failure[], status: number, body: string) {
  for (const f of failures) {
    const key = `${f.kind} ${operation.key}`
    const example = { ...request, caller: caller.name, status, body }
    const group = groups.get(key)
    if (!group) {
      groups.set(key, { kind: f.kind, operation: operation.key, count: 1, statuses: new Set([f.status]), callers: new Set([caller.name]), detail: f.detail, example })
      continue
    }
    group.count++
    group.statuses.add(f.status)
    group.callers.add(caller.name)
    if (JSON.stringify(request).length < JSON.stringify(group.example).length) {
      group.example = example
      group.detail = f.detail
    }
  }
}

function operations(): Operation[] {
  const list: Operation[] = []
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Schema>>)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue
      const key = `${method.toUpperCase()} ${path}`
      if (!(key in skipped) && !Object.keys(skippedPrefixes).some((prefix) => path.startsWith(prefix))) list.push({ method: method.toUpperCase(), path, op, key })
    }
  }
  // Deletions last, so the other operations meet the fixtures.
  const order = ['POST', 'PUT', 'PATCH', 'GET', 'DELETE']
  return list.sort((a, b) => order.indexOf(a.method) - order.indexOf(b.method))
}

function hash(s: string): number {
  let h = 0
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0
  return h
}

test.skipIf(onPostgres)('every operation answers as its document says, for a seller, a payer and nobody', async () => {
  const callers: Caller[] = [{ name: 'seller', token: seller.accessToken }, { name: 'payer', token: payerToken }, { name: 'anonymous' }]
  const ops = operations()
  const started = Date.now()
  // First pass: every case recorded, nothing shrunk (shrinking the allowlisted gaps would cost minutes).
  for (const operation of ops) {
    const arb = requestArbitrary(operation)
    const opStarted = Date.now()
    for (const caller of callers) {
      await fc.check(fc.asyncProperty(arb, async (request) => {
        const { failures, status, body } = await probe(operation, caller, request)
        record(operation, caller, request, failures, status, body)
        return true
      }), { numRuns: runs, seed: seed + hash(`${operation.key} ${caller.name}`) })
    }
    if (process.env.FUZZ_PROGRESS) appendFileSync('.tmp/api-fuzz-progress.log', `${Date.now() - opStarted} ms ${operation.key}\n`)
  }
  const firstPass = Date.now() - started
  // Second pass: each failure outside the allowlist replayed with the same seed and shrunk to a minimal request.
  const fresh = [...groups.values()].filter((g) => !allowlist[g.kind].includes(g.operation))
  for (const group of fresh.slice(0, shrinkLimit)) {
    const operation = ops.find((o) => o.key === group.operation)!
    const caller = callers.find((c) => c.name === [...group.callers][0])!
    const result = await fc.check(fc.asyncProperty(requestArbitrary(operation), async (request) => {
      const { failures } = await probe(operation, caller, request)
      return !failures.some((f) => f.kind === group.kind)
    }), { numRuns: runs, seed: seed + hash(`${operation.key} ${caller.name}`), interruptAfterTimeLimit: 5_000 })
    if (result.failed && result.counterexample) {
      const [request] = result.counterexample
      const { failures, status, body } = await probe(operation, caller, request)
      const failure = failures.find((f) => f.kind === group.kind)
      group.example = { ...request, caller: caller.name, status, body }
      if (failure) group.detail = failure.detail
      shrunk.push(`${group.kind} ${group.operation}`)
    }
  }

  const all = [...groups.values()].sort((a, b) => a.kind.localeCompare(b.kind) || a.operation.localeCompare(b.operation))
  const passing = (Object.keys(allowlist) as FailureClass[]).flatMap((kind) => allowlist[kind].filter((op) => !groups.has(`${kind} ${op}`)).map((op) => `${kind} ${op}`))
  const counts = Object.fromEntries((Object.keys(allowlist) as FailureClass[]).map((kind) => [kind, all.filter((g) => g.kind === kind).length]))
  mkdirSync('.tmp', { recursive: true })
  writeFileSync('.tmp/api-fuzz-report.json', JSON.stringify({
    runs, seed, operations: ops.length, firstPassMs: firstPass, shrunk, skipped, skippedPrefixes, counts, allowlistedNoLongerFailing: passing,
    groups: all.map((g) => ({ ...g, statuses: [...g.statuses], callers: [...g.callers] })),
  }, null, 2))
  console.log(`api fuzz: ${ops.length} operations × 3 callers × ${runs} runs (seed ${seed}) in ${Math.round(firstPass / 1000)} s; operations failing per class: ${JSON.stringify(counts)}; report in .tmp/api-fuzz-report.json`)
  if (passing.length) console.log(`allowlist entries that no longer fail (remove them):\n  ${passing.join('\n  ')}`)
  const lines = fresh.map((g) => `${g.kind} ${g.operation} ×${g.count} [${[...g.callers].join(',')}] ${g.detail}\n    ${JSON.stringify(g.example)}`)
  expect(fresh.length, `failures outside the allowlist (the first ${shrinkLimit} with shrunk requests):\n${lines.join('\n')}`).toBe(0)
}, 600_000)
