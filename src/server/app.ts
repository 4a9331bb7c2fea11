// Every locale's validation messages (API errors, storefront forms), registered by the module that builds the app:
// the server and every test that builds the app translate alike.
import '../shared/validation/message-texts/all'
import Fastify, { type FastifyInstance } from 'fastify'
import helmet from 'helmet'
import rateLimit from '@fastify/rate-limit'
import cookie from '@fastify/cookie'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { AppDeps } from './deps'
import { assertFeature, type Ctx } from './context'
import { clientErrorHandler, handleError, notFoundBody, registerErrorHandler } from './plugins/errors'
import { pickLocale } from './plugins/locale'
import { openapiTransform, openapiTransformObject, registerRouteHooks } from './plugins/openapi'
import { registerStaticWeb } from './plugins/static-web'
import { registerDevWeb } from './plugins/dev-web'
import { redisOf } from './plugins/counter-store'
import * as accounts from './modules/accounts/accounts.service'
import { accountsRoutes } from './modules/accounts/accounts.routes'
import { sellerProfileRoutes } from './modules/accounts/seller-profile.routes'
import { emailRoutes } from './modules/email/email.routes'
import { commonRoutes } from './modules/common/common.routes'
import { catalogRoutes } from './modules/catalog/catalog.routes'
import { productContentRoutes } from './modules/product-content/product-content.routes'
import { couponsRoutes } from './modules/coupons/coupons.routes'
import { mediaRoutes } from './modules/media/media.routes'
import { coursesRoutes } from './modules/courses/courses.routes'
import { coursePlayerRoutes } from './modules/courses/course-player.routes'
import { certificatesRoutes } from './modules/certificates/certificates.routes'
import { ticketsRoutes } from './modules/tickets/tickets.routes'
import { paymentTicketsRoutes } from './modules/tickets/payment-tickets.routes'
import { paymentSettingsRoutes } from './modules/payment-settings/payment-settings.routes'
import { checkoutSettingsRoutes } from './modules/checkout-settings/checkout-settings.routes'
import { checkoutRoutes } from './modules/checkout/checkout.routes'
import { paymentsRoutes } from './modules/payments/payments.routes'
import { ticketUpgradeRoutes } from './modules/checkout/ticket-upgrade.routes'
import { ordersRoutes } from './modules/orders/orders.routes'
import { csvExportsRoutes } from './modules/csv-exports/csv-exports.routes'
import { orderRatesRoutes } from './modules/orders/order-rates.routes'
import { payersRoutes } from './modules/orders/payers.routes'
import { deliveryRoutes } from './modules/delivery/delivery.routes'
import { downloadsRoutes } from './modules/media/downloads.routes'
import { presignedOrigin } from './modules/media/storage'
import { licenseActivationRoutes } from './modules/catalog/license-activation.routes'
import { invoicesRoutes } from './modules/invoices/invoices.routes'
import { dashboardRoutes } from './modules/dashboard/dashboard.routes'
import { notificationsRoutes } from './modules/notifications/notifications.routes'
import { billingRoutes } from './modules/billing/billing.routes'
import { testClockRoutes } from './modules/test-clock/test-clock.routes'
import { refundsRoutes } from './modules/refunds/refunds.routes'
import { dunningRoutes } from './modules/dunning/dunning.routes'
import { affiliatesRoutes } from './modules/affiliates/affiliates.routes'
import { publishRoutes } from './modules/affiliates/publish.routes'
import { identityRoutes } from './modules/payouts/identity.routes'
import { bankAccountsRoutes } from './modules/payouts/bank-accounts.routes'
import { payoutsRoutes } from './modules/payouts/payouts.routes'
import { owedRoutes } from './modules/payouts/owed.routes'
import { emoneyRoutes } from './modules/payouts/emoney.routes'
import { resellersRoutes } from './modules/resellers/resellers.routes'
import { connectOnboardingRoutes } from './modules/payouts/connect-onboarding.routes'
import { teamsRoutes } from './modules/teams/teams.routes'
import { adminUsersRoutes } from './modules/accounts/admin-users.routes'
import * as adminUsers from './modules/accounts/admin-users.service'
import { AppError } from '../shared/errors'
import { platformPlansRoutes, pricingLinkRoutes } from './modules/platform-plans/platform-plans.routes'
import { dealsRoutes } from './modules/deals/deals.routes'
import { platformSettingsRoutes } from './modules/platform-settings/platform-settings.routes'
import { exchangeRatesRoutes } from './modules/exchange-rates/exchange-rates.routes'
import { fontFileRoutes, fontsRoutes } from './modules/fonts/fonts.routes'
import { sharesRoutes } from './modules/shares/shares.routes'
import { themesRoutes } from './modules/themes/themes.routes'
import { pagesRoutes } from './modules/pages/pages.routes'
import { funnelsRoutes } from './modules/funnels/funnels.routes'
import { domainsRoutes } from './modules/domains/domains.routes'
import { trackingRoutes } from './modules/tracking/tracking.routes'
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes'
import { accountingRoutes } from './modules/accounting/accounting.routes'
import { bankTransfersRoutes } from './modules/bank-transfers/bank-transfers.routes'
import { communityRoutes } from './modules/community/community.routes'
import { liveShoppingRoutes } from './modules/live-shopping/live-shopping.routes'
import { mobileAppRoutes } from './modules/mobile-app/mobile-app.routes'
import { analyticsRoutes } from './modules/analytics/analytics.routes'
import * as apiKeys from './modules/api-keys/api-keys.service'
import { webhooksRoutes } from './modules/webhooks/webhooks.routes'
import { integrationsRoutes } from './modules/integrations/integrations.routes'
import { doubleOptInRoutes } from './modules/integrations/double-opt-in.routes'
import { sellerSmtpRoutes } from './modules/email/seller-smtp.routes'
import { customizationRoutes } from './modules/customization/customization.routes'
import { hostDirectoryOf, rewriteForSellerHost } from './modules/domains/domains.hosts'
import { registerSellerHosts } from './modules/domains/seller-hosts.routes'
import * as teams from './modules/teams/teams.service'
import { assertSellerRoute } from './auth/cabinet-route-actions'
import { registerStorefront } from './plugins/storefront'
import { courseVideoFrameSources } from '../shared/schemas/courses'
import { checkReadiness } from './observability/readiness'
import { requestContext } from './observability/request-context'
import { registerTracing } from './observability/tracing'

