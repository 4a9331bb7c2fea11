// The product page's weight and speed (docs/DESIGN.md "Layout": the checkout page stays under 100 KiB of gzipped
// JavaScript). Serves the demo catalogue on 127.0.0.1, reads the page's HTML, gzips every script it loads
// (<script src> and <link rel="modulepreload"> in the HTML, and the product page's module with its static imports,
// which the entry imports before it hydrates: docs/decisions/0099-storefront-client-on-preact.md) with node:zlib,
// and runs Lighthouse (mobile, Debian
// Chromium) for the largest contentful paint. Prints raw figures, then the ratios on the last line:
// JS gzip / 100 KiB and LCP / 2.5 s (both should stay below 1). Lighthouse is skipped with its reason when
// it cannot run.
import { existsSync, readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import pino from 'pino'
import { ensureStorefrontBuilt } from './storefront-build'

process.env.NODE_ENV ??= 'production'

ensureStorefrontBuilt()

const { buildApp } = await import('../src/server/app')
const { loadConfig } = await import('../src/server/config')
const { createDeps, closeDeps } = await import('../src/server/bootstrap')
const { openDatabase } = await import('../src/server/db/client')
const { seedDemo } = await import('../src/server/db/seed')
type Logger = import('../src/server/logger').Logger

const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', RATE_LIMIT: 'off', ARGON2_MEMORY_KIB: '1024', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01', SEED_DEMO: 'false' })
const database = await openDatabase({ kind: 'pglite' })
await database.migrate()
const deps = await createDeps(config, { database, logger: pino({ level: 'silent' }) as unknown as Logger, work: false })
await deps.jobs.start(deps)
await seedDemo(deps, { password: 'Bench-demo1!' })
const app = await buildApp(deps)
await app.listen({ port: 0, host: '127.0.0.1' })
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
// The checkout (the course has a built product page in the demo: docs/decisions/0065-serving-built-pages.md).
const productUrl = `${base}/s/demo/watercolour-course/payment`

// ---------------------------------------------------------------- JavaScript weight

const html = await (await fetch(productUrl)).text()
// The page module and the chunks it imports statically, from the client build's manifest: loaded before hydration.
type ManifestChunk = { file: string; imports?: string[] }
const manifest = JSON.parse(readFileSync('dist/storefront/client/.vite/manifest.json', 'utf8')) as Record<string, ManifestChunk>
const pageChunks = (key: string, seen = new Set<string>()): Set<string> => {
  if (seen.has(key) || !manifest[key]) return seen
  seen.add(key)
  for (const dep of manifest[key].imports ?? []) pageChunks(dep, seen)
  return seen
}
const scripts = [
  ...[...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!),
  ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!),
  ...[...pageChunks('src/storefront/entry-client.tsx'), ...pageChunks('src/storefront/pages/product-page.tsx')].map((key) => `/storefront/${manifest[key]!.file}`),
]
let totalGzip = 0
for (const src of [...new Set(scripts)]) {
  const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer())
  const gz = gzipSync(body).length
  totalGzip += gz
  console.log(`${src}: ${(body.length / 1024).toFixed(1)} KiB, gzip ${(gz / 1024).toFixed(1)} KiB`)
}
const jsKiB = totalGzip / 1024
console.log(`JavaScript of the product page: ${new Set(scripts).size} files, ${jsKiB.toFixed(1)} KiB gzip (budget 100 KiB)`)

// ---------------------------------------------------------------- Lighthouse mobile LCP

let lcpMs: number | null = null
try {
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
  if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath} (set CHROME_PATH)`)
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')])
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })
  try {
    const result = await lighthouse(productUrl, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' })
    const audits = result?.lhr.audits
    lcpMs = audits?.['largest-contentful-paint']?.numericValue ?? null
    const score = result?.lhr.categories.performance?.score
    console.log(`Lighthouse (mobile, simulated throttling): performance ${score === null || score === undefined ? 'n/a' : Math.round(score * 100)}, `
      + `FCP ${audits?.['first-contentful-paint']?.displayValue}, LCP ${audits?.['largest-contentful-paint']?.displayValue}, TBT ${audits?.['total-blocking-time']?.displayValue}, CLS ${audits?.['cumulative-layout-shift']?.displayValue}`)
    if (process.env.BENCH_VERBOSE) {
      for (const id of ['render-blocking-resources', 'render-blocking-insight', 'lcp-breakdown-insight', 'largest-contentful-paint-element', 'server-response-time', 'total-byte-weight', 'network-requests']) {
        const a = audits?.[id]
        if (a) console.log(id, a.displayValue ?? '', JSON.stringify(a.details ?? {}).slice(0, 1500))
      }
    }
    if (result?.lhr.runtimeError) console.log(`Lighthouse runtime error: ${result.lhr.runtimeError.message}`)
  } finally {
    chrome.kill()
  }
} catch (error) {
  console.log(`Lighthouse skipped: ${error instanceof Error ? error.message : String(error)}`)
}

await app.close()
await closeDeps(deps)
const lcp = lcpMs === null ? 'LCP n/a (Lighthouse did not run)' : `LCP ${(lcpMs / 2500).toFixed(3)} (${(lcpMs / 1000).toFixed(2)} s / 2.5 s)`
console.log(`ratio product page: JS gzip ${(jsKiB / 100).toFixed(3)} (${jsKiB.toFixed(1)} KiB / 100 KiB), ${lcp}`)
