// Session renewal throughput against a hello-world route of the same Fastify app, on the embedded database.
// Prints raw figures, then the ratio on the last line. The load comes from its own process (bench/load.ts).
// Traffic stays on 127.0.0.1 and is bounded in time.
import pino from 'pino'
import { buildApp } from '../src/server/app'
import { loadConfig } from '../src/server/config'
import { createDeps, closeDeps } from '../src/server/bootstrap'
import { openDatabase } from '../src/server/db/client'
import type { Logger } from '../src/server/logger'
import { runLoad } from './load'

const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', RATE_LIMIT: 'off', ARGON2_MEMORY_KIB: '1024', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01', SEED_DEMO: 'false' })
const database = await openDatabase({ kind: 'pglite' })
await database.migrate()
const deps = await createDeps(config, { database, logger: pino({ level: 'silent' }) as unknown as Logger, work: false })
await deps.jobs.start(deps)
const app = await buildApp(deps)
app.get('/hello', async () => ({ hello: 'world' }))
await app.listen({ port: 0, host: '127.0.0.1' })
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`

const signUp = await fetch(`${base}/api/v1/app/user`, {
  method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'bench@example.test', password: 'Bench-pass1!', first_name: 'B', last_name: 'B', profile_type: 'seller', fingerprint: 'bench-fingerprint' }),
})
const { access_token: token } = (await signUp.json()) as { access_token: string }

const hello = await runLoad({ url: `${base}/hello`, duration: seconds })
const me = await runLoad({ url: `${base}/api/v1/app/user/me`, duration: seconds, headers: { authorization: `Bearer ${token}` } })
console.log(`hello-world: ${hello.requests.average} req/s, p99 ${hello.latency.p99} ms`)
console.log(`GET /app/user/me (token check + session and profile read): ${me.requests.average} req/s, p99 ${me.latency.p99} ms, non-2xx ${me.non2xx}`)
await app.close()
await closeDeps(deps)
console.log(`ratio signed-in read / hello-world: ${(me.requests.average / hello.requests.average).toFixed(3)}`)