declare module 'fastify' {
  interface FastifyRequest {
    ctx: Ctx
    /** The admin audit log row of a mutating request made in admin mode (docs/decisions/0056-managers-admin-mode.md). */
    adminAuditId?: number | null
  }
  interface FastifyContextConfig {
    /** 'required': a valid access token is needed; 'optional': used when present; absent: ignored. */
    auth?: 'required' | 'optional'
  }
}

export type App = FastifyInstance
export type BuildAppOptions = { webDir?: string | null; dev?: boolean }

const teamMemberSellerPath = /^\/api\/v1\/team_member\/sellers\/(\d{1,12})\/cabinet(?=\/|\?|$)(.*)$/s

/**
 * A team member's path of a seller's API, `/api/v1/team_member/sellers/<seller id>/cabinet/<rest>`, is the
 * seller's route `/api/v1/cabinet/<rest>` acting for that seller, as `X-Seller-Id` would (the path's seller
 * wins over the header); docs/decisions/0053-team-members.md. Every other URL stays as it came.
 */
export function rewriteTeamMemberSellerPath(req: { url?: string; headers: Record<string, string | string[] | undefined> }): string {
  const url = req.url ?? '/'
  const match = teamMemberSellerPath.exec(url)
  if (!match) return url
  req.headers['x-seller-id'] = match[1]
  return `/api/v1/cabinet${match[2]}`
}

