// The product page (server-rendered storefront, src/storefront) against a hello-world route of the same
// Fastify app, on the embedded database with the demo catalogue: uncached (every request renders: a unique
// query string misses the HTML cache; the product's data and default price are read once per time to live)
// and cached (the in-process HTML cache answers). Prints raw figures, then both ratios on the last line
// (targets: uncached >= 0.10, cached >= 0.30). The same for the demo's built shop page of ten blocks
// (docs/decisions/0065-serving-built-pages.md), measured the same way. The load comes from its own process
// (bench/load.ts). Traffic stays on 127.0.0.1.
import pino from 'pino'
import { ensureStorefrontBuilt } from './storefront-build'
import { runLoad, type LoadResult } from './load'

process.env.NODE_ENV ??= 'production' // React's production build on the server, as deployed

ensureStorefrontBuilt()

const { buildApp } = await import('../src/server/app')
const { loadConfig } = await import('../src/server/config')
const { createDeps, closeDeps } = await import('../src/server/bootstrap')
const { openDatabase } = await import('../src/server/db/client')
const { seedDemo } = await import('../src/server/db/seed')
type Logger = import('../src/server/logger').Logger

const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', RATE_LIMIT: 'off', ARGON2_MEMORY_KIB: '1024', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01', SEED_DEMO: 'false' })
const database = await openDatabase({ kind: 'pglite' })
await database.migrate()
const deps = await createDeps(config, { database, logger: pino({ level: 'silent' }) as unknown as Logger, work: false })
await deps.jobs.start(deps)
await seedDemo(deps, { password: 'Bench-demo1!' })
const app = await buildApp(deps)
app.get('/hello', async () => ({ hello: 'world' }))
await app.listen({ port: 0, host: '127.0.0.1' })
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
// The product page with its checkout: the course has a built page in the demo, its checkout is at /payment.
const product = '/s/demo/watercolour-course/payment'
const builtShop = '/s/demo'

const first = await fetch(`${base}${product}`)
if (first.status !== 200) throw new Error(`the product page answered ${first.status}: is the storefront built?`)
await first.text()

const run = (url: string, uniqueQuery?: string) => runLoad({ url, duration: seconds, uniqueQuery })
const hello = await run(`${base}/hello`)
const uncached = await run(`${base}${product}`, 'bench')
const cached = await run(`${base}${product}`)
const check = await fetch(`${base}${product}`)
const hit = check.headers.get('x-storefront-cache')
await check.text()
const builtUncached = await run(`${base}${builtShop}`, 'bench')
const builtCached = await run(`${base}${builtShop}`)
const builtCheck = await fetch(`${base}${builtShop}`, { headers: { 'accept-encoding': 'identity' } })
const builtBlocks = (await builtCheck.text()).match(/class="sf-built-block /g)?.length ?? 0

console.log(`hello-world: ${hello.requests.average} req/s, p99 ${hello.latency.p99} ms`)
console.log(`GET ${product} uncached (HTML rendered per request): ${uncached.requests.average} req/s, p99 ${uncached.latency.p99} ms, non-2xx ${uncached.non2xx}`)
console.log(`GET ${product} cached (x-storefront-cache: ${hit}): ${cached.requests.average} req/s, p99 ${cached.latency.p99} ms, non-2xx ${cached.non2xx}`)
console.log(`GET ${builtShop} built page of ${builtBlocks} blocks uncached: ${builtUncached.requests.average} req/s, p99 ${builtUncached.latency.p99} ms, non-2xx ${builtUncached.non2xx}`)
console.log(`GET ${builtShop} built page cached: ${builtCached.requests.average} req/s, p99 ${builtCached.latency.p99} ms, non-2xx ${builtCached.non2xx}`)
await app.close()
await closeDeps(deps)
const ratio = (x: LoadResult) => (x.requests.average / hello.requests.average).toFixed(3)
console.log(`ratio built shop page / hello-world: uncached ${ratio(builtUncached)} (target >= 0.10), cached ${ratio(builtCached)} (target >= 0.30)`)
console.log(`ratio product page / hello-world: uncached ${ratio(uncached)} (target >= 0.10), cached ${ratio(cached)} (target >= 0.30)`)
