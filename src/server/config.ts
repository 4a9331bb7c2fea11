import { z } from 'zod'

// The environment, parsed once. Every setting the platform reads is here and in the README's table.
const bool = z.enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no']).transform((v) => ['true', '1', 'on', 'yes'].includes(v))

/** OpenTelemetry's variables treat an empty value as unset (its specification), as docker compose's `${X:-}` gives. */
const otelUnsetIfEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema)

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  /** Public address used in links inside mails. Defaults to http://HOST:PORT. */
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Unset: embedded PGlite in DATA_DIR. Set: a PostgreSQL server. */
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.string().optional(),
  /** Signs access tokens. Embedded mode keeps a generated one in DATA_DIR when unset. */
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(30 * 86400),
  /** How long a manager's admin mode lasts before it ends by itself (docs/decisions/0056-managers-admin-mode.md). */
  ADMIN_MODE_TTL_SECONDS: z.coerce.number().int().min(10).max(86400).default(1800),
  /** argon2id memory cost in KiB; tests lower it, production keeps the OWASP figure. */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19456),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Sellfront <no-reply@sellfront.test>'),
  SEED_DEMO: bool.default(true),
  /** The demo's shop and two product pages as built pages (docs/decisions/0065-serving-built-pages.md); off keeps the default layouts. */
  SEED_DEMO_PAGES: bool.default(true),
  /** The demo seller's GA4 tracking code on the demo products (docs/decisions/0074-tracking-with-consent.md); off: no tracking code. */
  SEED_DEMO_TRACKING: bool.default(true),
  DEMO_PASSWORD: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * `GET /metrics` (Prometheus, docs/operations.md): with a token set, a scrape must send it as a bearer token;
   * unset, only loopback addresses are answered.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** `/readyz` answers 503 when more jobs than this have waited over a minute (workers missing or behind). */
  READY_JOBS_BACKLOG: z.coerce.number().int().min(0).default(1000),
  RATE_LIMIT: z.enum(['on', 'off']).default('on'),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_AUTH_IP_MAX: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_AUTH_EMAIL_FAILURES: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_AUTH_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** How often counted product page views are written (decision 0065): a view is a map update, this one statement. */
  PRODUCT_VIEWS_FLUSH_MS: z.coerce.number().int().min(10).max(600_000).default(5000),
  /** Wrong access-password guesses per IP and product before the product page answers 429 (docs/QUALITY.md "abuse"). */
  RATE_LIMIT_PRODUCT_PASSWORD_FAILURES: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_PRODUCT_PASSWORD_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** Wrong coupon codes per IP and shop before coupon checks answer 429. */
  RATE_LIMIT_COUPON_FAILURES: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_COUPON_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
  /** api: HTTP only; worker: jobs only; all: both (embedded default). */
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  JOBS: z.enum(['on', 'off']).default('on'),
  HOME_COUNTRY: z.string().length(2).default('DE'),
  /** The built-in sandbox payment provider is active for every seller (docs/DESIGN.md "Payments"; docs/reference/readings.md 23). */
  PAYMENTS_TEST_MODE: bool.default(true),
  /** Encrypts payment provider credentials at rest (32 bytes, hex or base64). Embedded mode keeps a generated one in DATA_DIR. */
  PAYMENTS_SECRET_KEY: z.string().min(32).optional(),
  /** The card provider's API address: unset is the provider itself; tests point it at a local stand-in. */
  STRIPE_API_BASE: z.url().optional(),
  /**
   * Collection partners' case APIs (docs/decisions/0057-orders-area-remains.md): a handed-off claim is posted
   * there and its answers polled. Unset: export mode, the claim file (CSV) waits for the seller to send it.
   */
  INKASSO_API_BASE: z.url().optional(),
  INKASSO_API_KEY: z.string().optional(),
  CREDIT_REFORM_INKASSO_API_BASE: z.url().optional(),
  CREDIT_REFORM_INKASSO_API_KEY: z.string().optional(),
  /** The wallet provider's REST address: unset is its sandbox in test mode, production otherwise. */
  PAYPAL_API_BASE: z.url().optional(),
  /** The platform's own merchant account for the connect provider (docs/reference/readings.md 27); unset: connect is off. */
  CONNECT_STRIPE_SECRET_KEY: z.string().optional(),
  CONNECT_STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  CONNECT_STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /**
   * The signing secret of the platform's Connect webhook endpoint (connected accounts' `account.updated`,
   * docs/decisions/0052-emoney-pay-ins.md "Connect onboarding"); unset: CONNECT_STRIPE_WEBHOOK_SECRET.
   */
  CONNECT_STRIPE_ACCOUNTS_WEBHOOK_SECRET: z.string().optional(),
  /** The platform's fee on payments it collects through connect, in basis points (500 = 5 %). */
  CONNECT_FEE_BPS: z.coerce.number().int().min(0).max(10000).default(500),
  /** The platform's fee on payments sellers collect with their own provider accounts, in basis points. */
  PLATFORM_FEE_BPS: z.coerce.number().int().min(0).max(10000).default(0),
  /**
   * Where exchange rates come from (docs/decisions/0097-payer-currencies.md, src/server/modules/exchange-rates/README.md):
   * `ecb` the European Central Bank's daily reference rates at EXCHANGE_RATES_URL, `file` a file on this server
   * (EXCHANGE_RATES_FILE: the bank's XML or `currency,rate` lines), `off` none (only rates put in place by hand).
   * Managers change all four at run time in the platform settings.
   */
  EXCHANGE_RATES_SOURCE: z.enum(['ecb', 'file', 'off']).default('ecb'),
  EXCHANGE_RATES_URL: z.url().default('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml'),
  EXCHANGE_RATES_FILE: z.string().default(''),
  /** The oldest rate a checkout uses, in hours: 144 covers the bank's weekends and its four closed days at Easter. */
  EXCHANGE_RATES_MAX_AGE_HOURS: z.coerce.number().int().min(1).max(720).default(144),
  /** Days a seller's sale stays pending before its money may be paid out (the refund window). */
  PAYOUT_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  /** Countries bank accounts for payouts may be in (comma-separated ISO codes). */
  PAYOUT_COUNTRIES: z.string().default('DE,FR,NL,ES,IE').transform((v) => v.split(',').map((c) => c.trim().toUpperCase()).filter(Boolean)),
  /**
   * The platform's own account the SEPA payout files are paid from. No default: until the IBAN is set a
   * manager is told so instead of downloading a file that would pay from an account that is not the platform's.
   * The BIC is optional (not needed for SEPA transfers inside the EEA).
   */
  PAYOUT_DEBTOR_NAME: z.string().min(1).optional(),
  PAYOUT_DEBTOR_IBAN: z.string().min(1).optional(),
  PAYOUT_DEBTOR_BIC: z.string().min(1).optional(),
  /** The e-money provider (docs/decisions/0049-money-out.md "E-money provider"); unset: it is off. */
  MANGOPAY_CLIENT_ID: z.string().optional(),
  MANGOPAY_API_KEY: z.string().optional(),
  /** Its API address: unset is its sandbox. */
  MANGOPAY_API_BASE: z.url().optional(),
  /**
   * The integrations' API addresses (docs/decisions/0075-integrations.md). Unset: the services themselves
   * (Mailchimp `https://<dc>.api.mailchimp.com/3.0`, ActiveCampaign `https://<account>.api-us1.com/api/3`,
   * GetResponse `https://api.getresponse.com/v3`, HubSpot `https://api.hubapi.com`, KlickTipp
   * `https://api.klicktipp.com`, mailingwork `https://webservice.mailingwork.de/webservice/webservice/json`, Vimeo
   * `https://api.vimeo.com`); tests point them at local stand-ins.
   */
  MAILCHIMP_API_BASE: z.url().optional(),
  ACTIVECAMPAIGN_API_BASE: z.url().optional(),
  GETRESPONSE_API_BASE: z.url().optional(),
  HUBSPOT_API_BASE: z.url().optional(),
  KLICKTIPP_API_BASE: z.url().optional(),
  MAILINGWORK_API_BASE: z.url().optional(),
  VIMEO_API_BASE: z.url().optional(),
  /** How long one call to an integration's service may take. */
  INTEGRATIONS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** How long stock stays held for a payer who is paying. */
  RESERVATION_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Checkouts one API process works on at once; the rest wait their turn (a rush then meets "sold out" cheaply). */
  CHECKOUT_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(4),
  TRUST_PROXY: bool.default(false),
  /**
   * Where uploaded and generated files go: `local` keeps them under DATA_DIR/uploads (one machine); `s3` in an
   * S3-compatible bucket every API process shares (docs/decisions/0081-s3-storage.md), with the S3_* settings.
   */
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** Unset: AWS itself. Set for MinIO, Ceph, R2 and other compatible stores, e.g. http://127.0.0.1:9000. */
  S3_ENDPOINT: z.url().optional(),
  /** Path-style addressing (endpoint/bucket/key), which most self-hosted stores need. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Unset: the SDK's usual chain (environment, profile, instance role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Prepended to every object key, to share a bucket (e.g. `sellfront/`). */
  S3_PREFIX: z.string().max(200).regex(/^[A-Za-z0-9!_.*'()\/-]*$/).default(''),
  /**
   * Downloads and lesson media answered with a 302 to a short-lived presigned URL of the bucket, after the
   * same checks (docs/decisions/0101-presigned-downloads.md). Off by default: it needs the store reachable
   * by browsers; off, every file streams through the API as before. Only with STORAGE=s3.
   */
  S3_PRESIGNED_DOWNLOADS: bool.default(false),
  /** The store's address as browsers reach it, when it differs from S3_ENDPOINT (e.g. a docker-internal name). */
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  /** How long a presigned download URL works: long enough to follow the redirect, too short to pass on. */
  S3_PRESIGNED_SECONDS: z.coerce.number().int().min(1).max(900).default(60),
  /** How long a presigned lesson media URL works: a player keeps seeking against the URL it was redirected to. */
  S3_PRESIGNED_MEDIA_SECONDS: z.coerce.number().int().min(1).max(21_600).default(3600),
  /** Largest uploaded file (download files, course media): 200 MiB. */
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).default(200 * 1024 * 1024),
  /** Largest uploaded image (covers, certificate backgrounds): 10 MiB. */
  IMAGE_MAX_BYTES: z.coerce.number().int().min(1024).default(10 * 1024 * 1024),
  /**
   * The billing test clock (decision 0026): `deps.now()` runs ahead by an offset a manager advances.
   * Unset: on only in the embedded demo (development, sandbox on, demo seeded); refused in production.
   */
  TEST_CLOCK: z.enum(['on', 'off']).optional(),
  /**
   * Mail preview (docs/decisions/0041-first-ten-minutes.md): answers that sent a mail name the stored mail's
   * page, and the console prints it. Unset: on in development without SMTP_URL; refused in production or with SMTP.
   */
  MAIL_PREVIEW: z.enum(['on', 'off']).optional(),
  /**
   * Sellers' platform subdomains are `<name>.<SUBDOMAIN_SUFFIX>` (docs/decisions/0060-domains.md); the platform's
   * wildcard DNS record and certificate cover them. Unset: the host of APP_URL.
   */
  SUBDOMAIN_SUFFIX: z.string().regex(/^[a-z0-9.-]+$/).optional(),
  /** DNS servers the domain checks ask (comma-separated `ip` or `ip:port`); unset: the system's. */
  DNS_SERVERS: z.string().optional().transform((v) => v ? v.split(',').map((s) => s.trim()).filter(Boolean) : []),
  /** How long one DNS question may take before the check counts as failed. */
  DNS_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  /**
   * Signed webhooks (docs/decisions/0072-signed-webhooks.md) may reach loopback addresses (127.0.0.0/8, ::1):
   * for self-hosters whose receiver runs on the same machine, and tests. Private, link-local and metadata
   * addresses stay refused.
   */
  WEBHOOKS_ALLOW_LOOPBACK: bool.default(false),
  /**
   * Sellers' own mail servers (docs/decisions/0084-custom-smtp-and-double-opt-in.md) may be on a loopback
   * address: tests and a local development mail catcher only. Private and other non-public addresses stay refused.
   */
  SELLER_SMTP_ALLOW_LOOPBACK: bool.default(false),
  /** How long connecting to, greeting and each answer of a seller's mail server may take before it counts as failed. */
  SELLER_SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /**
   * The online VIES check of EU VAT ids at checkout (docs/decisions/0088-vies-check.md): the REST endpoint
   * `check-vat-number`, or `off` to check the format only. Unset: the European Commission's endpoint in
   * production, off elsewhere (a development machine may have no way out).
   */
  VIES_URL: z.union([z.literal('off'), z.string().url()]).optional(),
  /** How long the VIES check may take before the VAT id counts as checked for format only. */
  VIES_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  /** How long one webhook attempt may take in all (connect, send, answer) before it counts as failed. */
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(30_000),
  /**
   * OpenTelemetry traces (docs/decisions/0100-opentelemetry-traces.md), the standard variables: spans go by
   * OTLP/HTTP (JSON) to `<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces`, or to OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as
   * given. Neither set (or OTEL_SDK_DISABLED): no traces, and nothing of OpenTelemetry is loaded.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: otelUnsetIfEmpty(z.url().optional()),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otelUnsetIfEmpty(z.url().optional()),
  OTEL_SDK_DISABLED: otelUnsetIfEmpty(bool.default(false)),
  /** The service spans are reported under; unset: `sellfront-worker` for ROLE=worker, `sellfront-api` otherwise. */
  OTEL_SERVICE_NAME: otelUnsetIfEmpty(z.string().min(1).optional()),
})