/** Builds the HTTP application around its dependencies. Tests call it with their own deps. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<App> {
  const { config } = deps
  // A request on a seller's custom domain or subdomain is routed as that seller's shop (docs/decisions/0060-domains.md).
  const sellerHosts = hostDirectoryOf(deps)
  const app = Fastify({
    loggerInstance: deps.logger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length <= 100 ? req.headers['x-request-id'] : randomUUID()),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    rewriteUrl: (req) => rewriteForSellerHost(sellerHosts, req) ?? rewriteTeamMemberSellerPath(req),
    // Refusals made before a route runs answer in the app's error shape too (414, 431, a bad URL).
    frameworkErrors: handleError,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  // The request's id for everything it runs and the jobs it enqueues (observability/request-context.ts).
  app.addHook('onRequest', (request, _reply, done) => {
    requestContext.run({ requestId: String(request.id) }, done)
  })
  // With traces on, a server span per request, current for all the request runs (observability/tracing.ts).
  registerTracing(app)
  registerErrorHandler(app)

  // With presigned downloads a lesson's video, audio and PDF frame are redirected to the bucket, and a browser
  // checks a redirect's target against the page's policy (docs/decisions/0101-presigned-downloads.md).
  const bucketOrigin = await presignedOrigin(deps.storage)
  // helmet's middleware, built once: @fastify/helmet built it again for every request (its options parsed
  // each time, about a twentieth of a checkout request's CPU in a rush).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Dev mode only: Vite's hot-reload preamble is an inline script and talks over a websocket.
        scriptSrc: options.dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: options.dev ? ["'self'", 'ws:'] : ["'self'"],
        // the PDF previews (tickets, certificates) are Blob URLs; course lessons embed external videos
        frameSrc: ["'self'", 'blob:', ...courseVideoFrameSources, ...(bucketOrigin ? [bucketOrigin] : [])],
        mediaSrc: ["'self'", ...(bucketOrigin ? [bucketOrigin] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  })
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)))
  await app.register(cookie)
  await app.register(rateLimit, {
    global: config.RATE_LIMIT === 'on',
    max: config.RATE_LIMIT_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
    redis: redisOf(deps.counters),
    // Redis down: the request passes rather than failing (docs/decisions/0082-redis-down.md); sign-in guesses
    // stay limited per process by the counters' fallback.
    skipOnError: true,
    nameSpace: 'sf:rl:',
    allowList: (req) => req.url === '/healthz',
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      error: { message: `Too many requests, retry in ${Math.ceil(context.ttl / 1000)} s`, type: 'MS_MAX_CONCURRENT_REQ' },
    }),
  })

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Sellfront API', version: '1.0.0',
        description: 'Sellers, products, checkout, orders, payers and publishers. A team member reaches a seller\'s /cabinet routes with the header `X-Seller-Id: <seller id>` (or with that seller\'s team member profile selected): a seller the user does not work for answers 404, a route outside the rights the seller gave answers 403 `forbidden`. A manager in admin mode sends their own bearer token with the `admin_access_token` cookie set by `POST /api/v1/admin/users/{id}/admin_mode`: the request is then the user\'s, and every mutating one is audited.',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http', scheme: 'bearer', bearerFormat: 'JWT',
            description: 'The access token. On /cabinet routes a team member adds `X-Seller-Id: <seller id>` to act for that seller.',
          },
          apiKey: {
            type: 'http', scheme: 'bearer', bearerFormat: 'sfk_...',
            description: 'A seller\'s API key (`sfk_...`, made at `POST /api/v1/cabinet/api_keys`) is sent the same way and works on the /cabinet routes its scopes allow: a GET needs `<area>:read` or `<area>:write`, any other method `<area>:write`; a route outside the scopes answers 403, a revoked key 401.',
          },
        },
      },
    },
    transform: openapiTransform,
    transformObject: openapiTransformObject,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })

  // Every request gets its context; routes marked `auth` get their actor resolved from the token.
  app.decorateRequest('ctx', null as unknown as Ctx)
  app.addHook('onRequest', async (request) => {
    request.ctx = {
      deps, db: deps.db, requestId: request.id, userAgent: request.headers['user-agent'],
      // Read when used (guess limits, sessions): the peer address is a system call on a new connection.
      get ip() { return request.ip },
      locale: pickLocale(request.headers), actor: null, sellerFeatures: {}, now: deps.now(), realNow: deps.realNow(),
    }
  })
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  // Before validation (preValidation runs ahead of the schema check), so an anonymous request to a route
  // that needs a sign-in gets 401 whatever it sends and learns nothing of the field rules.
  app.addHook('preValidation', async (request, reply) => {
    const mode = request.routeOptions.config.auth
    if (!mode) return
    const header = request.headers.authorization
    if (!header) {
      if (mode === 'required') throw accounts.missingAccessToken()
      return
    }
    // The seller's routes (/cabinet): a team member acts for the seller named by X-Seller-Id or by the
    // selected profile, within the route's action (docs/decisions/0053-team-members.md).
    const sellerArea = request.url.startsWith('/api/v1/cabinet/')
    const named = request.headers['x-seller-id']
    const actForSellerId = typeof named === 'string' ? named : undefined
    // Admin mode: the manager's token plus the admin_access_token cookie act as the user
    // (docs/decisions/0056-managers-admin-mode.md). An ended one is cleared and answered 401 admin_mode_ended,
    // except where the manager ends it.
    const adminToken = request.cookies[accounts.adminModeCookie]
    let resolved
    if (apiKeys.isApiKeyHeader(header)) {
      // A seller's API key works on the /cabinet routes only, as the seller within its scopes
      // (docs/decisions/0073-seller-api-keys.md); it is looked up on every request, so a revoked key fails at once.
      if (!sellerArea) throw new AppError('invalid_access_token', 'An API key works on /api/v1/cabinet routes only')
      resolved = await apiKeys.resolveApiKey(request.ctx, header)
    } else {
      try {
        resolved = await accounts.resolveActor(request.ctx, header, { actForSellerId, sellerArea, adminToken })
      } catch (error) {
        if (!(error instanceof AppError) || error.type !== 'admin_mode_ended') throw error
        void reply.clearCookie(accounts.adminModeCookie, { path: '/' })
        if (request.routeOptions.url !== adminModeEndRoute) throw error
        resolved = await accounts.resolveActor(request.ctx, header, { actForSellerId, sellerArea })
      }
    }
    request.ctx.actor = resolved.actor
    request.ctx.sellerFeatures = resolved.sellerFeatures
    if (resolved.actor.adminMode) {
      // Every mutating request in admin mode is audited, refused ones too: the row is written before the
      // route runs (a failed write fails the request) and completed with its status when it answered.
      if (!safeMethods.has(request.method)) {
        request.adminAuditId = await adminUsers.recordAdminWrite(request.ctx, {
          method: request.method, route: request.routeOptions.url ?? request.url.split('?')[0]!, params: stringParams(request.params),
        })
      }
      if (request.url.startsWith('/api/v1/admin/')) throw new AppError('forbidden', 'End admin mode to use the admin area')
      if (adminModeRefused.has(`${request.method} ${request.routeOptions.url}`)) throw new AppError('forbidden', 'Admin mode cannot change the user\'s sign-in or delete the account')
    }
    if (sellerArea) assertSellerRoute(resolved.actor, request.method, request.routeOptions.url)
    // A route behind a feature flag: read with the actor on every request, so a flag switched off takes effect at once.
    const feature = request.routeOptions.config.feature
    if (feature && sellerArea) assertFeature(request.ctx, feature)
  })
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the URL: ids in paths would make a series per object.
    deps.metrics.httpRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000)
    if (request.adminAuditId == null) return
    try {
      await adminUsers.finishAdminWrite(request.ctx, request.adminAuditId, reply.statusCode)
    } catch (error) {
      request.log.error({ err: error }, 'admin audit log status not written')
    }
  })
  // The audit log of team members' writes for a seller: every answered mutating /cabinet request made as a
  // team member, recorded before the answer leaves (docs/decisions/0053-team-members.md "Audit log").
  app.addHook('onSend', async (request, reply, payload) => {
    const actor = request.ctx?.actor
    if (actor?.profileType !== 'team_member' || request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return payload
    if (!request.url.startsWith('/api/v1/cabinet/') || !request.routeOptions.url) return payload
    try {
      await teams.recordTeamWrite(request.ctx, {
        method: request.method, route: request.routeOptions.url, params: stringParams(request.params), statusCode: reply.statusCode,
      })
    } catch (error) {
      request.log.error({ err: error }, 'team audit log entry not written')
    }
    return payload
  })

  registerRouteHooks(app)
  registerSellerHosts(app, deps)

  // Alive: the process answers (docs/operations.md); what it depends on is /readyz's question.
  app.get('/healthz', { schema: { response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) } } }, async () => {
    return { status: 'ok' as const, database: deps.database.kind }
  })
  const readinessCheck = z.object({ ok: z.boolean(), ms: z.number().int(), detail: z.string().optional() })
  const readinessAnswer = z.object({ status: z.enum(['ready', 'degraded', 'not_ready']), checks: z.record(z.string(), readinessCheck) })
  app.get('/readyz', {
    schema: {
      description: 'Whether this process should get traffic: the database answers, every migration is applied, the storage answers, jobs are not piling up, and Redis answers when configured. 503 with the failing checks otherwise; Redis alone failing is 200 degraded (the platform serves without it).',
      response: { 200: readinessAnswer, 503: readinessAnswer },
    },
  }, async (_request, reply) => {
    const readiness = await checkReadiness(deps)
    return reply.code(readiness.ready ? 200 : 503).send({ status: readiness.status, checks: readiness.checks })
  })
  // Prometheus text (docs/operations.md "Metrics"): a bearer METRICS_TOKEN when configured, loopback otherwise.
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = deps.config.METRICS_TOKEN
    const allowed = token ? request.headers.authorization === `Bearer ${token}` : isLoopback(request.socket.remoteAddress)
    if (!allowed) throw new AppError('forbidden', 'Metrics are answered to loopback or with the metrics token')
    return reply.header('content-type', deps.metrics.registry.contentType).send(await deps.metrics.render())
  })

  // The versioned API router: /api/v1 today; /api/v2 or /api/v1.1 register beside it.
  await app.register(async (v1) => {
    await v1.register(accountsRoutes, { prefix: '/app', deps })
    await v1.register(sellerProfileRoutes)
    await v1.register(commonRoutes, { prefix: '/common' })
    await v1.register(emailRoutes)
    await v1.register(catalogRoutes)
    await v1.register(productContentRoutes)
    await v1.register(couponsRoutes)
    await v1.register(mediaRoutes, { deps })
    await v1.register(coursesRoutes)
    await v1.register(coursePlayerRoutes)
    await v1.register(certificatesRoutes)
    await v1.register(ticketsRoutes)
    await v1.register(paymentTicketsRoutes)
    await v1.register(paymentSettingsRoutes)
    await v1.register(checkoutSettingsRoutes)
    await v1.register(checkoutRoutes)
    await v1.register(paymentsRoutes)
    await v1.register(ticketUpgradeRoutes)
    await v1.register(ordersRoutes)
    await v1.register(refundsRoutes)
    await v1.register(billingRoutes)
    await v1.register(testClockRoutes)
    await v1.register(csvExportsRoutes)
    await v1.register(orderRatesRoutes)
    await v1.register(payersRoutes)
    await v1.register(deliveryRoutes)
    await v1.register(downloadsRoutes)
    await v1.register(licenseActivationRoutes, { deps })
    await v1.register(invoicesRoutes)
    await v1.register(dashboardRoutes)
    await v1.register(notificationsRoutes)
    await v1.register(dunningRoutes)
    await v1.register(affiliatesRoutes, { deps })
    await v1.register(publishRoutes)
    await v1.register(identityRoutes)
    await v1.register(bankAccountsRoutes, { deps })
    await v1.register(payoutsRoutes)
    await v1.register(owedRoutes)
    await v1.register(emoneyRoutes)
    await v1.register(resellersRoutes)
    await v1.register(connectOnboardingRoutes)
    await v1.register(teamsRoutes)
    await v1.register(adminUsersRoutes, { secureCookies: config.appUrl.startsWith('https:') })
    await v1.register(platformPlansRoutes)
    await v1.register(dealsRoutes)
    await v1.register(platformSettingsRoutes)
    await v1.register(exchangeRatesRoutes)
    await v1.register(fontsRoutes)
    await v1.register(themesRoutes)
    await v1.register(sharesRoutes)
    await v1.register(pagesRoutes)
    await v1.register(funnelsRoutes)
    await v1.register(domainsRoutes)
    await v1.register(trackingRoutes)
    await v1.register(apiKeysRoutes)
    await v1.register(accountingRoutes)
    await v1.register(bankTransfersRoutes)
    await v1.register(communityRoutes)
    await v1.register(analyticsRoutes)
    await v1.register(webhooksRoutes)
    await v1.register(integrationsRoutes)
    await v1.register(doubleOptInRoutes)
    await v1.register(sellerSmtpRoutes)
    await v1.register(customizationRoutes)
    await v1.register(liveShoppingRoutes)
    await v1.register(mobileAppRoutes)
  }, { prefix: '/api/v1' })
  await app.register(pricingLinkRoutes)
  await app.register(fontFileRoutes)

  await registerStorefront(app, deps, { dev: options.dev })

  if (options.dev) await registerDevWeb(app)
  const spa = !options.dev && options.webDir ? await registerStaticWeb(app, options.webDir) : null
  app.setNotFoundHandler((request, reply) => {
    if (spa?.(request, reply)) return
    return reply.code(404).send(notFoundBody(request.method, request.url))
  })
  return app
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])
const adminModeEndRoute = '/api/v1/app/admin_mode'
/** What admin mode never does for the user: their sign-in (password, email) and the end of their account. */
const adminModeRefused = new Set([
  'POST /api/v1/app/user/password/change', 'POST /api/v1/app/user/change_email',
  'POST /api/v1/app/user/deactivate', 'POST /api/v1/app/user/delete',
])

/** A route's path parameters as strings (the audit log's target). */
function stringParams(params: unknown): Record<string, string> {
  if (!params || typeof params !== 'object') return {}
  return Object.fromEntries(Object.entries(params as Record<string, unknown>).map(([key, value]) => [key, String(value)]))
}

/** A peer on this machine: 127.0.0.0/8, ::1 or an IPv4-mapped loopback. */
function isLoopback(address: string | undefined): boolean {
  if (!address) return false
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address
  return v4.startsWith('127.') || address === '::1'
}
