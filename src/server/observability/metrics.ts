import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Database } from '../db/client'

// The process's Prometheus metrics (docs/operations.md "Metrics"): one registry per process (tests build many
// apps in one process, so never prom-client's global one), the Node defaults (CPU, memory, event-loop lag, GC),
// HTTP requests by route, the money path's outcomes, webhook attempts, and, read when scraped, the job queues
// and the database pool. Counters count in this process; Prometheus sums the processes.

export type PaymentOutcome = 'succeeded' | 'failed'
export type CheckoutOutcome = 'placed' | 'refused'
export type WebhookAttemptOutcome = 'succeeded' | 'failed' | 'given_up'

export type Metrics = {
  registry: Registry
  /** One answered HTTP request: its route pattern (never the raw URL, whose ids would explode the series). */
  httpRequest(method: string, route: string, statusCode: number, seconds: number): void
  checkout(outcome: CheckoutOutcome): void
  payment(provider: string, outcome: PaymentOutcome): void
  webhookAttempt(outcome: WebhookAttemptOutcome): void
  /** The registry's text for `GET /metrics`, the queue and pool gauges read first. */
  render(): Promise<string>
}

/** Jobs waiting to run (created or retry, due now) per queue, and the age of the oldest due one. */
const queueSql = `
  select name, count(*)::int as waiting, coalesce(extract(epoch from now() - min(start_after)), 0)::float8 as oldest_seconds
  from pgboss.job where state in ('created', 'retry') and start_after <= now() group by name`

export function createMetrics(database: Database): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'sellfront_' })
  const http = new Histogram({
    name: 'sellfront_http_request_duration_seconds', help: 'HTTP requests by method, route pattern and status, with their duration',
    labelNames: ['method', 'route', 'status_code'], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers: [registry],
  })
  const checkouts = new Counter({ name: 'sellfront_checkouts_total', help: 'Checkouts by outcome: an order placed, or refused (sold out, invalid, tampered)', labelNames: ['outcome'], registers: [registry] })
  const payments = new Counter({ name: 'sellfront_payments_total', help: 'Payments recorded by provider and outcome', labelNames: ['provider', 'outcome'], registers: [registry] })
  const webhooks = new Counter({ name: 'sellfront_webhook_attempts_total', help: 'Webhook delivery attempts by outcome', labelNames: ['outcome'], registers: [registry] })
  const queueDepth = new Gauge({ name: 'sellfront_job_queue_waiting', help: 'Jobs due and not yet taken, by job name', labelNames: ['name'], registers: [registry] })
  const queueAge = new Gauge({ name: 'sellfront_job_queue_oldest_seconds', help: 'Age of the oldest due job not yet taken, by job name', labelNames: ['name'], registers: [registry] })
  const pool = new Gauge({ name: 'sellfront_db_pool_connections', help: 'Database pool connections by state (PostgreSQL)', labelNames: ['state'], registers: [registry] })

  async function readQueues() {
    queueDepth.reset()
    queueAge.reset()
    try {
      const { rows } = await database.executeSql(queueSql)
      for (const row of rows as { name: string; waiting: number; oldest_seconds: number }[]) {
        queueDepth.set({ name: row.name }, row.waiting)
        queueAge.set({ name: row.name }, Math.max(0, Number(row.oldest_seconds)))
      }
    } catch {
      // Before the queue's schema exists (a first start) there is nothing to count; the scrape still answers.
    }
  }

  return {
    registry,
    httpRequest: (method, route, statusCode, seconds) => http.observe({ method, route, status_code: String(statusCode) }, seconds),
    checkout: (outcome) => checkouts.inc({ outcome }),
    payment: (provider, outcome) => payments.inc({ provider, outcome }),
    webhookAttempt: (outcome) => webhooks.inc({ outcome }),
    async render() {
      await readQueues()
      const stats = database.poolStats?.()
      if (stats) for (const [state, n] of Object.entries(stats)) pool.set({ state }, n)
      return registry.metrics()
    },
  }
}