export type Config = z.infer<typeof configSchema> & {
  appUrl: string; embedded: boolean; testClock: boolean; mailPreview: boolean; viesUrl: string | null
  /** Where spans are posted (OTLP/HTTP), or null: traces are off. */
  tracesUrl: string | null
}

/** Whether the billing test clock runs: never in production or without test payments. */
function testClockOf(base: z.infer<typeof configSchema>, embedded: boolean): boolean {
  const allowed = base.NODE_ENV !== 'production' && base.PAYMENTS_TEST_MODE
  if (base.TEST_CLOCK === 'on' && !allowed) throw new Error('Invalid configuration:\n  TEST_CLOCK: on is refused in production and when PAYMENTS_TEST_MODE is off')
  if (base.TEST_CLOCK !== undefined) return base.TEST_CLOCK === 'on'
  return allowed && embedded && base.SEED_DEMO && base.NODE_ENV === 'development'
}

/** Whether stored mails are named to whoever caused them: only where no mail server exists and never in production. */
function mailPreviewOf(base: z.infer<typeof configSchema>): boolean {
  const allowed = base.NODE_ENV !== 'production' && !base.SMTP_URL
  if (base.MAIL_PREVIEW === 'on' && !allowed) throw new Error('Invalid configuration:\n  MAIL_PREVIEW: on is refused in production and with SMTP_URL')
  if (base.MAIL_PREVIEW !== undefined) return base.MAIL_PREVIEW === 'on'
  return allowed && base.NODE_ENV === 'development'
}

