#!/usr/bin/env node
// `npm test`: the whole suite, in phases.
//   0. the shop pages are built first (the server renders them: integration tests of their routes need them)
//   1. unit + integration tests on PGlite (always)
//   2. the same integration tests on PostgreSQL when TEST_DATABASE_URL is set, with files in an S3 stand-in
//   3. browser tests in Chromium when it is found (CHROMIUM_PATH, default /usr/bin/chromium)
// With CI=true a missing database or Chromium is a failure, not a skip. Extra arguments go to vitest, except
// `--phase <name>` (repeatable: storefront, pglite, postgres, browser), which runs only the named phases
// (the storefront build runs whenever pglite or browser runs: their tests render the shop pages).
// The summary prints each phase's time (the README's test section reports them).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import pg from 'pg'

const ci = ['true', '1'].includes(String(process.env.CI).toLowerCase())
const phaseNames = ['storefront', 'pglite', 'postgres', 'browser']
const phases = new Set()
const extra = []
for (let i = 2; i < process.argv.length; i++) {
  const arg = process.argv[i]
  const named = arg.startsWith('--phase=') ? arg.slice('--phase='.length) : arg === '--phase' ? process.argv[++i] : null
  if (named === null) extra.push(arg)
  else if (phaseNames.includes(named)) phases.add(named)
  else {
    console.error(`Unknown phase "${named}": one of ${phaseNames.join(', ')}`)
    process.exit(2)
  }
}
const runs = (/** @type {string} */ phase) => phases.size === 0 || phases.has(phase)
if (phases.has('pglite') || phases.has('browser')) phases.add('storefront')
const timings = []
/** Runs fn and records how long the phase took. */
function timed(label, fn) {
  const started = Date.now()
  const result = fn()
  timings.push(`${label}: ${((Date.now() - started) / 60000).toFixed(1)} min`)
  return result
}
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const totals = { passed: 0, failed: 0, skipped: 0 }
const problems = []
mkdirSync('.tmp', { recursive: true })

function vitest(label, projects, env = {}) {
  const report = `.tmp/vitest-${label}.json`
  rmSync(report, { force: true })
  console.log(`\n=== ${label} ===`)
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--passWithNoTests',
    '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra]
  const result = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'))
    totals.passed += json.numPassedTests ?? 0
    totals.failed += json.numFailedTests ?? 0
    totals.skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0)
  }
  if (result.status !== 0) problems.push(`${label} failed (exit ${result.status})`)
}

async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch (error) {
    console.log(`PostgreSQL at ${url} is not reachable: ${error.message}`)
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

function skipOrFail(message) {
  if (ci) problems.push(`${message} (CI=true makes this a failure)`)
  console.log(`\n*** SKIPPED: ${message}${ci ? ' — failing because CI=true' : ''} ***`)
}

/** Runs the builds in order; answers the label of the first that failed. */
function build(steps) {
  const failed = steps.find(([, args]) => spawnSync('npx', args, { stdio: 'inherit' }).status !== 0)
  if (failed) problems.push(`${failed[0]} failed`)
  return !failed
}

let storefrontBuilt = true
if (runs('storefront')) {
  console.log('\n=== building the shop pages (server-rendered by the routes under test) ===')
  storefrontBuilt = timed('storefront build', () => build([
    ['storefront build (browser)', ['vite', 'build', '-c', 'vite.storefront.config.ts', '--logLevel', 'warn']],
    ['storefront build (server)', ['vite', 'build', '-c', 'vite.storefront.config.ts', '--ssr', '--logLevel', 'warn']],
  ]))
}

if (runs('pglite')) timed('unit and integration on PGlite', () => vitest('unit-and-integration-on-pglite', ['unit', 'integration'], { TEST_DB: 'pglite' }))

if (runs('postgres')) {
  const databaseUrl = process.env.TEST_DATABASE_URL
  if (!databaseUrl) skipOrFail('integration tests on PostgreSQL: TEST_DATABASE_URL is not set')
  else if (!(await postgresReachable(databaseUrl))) skipOrFail('integration tests on PostgreSQL: the server is not reachable')
  // Files there go to a local S3 stand-in (TEST_STORAGE=s3), so both storage kinds run every file route.
  else timed('integration on PostgreSQL', () => vitest('integration-on-postgresql', ['integration'], { TEST_DB: 'postgres', TEST_STORAGE: 's3', SF_TEST_RUN_ID: randomBytes(4).toString('hex') }))
}

if (runs('browser')) {
  if (!existsSync(chromium)) skipOrFail(`browser tests: Chromium not found at ${chromium} (set CHROMIUM_PATH or apt-get install chromium)`)
  else timed('web build and browser tests', () => {
    console.log('\n=== building the web app for the browser tests ===')
    if (build([['web build', ['vite', 'build', '--logLevel', 'warn']]]) && storefrontBuilt) vitest('browser', ['e2e'], { CHROMIUM_PATH: chromium })
  })
}

console.log('\n=== summary ===')
for (const t of timings) console.log(`- ${t}`)
for (const p of problems) console.log(`- ${p}`)
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(problems.length > 0 || totals.failed > 0 ? 1 : 0)
