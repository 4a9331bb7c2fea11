import pino from 'pino'
import { chromium } from 'playwright-core'
process.env.NODE_ENV ??= 'production'
const { buildApp } = await import('./src/server/app')
const { loadConfig } = await import('./src/server/config')
const { createDeps, closeDeps } = await import('./src/server/bootstrap')
const { openDatabase } = await import('./src/server/db/client')
const { seedDemo } = await import('./src/server/db/seed')
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', RATE_LIMIT: 'off', ARGON2_MEMORY_KIB: '1024', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01', SEED_DEMO: 'false' })
const database = await openDatabase({ kind: 'pglite' })
await database.migrate()
const deps = await createDeps(config, { database, logger: pino({ level: 'silent' }) as never, work: false })
await deps.jobs.start(deps)
await seedDemo(deps, { password: 'Bench-demo1!' })
const app = await buildApp(deps)
await app.listen({ port: 0, host: '127.0.0.1' })
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] })
for (const [name, path, width] of [['shop', '/s/demo', 1280], ['shop-phone', '/s/demo', 390], ['product', '/s/demo/watercolour-course', 1280], ['event', '/s/demo/summer-workshop', 1280]] as const) {
  const page = await browser.newPage({ viewport: { width, height: 900 } })
  await page.goto(base + path)
  await page.waitForTimeout(500)
  await page.screenshot({ path: `/tmp/shop-shots/${name}.png`, fullPage: name !== 'product' })
  await page.close()
}
console.log((await (await fetch(base + '/sitemap.xml')).text()).slice(0, 600))
console.log(await (await fetch(base + '/robots.txt')).text())
await browser.close()
await app.close()
await closeDeps(deps)