/** The OTLP/HTTP address spans are posted to, or null: traces are off (docs/decisions/0100-opentelemetry-traces.md). */
function tracesUrlOf(base: z.infer<typeof configSchema>): string | null {
  if (base.OTEL_SDK_DISABLED) return null
  if (base.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return base.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
  // The OTLP convention: the base endpoint gets the signal's path appended; the signal's own endpoint is used as given.
  if (base.OTEL_EXPORTER_OTLP_ENDPOINT) return `${base.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`
  return null
}

/** The European Commission's VIES REST endpoint (docs/decisions/0088-vies-check.md). */
export const europeanCommissionVies = 'https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number'

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = configSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')
    throw new Error(`Invalid configuration:\n${lines}`)
  }
  const base = { ...parsed.data, ...overrides }
  if (base.STORAGE === 's3' && !base.S3_BUCKET) throw new Error('Invalid configuration:\n  S3_BUCKET: required with STORAGE=s3')
  return {
    ...base,
    appUrl: (base.APP_URL ?? `http://${base.HOST === '0.0.0.0' ? 'localhost' : base.HOST}:${base.PORT}`).replace(/\/$/, ''),
    embedded: !base.DATABASE_URL,
    testClock: testClockOf(base, !base.DATABASE_URL),
    mailPreview: mailPreviewOf(base),
    viesUrl: base.VIES_URL === 'off' ? null : base.VIES_URL ?? (base.NODE_ENV === 'production' ? europeanCommissionVies : null),
    tracesUrl: tracesUrlOf(base),
  }
}
