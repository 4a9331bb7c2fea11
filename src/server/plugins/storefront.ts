import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import { createHash, randomUUID } from 'node:crypto'
import { existsSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { AppError, type FieldError } from '../../shared/errors'
import { magicLinkRequestInput } from '../../shared/schemas/accounts'
import { coursePlayerPath } from '../../shared/schemas/course-player'
import { checkoutSelection, createOrderInput, type CheckoutPageOutput, type CreateOrderOutput, type QuoteOutput } from '../../shared/schemas/checkout'
import { checkoutTheme, trustSeals } from '../../shared/schemas/checkout-settings'
import { defaultPageSize, listQuery } from '../../shared/schemas/lists'
import { translateMessage } from '../../shared/validation'
import { payerCountryCodes } from '../../shared/validation/countries'
import { isStorableText } from '../../shared/validation/storable'
import type { Ctx } from '../context'
import type { AppDeps } from '../deps'
import * as accounts from '../modules/accounts/accounts.service'
import * as shop from '../modules/catalog/shop.service'
import * as checkout from '../modules/checkout/checkout.service'
import { createOrder } from '../modules/checkout/place-order.service'
import { getPublicOrder } from '../modules/checkout/public-order.service'
import { quote } from '../modules/checkout/quote.service'
import { acceptFunnelNode, acceptUpsell } from '../modules/checkout/upsells.service'
import * as funnelSteps from '../modules/checkout/funnel-page.service'
import { inPayerCurrency, listInPayerCurrency } from '../modules/checkout/payer-currency.service'
import { declineFunnelNode, recordFunnelView } from '../modules/checkout/upsell-offers'
import * as legalTexts from '../modules/checkout-settings/legal-texts.service'
import * as sandboxPage from '../modules/payments/sandbox-page.service'
import * as certificates from '../modules/certificates/certificates.service'
import * as affiliates from '../modules/affiliates/storefront.service'
import * as shares from '../modules/shares/shares.service'
import * as liveShopping from '../modules/live-shopping/live-shopping.service'
import * as builtPages from '../modules/pages/built-data.service'
import * as contactForms from '../modules/pages/contact-requests.service'
import { viewCounter } from '../modules/pages/product-views.service'
import * as tracking from '../modules/tracking/tracking.service'
import * as customization from '../modules/customization/customization.service'
import { shopLanguages } from '../modules/accounts/seller-profile.service'
import { chooseShopCurrency, chooseShopLocale, shopCurrencyCookie, shopLanguageCookie } from './locale'
import { localeCodes } from '../../shared/i18n/locales'
import type { LocaleCode } from '../../shared/schemas/accounts'
import type { Branding } from '../../shared/customization/branding'
import { answerTracking, safeReturnPath, widenCsp, type PageTracking } from '../modules/tracking/storefront-tracking'
import { cookieConsentCategories, cookieConsentCookie, serializeConsent } from '../../shared/cookie-consent'
import { toMajorUnitsString, isCurrencyId } from '../../shared/money'
import type { CspSources } from '../../shared/tracking-codes'
import { isReservedSlug } from '../../shared/validation/slugs'
import { authRateLimit, contactFormRateLimit } from './rate-limits'

// The server-rendered public pages (src/storefront, docs/DESIGN.md "Layout"): shop, product page with its checkout,
// success page, sandbox test page, legal document, payer sign-in. Each route reads its data through the
// services, hands it to the storefront's built server entry (dist/storefront/server/entry-server.js; the
// server never imports the storefront's source) and answers the HTML document. Every page works without
// JavaScript: the forms post here (urlencoded) and this plugin turns them into the same service calls the
// JSON API makes; with JavaScript the pages hydrate from dist/storefront/client, served under
// /storefront/assets/. Anonymous shop and product GETs are cached in process for a few seconds.

export type StorefrontOptions = {
  dev?: boolean
  /** dist/storefront (tests and benches may point elsewhere). */
  distDir?: string
  /** The rendered-HTML cache of anonymous shop and product GETs: false turns it off. Default: 10 s, 500 pages (off in dev). */
  cache?: false | { ttlMs?: number; maxEntries?: number }
  /** How often counted product views are written (ms; default 5000). */
  viewFlushMs?: number
}

// ------------------------------------------------------------------ the built storefront

type FormValues = Record<string, string[]>
type Assets = { css: string[]; js: string[]; preload: string[] }
type RenderInput = {
  page: string; props: unknown; appUrl: string; path: string; assets: Assets; /** decision 0085 */ branding?: Branding | null
  /** The page's language and the shop's languages (docs/decisions/0094-storefront-languages.md). */
  locale?: LocaleCode; languages?: readonly LocaleCode[]
}
type FormContext = { product: ShopProduct; checkout: CheckoutPageOutput; password?: string | null }

/** What src/storefront/entry-server.tsx exports (its source is not imported here: lint keeps the layers apart). */
type StorefrontEntry = {
  renderPage(input: RenderInput): string
  isInteractive(page: string): boolean
  valuesFromEntries(entries: Iterable<[string, string]>): FormValues
  orderInputFromValues(values: FormValues, context: FormContext): unknown
  selectionFromValues(values: FormValues, context: FormContext, coupon?: string | null): unknown
  /** A payment method logo or card brand mark as an SVG document; null for an unknown name. */
  markSvg?(name: string): string | null
  /** A built page (docs/decisions/0065-serving-built-pages.md): its HTML, or null with the errors that stop it. */
  renderBuiltPage?(input: RenderInput): { html: string | null; errors: { block: { id: string; kind: string } | null; error: unknown }[] }
  /** A locale's storefront texts (docs/decisions/0094-storefront-languages.md): the server's own words are `common.server`. */
  storefrontTextsFor?(locale: LocaleCode): { common: { server: ServerWords } }
  /** The consent banner or settings and the consented tracking, put before `</body>` per answer (decision 0074). */
  consentHtml?(input: {
    returnTo: string; chosen: boolean; accepted: number[]; needed: number[]; config: unknown; loaderSrc: string | null; customHtml: string[]; lang?: string
  }): string
}

/** The words the server puts on public pages of its own (src/storefront/i18n/en/common.ts `server`). */
type ServerWords = {
  notFoundTitle: string; notFoundText: string; problemTitle: string; thanksTitle: string; checkFormTitle: string; checkFields: string
  chooseMethod: string; orderFailed: string; wrongPassword: string; offerMissing: string; offerFailed: string; chooseTestOutcome: string
}

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }
type Loaded = { entry: StorefrontEntry; assetsFor(page: string): Assets; /** the tracking loader's URL (decision 0074) */ trackingLoader: string | null }

const clientEntryKey = 'src/storefront/entry-client.tsx'
const trackingLoaderKey = 'src/storefront/tracking/tracking-loader.ts'
const pageModuleKey = (page: string) => `src/storefront/pages/${page}-page.tsx`
const assetUrl = (file: string) => `/storefront/${file}`

function manifestAssets(manifest: Record<string, ManifestChunk>) {
  const entry = manifest[clientEntryKey]
  if (!entry) throw new Error(`the storefront manifest has no ${clientEntryKey}`)
  const staticImports = (key: string, seen = new Set<string>()): string[] => {
    for (const dep of manifest[key]?.imports ?? []) {
      if (seen.has(dep)) continue
      seen.add(dep)
      staticImports(dep, seen)
    }
    return [...seen]
  }
  const css = [...new Set([entry, ...staticImports(clientEntryKey).map((k) => manifest[k]!)].flatMap((c) => c.css ?? []))].map(assetUrl)
  const cache = new Map<string, Assets>()
  return (page: string): Assets => {
    let assets = cache.get(page)
    if (!assets) {
      const key = pageModuleKey(page)
      const pageChunk = manifest[key]
      const modules = pageChunk ? [key, ...staticImports(key)] : []
      const preload = [...new Set([...staticImports(clientEntryKey), ...modules])].map((k) => manifest[k]!.file).filter((f) => f !== entry.file)
      assets = { css, js: [assetUrl(entry.file)], preload: preload.map(assetUrl) }
      cache.set(page, assets)
    }
    return assets
  }
}

/**
 * Loads the built server entry and the client manifest once. In development (`npm run dev`) a rebuild is
 * picked up without a restart: the entry is imported again when its file changed.
 */
function storefrontLoader(distDir: string, log: FastifyInstance['log'], dev: boolean) {
  const serverEntry = join(distDir, 'server', 'entry-server.js')
  const manifestFile = join(distDir, 'client', '.vite', 'manifest.json')
  let loading: Promise<Loaded> | null = null
  let version = 0
  let warned = false
  return async (): Promise<Loaded | null> => {
    if (dev && loading && existsSync(serverEntry) && statSync(serverEntry).mtimeMs !== version) loading = null
    if (!loading) {
      if (!existsSync(serverEntry) || !existsSync(manifestFile)) {
        if (!warned) log.warn({ distDir }, 'storefront not built: run `npm run build` (public pages answer 503 until then)')
        warned = true
        return null
      }
      version = statSync(serverEntry).mtimeMs
      const href = `${pathToFileURL(serverEntry).href}${dev ? `?v=${version}` : ''}`
      loading = (async () => {
        const [entry, manifest] = await Promise.all([
          import(href) as Promise<StorefrontEntry>,
          readFile(manifestFile, 'utf8').then((text) => JSON.parse(text) as Record<string, ManifestChunk>),
        ])
        const loader = manifest[trackingLoaderKey]
        return { entry, assetsFor: manifestAssets(manifest), trackingLoader: loader ? assetUrl(loader.file) : null }
      })()
      loading.catch(() => {
        loading = null
      })
    }
    return loading
  }
}

// ------------------------------------------------------------------ the HTML cache

type CachedPage = {
  status: number; page: PreparedHtml; cacheControl: string; csp: string | null; /** a product page: its views are counted on every GET */ productId?: number
  /** The page's tracking event: the consented codes are added per answer, never cached (decision 0074). */
  tracking?: PageTracking
}

/** A small in-process cache with a time to live and a size bound (least recently used goes first). */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>()
  constructor(private readonly ttlMs: number, private readonly maxEntries: number) {}
  get(key: string, now = Date.now()): V | undefined {
    const hit = this.entries.get(key)
    if (!hit) return undefined
    this.entries.delete(key)
    if (hit.expires <= now) return undefined
    this.entries.set(key, hit)
    return hit.value
  }
  set(key: string, value: V, now = Date.now()): void {
    this.entries.delete(key)
    this.entries.set(key, { value, expires: now + this.ttlMs })
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
  }
  get size() {
    return this.entries.size
  }
  clear(): void {
    this.entries.clear()
  }
  /** The value under `key`, made by `make` when missing; callers at once share one promise; a failure is not kept. */
  remember<T>(this: TtlCache<Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
    const hit = this.get(key)
    if (hit) return hit
    const made = make()
    this.set(key, made)
    made.catch(() => { if (this.entries.get(key)?.value === made) this.entries.delete(key) })
    return made
  }
}

// ------------------------------------------------------------------ helpers

type ShopProduct = Awaited<ReturnType<typeof shop.getShopProduct>>

/**
 * The no-JS form's Idempotency-Key placeholder: pages are rendered (and cached) with it and every response
 * gets a fresh key in its place, so two payers never share the key of a cached page.
 */
const keyMarker = 'sf00000000-idempotency-key-marker'

/**
 * The product page's attribution placeholder (docs/decisions/0048-affiliates.md): pages are rendered (and
 * cached) with it and every response puts the visitor's own node token (or nothing) in its place. Tokens are
 * `[A-Za-z0-9_-]`, so they need no escaping in HTML or JSON.
 */
const affiliateMarker = 'sf00000000-affiliate-token-marker'

/** A UUID-shaped key derived from its parts: the same attempt gives the same key, another body another key. */
export function derivedKey(...parts: string[]): string {
  const h = createHash('sha256').update(parts.join('\u0000')).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`
}

/** Country choices of the payer form: English names, in name order; RU is not sold to (docs/reference/readings.md 22). */
const countries: [string, string][] = (() => {
  const names = new Intl.DisplayNames(['en'], { type: 'region' })
  return payerCountryCodes.map((c) => [c, names.of(c) ?? c] as [string, string]).sort((a, b) => a[1].localeCompare(b[1], 'en'))
})()

/** The page's CSP with form submissions also allowed to leave for a payment provider's https page (a 303 after the post). */
function allowProviderRedirects(reply: FastifyReply) {
  const csp = reply.getHeader('content-security-policy')
  if (typeof csp === 'string') void reply.header('content-security-policy', csp.replace(/form-action 'self'/, "form-action 'self' https:"))
}

const queryString = (request: FastifyRequest, name: string): string | undefined => {
  const value = (request.query as Record<string, unknown>)[name]
  return typeof value === 'string' ? value : undefined
}

/**
 * A rendered page made ready to answer many times: its UTF-8 bytes split once around the markers, so an
 * answer only copies them with its own key and token in between (no string scan, no encoding, per answer:
 * the cached product page's answers spent a third of their time there; bench/storefront.bench.ts).
 */
type PreparedHtml = { segments: Buffer[]; markers: ('key' | 'affiliate')[]; attributable: boolean }
const markerPattern = new RegExp(`(${keyMarker}|${affiliateMarker})`)

export function prepareHtml(html: string): PreparedHtml {
  const segments: Buffer[] = []
  const markers: PreparedHtml['markers'] = []
  html.split(markerPattern).forEach((piece, i) => {
    if (i % 2 === 0) segments.push(Buffer.from(piece))
    else markers.push(piece === keyMarker ? 'key' : 'affiliate')
  })
  return { segments, markers, attributable: markers.includes('affiliate') }
}

/** The page's bytes with one fresh Idempotency-Key for every key marker and `token` for every attribution marker. */
export function answerBytes(page: PreparedHtml, token: string): Buffer {
  if (page.markers.length === 0) return page.segments[0]!
  const key = Buffer.from(randomUUID())
  const attribution = Buffer.from(token)
  const parts: Buffer[] = []
  page.segments.forEach((segment, i) => {
    parts.push(segment)
    const marker = page.markers[i]
    if (marker) parts.push(marker === 'key' ? key : attribution)
  })
  return Buffer.concat(parts)
}

/**
 * The page with its own Idempotency-Key in place of the marker, compressed when the browser accepts it
 * (brotli at quality 1 takes ~0.2 ms for a 30 KB page and sends a third of it; the key makes every answer
 * unique, so it cannot be compressed ahead).
 */
function sendHtml(request: FastifyRequest, reply: FastifyReply, status: number, page: PreparedHtml, affiliate = '', tracking: Buffer | null = null) {
  // A page with the attribution field differs by the visitor's cookie: never shared by a cache when it has a token.
  const attributable = page.attributable
  const token = affiliates.isTokenLike(affiliate) ? affiliate : ''
  const body = tracking ? beforeBodyEnd(answerBytes(page, token), tracking) : answerBytes(page, token)
  if (token && attributable) void reply.header('cache-control', 'private, no-store')
  // The consent banner and the consented codes differ by the payer's consent cookie (decision 0074), and every
  // page by the payer's language: Accept-Language and the switcher's cookie (docs/decisions/0094-storefront-languages.md).
  void reply.code(status).type('text/html; charset=utf-8').header('vary', 'accept-encoding, accept-language, cookie')
  const accepted = String(request.headers['accept-encoding'] ?? '')
  if (body.length < 1024) return reply.send(body)
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } }))
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(body, { level: 1 }))
  return reply.send(body)
}

const bodyEnd = Buffer.from('</body>')

/** The page's bytes with `insert` just before its `</body>` (at the end when it has none). */
function beforeBodyEnd(page: Buffer, insert: Buffer): Buffer {
  const at = page.lastIndexOf(bodyEnd)
  return at === -1 ? Buffer.concat([page, insert]) : Buffer.concat([page.subarray(0, at), insert, page.subarray(at)])
}

function formBody(request: FastifyRequest): URLSearchParams {
  return request.body instanceof URLSearchParams ? request.body : new URLSearchParams()
}

type PageErrorProps = { type: string; message: string; fields?: FieldError[] }

function pageError(error: AppError, locale: string): PageErrorProps {
  return {
    type: error.type, message: translateMessage(error.message, locale),
    ...(error.fields ? { fields: error.fields.map((f) => ({ path: f.path, message: translateMessage(f.message, locale) })) } : {}),
  }
}

// ------------------------------------------------------------------ the plugin

/** The server-rendered public pages (src/storefront): registered before the back office's fallback. */
export async function registerStorefront(app: FastifyInstance, deps: AppDeps, options: StorefrontOptions = {}) {
  const distDir = options.distDir ?? fileURLToPath(new URL('../../../dist/storefront', import.meta.url))
  const loadEntry = storefrontLoader(distDir, app.log, options.dev === true)
  // The entry last loaded, for what is read synchronously (the server's own words in the request's language).
  let loadedEntry: StorefrontEntry | null = null
  const load = async () => {
    const loaded = await loadEntry()
    loadedEntry = loaded?.entry ?? null
    return loaded
  }
  // In development the pages change with every rebuild: no HTML cache unless asked for.
  const cacheSetting = options.cache ?? (options.dev ? false : {})
  const cacheOptions = cacheSetting === false ? null : { ttlMs: cacheSetting.ttlMs ?? 10_000, maxEntries: cacheSetting.maxEntries ?? 500 }
  const cache = cacheOptions ? new TtlCache<CachedPage>(cacheOptions.ttlMs, cacheOptions.maxEntries) : null
  // What an anonymous product page shows, read once per product and time to live like the HTML: a page that
  // varies by its query (preselected plan, quantity) renders again without reading the catalogue again. The
  // checkout itself never reads these: it prices and counts inside its own transaction.
  const pageData = cacheOptions ? new TtlCache<Promise<FormContext>>(cacheOptions.ttlMs, cacheOptions.maxEntries) : null
  const quotes = cacheOptions ? new TtlCache<Promise<QuoteOutput>>(cacheOptions.ttlMs, cacheOptions.maxEntries * 4) : null
  const sitemaps = cacheOptions ? new TtlCache<Promise<string>>(cacheOptions.ttlMs, 1) : null
  // A built page's document and data (or that there is none), read once per time to live like the product's
  // data: a page that varies by its query renders again without reading them again (decision 0065).
  const builtData = cacheOptions ? new TtlCache<Promise<builtPages.BuiltPageAnswer | null>>(cacheOptions.ttlMs, cacheOptions.maxEntries) : null
  // A shop's or product's tracking codes, read once per time to live; which of them an answer carries is
  // decided per answer from the payer's consent cookie (docs/decisions/0074-tracking-with-consent.md).
  const trackingCodes = cacheOptions ? new TtlCache<Promise<tracking.PageTrackingCode[]>>(cacheOptions.ttlMs, cacheOptions.maxEntries) : null
  // A seller's branding in effect (docs/decisions/0085-customization.md), read once per time to live like the rest.
  const brandings = cacheOptions ? new TtlCache<Promise<Branding | null>>(cacheOptions.ttlMs, cacheOptions.maxEntries) : null
  // The languages a shop offers (docs/decisions/0094-storefront-languages.md), read once per time to live like the rest.
  const shopLanguageLists = cacheOptions ? new TtlCache<Promise<LocaleCode[] | null>>(cacheOptions.ttlMs, cacheOptions.maxEntries) : null
  if (cacheOptions) {
    // A seller's or manager's change through this process shows at once: what the public pages read is
    // forgotten after any successful write of the back office. Other API processes catch up within the TTL.
    app.addHook('onResponse', async (request, reply) => {
      if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return
      if (!/^\/api\/v\d[\d.]*\/(cabinet|admin|team_member)\//.test(request.url)) return
      cache?.clear()
      pageData?.clear()
      quotes?.clear()
      sitemaps?.clear()
      builtData?.clear()
      trackingCodes?.clear()
      brandings?.clear()
      shopLanguageLists?.clear()
    })
  }
  const appUrl = deps.config.appUrl
  // Product page views for the total_views social proof: counted in memory, written every few seconds (decision 0065).
  const views = viewCounter(deps.db, { flushMs: options.viewFlushMs ?? deps.config.PRODUCT_VIEWS_FLUSH_MS, onError: (error) => app.log.error({ err: error }, 'product views not counted') })
  app.addHook('preClose', async () => views.flush())

  await app.register(async (sf) => {
    // Forms post urlencoded; only these routes read that (the API keeps JSON and multipart).
    sf.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
      done(null, new URLSearchParams(body as string))
    })

    // ---------------------------------------------------------------- the page's language (docs/decisions/0094-storefront-languages.md)

    const secureCookies = appUrl.startsWith('https:')

    /** The server's own words on the public pages, in the request's language (the built storefront's texts). */
    const englishWords: ServerWords = {
      notFoundTitle: 'Page not found', notFoundText: 'This page does not exist (any more).', problemTitle: 'Something is not right', thanksTitle: 'Thank you',
      checkFormTitle: 'Please check the form', checkFields: 'Please check the highlighted fields.', chooseMethod: 'Please choose a payment method.',
      orderFailed: 'The order could not be placed.', wrongPassword: 'This password is not right', offerMissing: 'This offer does not exist.',
      offerFailed: 'The offer could not be added.', chooseTestOutcome: 'Choose how the test payment ends.',
    }
    const words = (request: FastifyRequest): ServerWords => loadedEntry?.storefrontTextsFor?.(request.ctx.locale).common.server ?? englishWords

    /** The languages of the request's shop (its default first); every language on pages of no shop. */
    const offeredLanguages = new WeakMap<FastifyRequest, readonly LocaleCode[]>()

    async function languagesOfShop(request: FastifyRequest, username: string): Promise<LocaleCode[] | null> {
      const read = () => shopLanguages(request.ctx, username)
      try {
        return shopLanguageLists ? await shopLanguageLists.remember(username.toLowerCase(), read) : await read()
      } catch (error) {
        request.log.error({ err: error, username }, 'shop languages not read: every language is offered')
        return null
      }
    }

    // Every public page speaks the language chosen here; the services and messages read it as the request's locale.
    sf.addHook('preHandler', async (request, reply) => {
      if (request.url.startsWith('/storefront/')) return
      // The built entry (loaded once, on the first public page rather than at every start) holds the server's own words.
      await load().catch(() => null)
      const username = (request.params as { username?: unknown } | undefined)?.username
      const offered = (typeof username === 'string' && username !== '' ? await languagesOfShop(request, username) : null) ?? localeCodes
      offeredLanguages.set(request, offered)
      const query = queryString(request, 'lang')
      const locale = chooseShopLocale({ query, cookie: request.cookies[shopLanguageCookie], acceptLanguage: request.headers['accept-language'], offered })
      request.ctx.locale = locale
      // The switcher's choice is kept for the payer's next pages (a link without `?lang=` keeps the language).
      if (query !== undefined && query === locale && request.cookies[shopLanguageCookie] !== locale) {
        void reply.setCookie(shopLanguageCookie, locale, { path: '/', maxAge: 365 * 24 * 60 * 60, sameSite: 'lax', secure: secureCookies })
      }
    })

    const assetsDir = join(distDir, 'client', 'assets')
    if (existsSync(assetsDir) || options.dev) {
      await sf.register(async (files) => {
        // A missing file is a 404 here, not the back office's index.html.
        files.setNotFoundHandler((_request, reply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found'))
        // Hashed file names: cached for a year; .br / .gz siblings made at build time are sent when accepted.
        await files.register(fastifyStatic, { root: assetsDir, prefix: '/', decorateReply: false, index: false, immutable: true, maxAge: '365d', preCompressed: true })
      }, { prefix: '/storefront/assets' })
    }

    // Payment method logos and card brand marks (src/storefront/lib/marks.tsx): rendered once, cached a day by browsers.
    sf.get<{ Params: { name: string } }>('/storefront/marks/:name', async (request, reply) => {
      const name = /^([a-z_]{1,20})\.svg$/.exec(request.params.name)?.[1]
      const svg = name ? (await load())?.entry.markSvg?.(name) : null
      if (!svg) return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').header('x-content-type-options', 'nosniff').send(svg)
    })

    type Page = {
      page: string; props: unknown; status?: number; cacheControl: string; providerRedirects?: boolean; /** the node token in place of affiliateMarker */ affiliate?: string
      /** a product page, whose views are counted also when the cache answers */ productId?: number
      /** the page's tracking event (decision 0074) */ tracking?: PageTracking
    }

    // ---------------------------------------------------------------- tracking with consent (docs/decisions/0074-tracking-with-consent.md)

    /** What an answer adds, by its codes (one array while cached), its page (one object while cached) and the payer's consent. */
    const madeTracking = new WeakMap<tracking.PageTrackingCode[], WeakMap<PageTracking, Map<string, { html: Buffer; csp: CspSources | null } | null>>>()

    async function codesOf(request: FastifyRequest, page: PageTracking): Promise<tracking.PageTrackingCode[]> {
      const read = async () => {
        const seller = await shop.openShopSeller(request.ctx, page.username)
        return seller ? tracking.pageTrackingCodes(request.ctx.db, seller.id, page.productId) : []
      }
      return trackingCodes ? trackingCodes.remember(`${page.username.toLowerCase()}\u0000${page.productId ?? ''}`, read) : read()
    }

    /**
     * What this answer adds before `</body>`: the banner (no choice yet) or the footer's cookie settings, and the
     * consented codes with their event; the CSP opens exactly their hosts. Null when the page has no codes.
     */
    async function trackingFor(request: FastifyRequest, reply: FastifyReply, page: PageTracking | undefined): Promise<Buffer | null> {
      if (!page) return null
      const loaded = await load()
      if (!loaded?.entry.consentHtml) return null
      let codes: tracking.PageTrackingCode[]
      try {
        codes = await codesOf(request, page)
      } catch (error) {
        // the page stays whole without tracking
        request.log.error({ err: error }, 'tracking codes not read: the page is answered without them')
        return null
      }
      const consent = request.cookies[cookieConsentCookie]
      const returnTo = safeReturnPath(request.originalUrl)
      // The same page, codes, consent and language give the same addition: made once while the page and its
      // codes are cached (a cached page's answers spent a tenth of their time writing it again).
      let byPage = madeTracking.get(codes)
      if (!byPage) madeTracking.set(codes, byPage = new WeakMap())
      let byConsent = byPage.get(page)
      if (!byConsent) byPage.set(page, byConsent = new Map())
      const memoKey = `${consent ?? ''}\u0000${returnTo}\u0000${request.ctx.locale}`
      let made = byConsent.get(memoKey)
      if (made === undefined) {
        const answer = answerTracking(codes, page, consent)
        made = answer && {
          html: Buffer.from(loaded.entry.consentHtml({
            returnTo, chosen: answer.chosen, accepted: answer.accepted, needed: answer.needed,
            config: answer.config, loaderSrc: loaded.trackingLoader, customHtml: answer.customHtml, lang: request.ctx.locale,
          })),
          csp: answer.consented.length > 0 ? answer.csp : null,
        }
        if (byConsent.size >= 64) byConsent.clear()
        byConsent.set(memoKey, made)
      }
      if (!made) return null
      if (made.csp) {
        const csp = reply.getHeader('content-security-policy')
        if (typeof csp === 'string') void reply.header('content-security-policy', widenCsp(csp, made.csp))
        // one payer's consent and codes: never kept by a shared cache
        void reply.header('cache-control', 'private, no-store')
      }
      return made.html
    }

    /** Prices in the data layer: decimal major units and an upper-case currency, as the vendors read them. */
    const majorUnits = (amount: number | null | undefined, currency: string | null | undefined) =>
      amount === null || amount === undefined || !currency || !isCurrencyId(currency) ? null : Number(toMajorUnitsString(amount, currency))

    const productTracking = (username: string, product: ShopProduct, event: 'product_page' | 'payment_page'): PageTracking => {
      const plan = [...product.pricing_plans, ...product.tickets.flatMap((t) => t.pricing_plans)][0]
      return {
        username, productId: product.id, event,
        data: { seller: product.seller_username, product_id: product.id, product_name: product.name, price: majorUnits(plan?.display_price, plan?.currency_id), currency: plan?.currency_id.toUpperCase() ?? null },
      }
    }

    // The consent banner's form (no JavaScript): sets the consent cookie, as the back office writes it, and sends
    // the payer back to the page, which then carries exactly the consented codes.
    sf.post('/storefront/consent', async (request, reply) => {
      const body = formBody(request)
      const choice = body.get('choice')
      const optional: number[] = cookieConsentCategories.filter((c) => !c.required).map((c) => c.id)
      const chosen = choice === 'all' ? optional : choice === 'selected' ? body.getAll('categories').map(Number).filter((id) => optional.includes(id)) : []
      // the required categories are always in the value, so a choice of none is `1`, never empty (empty means: not chosen)
      const value = serializeConsent([...cookieConsentCategories.filter((c) => c.required).map((c) => c.id), ...chosen])
      void reply.setCookie(cookieConsentCookie, value, { path: '/', maxAge: 365 * 24 * 60 * 60, sameSite: 'lax', secure: secureCookies, encode: (v) => v })
      return reply.header('cache-control', noStore).redirect(safeReturnPath(body.get('return_to')), 303)
    })

    // The seller's pages for their payers carry the seller's branding (docs/decisions/0085-customization.md), read
    // with the flag in effect now; the sandbox provider's page, certificates and publishers' pages keep the platform's.
    const brandedPages = new Set(['shop', 'product', 'password', 'success', 'document', 'sign-in', 'message', 'share', 'funnel', 'live'])
    async function brandingOf(request: FastifyRequest, page: Page): Promise<Branding | null> {
      const username = brandedPages.has(page.page) ? (page.props as { username?: unknown } | null)?.username : null
      if (typeof username !== 'string' || username === '') return null
      try {
        const read = () => customization.brandingForShop(request.ctx, username)
        return brandings ? await brandings.remember(username.toLowerCase(), read) : await read()
      } catch (error) {
        request.log.error({ err: error, username }, 'seller branding not read: the platform\'s look is shown')
        return null
      }
    }

    async function send(request: FastifyRequest, reply: FastifyReply, page: Page, cacheKey?: string) {
      const loaded = await load()
      if (!loaded) return reply.code(503).header('retry-after', '30').type('text/plain; charset=utf-8').send('The shop pages are not built yet: run `npm run build`, then restart.')
      const path = request.url.split('?')[0]!
      const branding = await brandingOf(request, page)
      const html = prepareHtml(loaded.entry.renderPage({
        page: page.page, props: page.props, appUrl, path, assets: loaded.assetsFor(page.page), branding,
        locale: request.ctx.locale, languages: offeredLanguages.get(request) ?? [],
      }))
      if (page.providerRedirects) allowProviderRedirects(reply)
      const status = page.status ?? 200
      if (cache && cacheKey && status === 200) {
        const csp = reply.getHeader('content-security-policy')
        cache.set(cacheKey, { status, page: html, cacheControl: page.cacheControl, csp: typeof csp === 'string' ? csp : null, productId: page.productId, tracking: page.tracking })
        void reply.header('x-storefront-cache', 'miss')
      }
      void reply.header('cache-control', page.cacheControl)
      return sendHtml(request, reply, status, html, page.affiliate, await trackingFor(request, reply, page.tracking))
    }

    /** An anonymous GET without a password may be answered from the cache (and is cached when rendered). */
    function cacheKeyOf(request: FastifyRequest): string | undefined {
      if (!cache || request.method !== 'GET' || request.headers.authorization || queryString(request, 'password') !== undefined) return undefined
      // A publisher's link records a click on every view: never answered from the cache.
      if (queryString(request, 'aff') !== undefined || queryString(request, 'recruited_by') !== undefined) return undefined
      // A deal's checkout is one payer's (docs/decisions/0054-sales-team-and-deals.md): never cached.
      if (queryString(request, 'deal_token') !== undefined) return undefined
      // Nor is a funnel offer's checkout (docs/decisions/0071-funnel-gaps.md).
      if (queryString(request, 'funnel_offer') !== undefined) return undefined
      // One page per address and language (docs/decisions/0094-storefront-languages.md), and per currency chosen earlier
      // (the cookie, docs/decisions/0097-payer-currencies.md; kept in the key only when well formed).
      const currencyCookie = request.cookies[shopCurrencyCookie]
      return `${request.url}\u0000${request.ctx.locale}\u0000${currencyCookie && /^[a-z]{3}$/.test(currencyCookie) ? currencyCookie : ''}`
    }

    /** Answers from the cache when it has the page: true when it did (a reply is thenable, so not the reply). */
    async function fromCache(request: FastifyRequest, reply: FastifyReply, key: string | undefined, affiliate = ''): Promise<boolean> {
      const hit = key ? cache?.get(key) : undefined
      if (!hit) return false
      if (hit.productId !== undefined && request.method === 'GET') views.count(hit.productId)
      if (hit.csp) void reply.header('content-security-policy', hit.csp)
      void reply.header('cache-control', hit.cacheControl).header('x-storefront-cache', 'hit')
      void sendHtml(request, reply, hit.status, hit.page, affiliate, await trackingFor(request, reply, hit.tracking))
      return true
    }

    // ---------------------------------------------------------------- affiliate links (docs/decisions/0048-affiliates.md)


    /**
     * A view through a publisher's link (`?aff={token}` or, on a landing page, `?recruited_by=`): one click
     * recorded per GET (a HEAD records nothing) and, for `aff`, the attribution cookie set for the program's
     * cookie days (last click wins). Returns the token when it could attribute, else null.
     */
    async function recordVisit(request: FastifyRequest, reply: FastifyReply, username: string, source: affiliates.ClickSource, productId?: number, param = 'aff') {
      const token = queryString(request, param)
      if (request.method !== 'GET' || !affiliates.isTokenLike(token)) return null
      const visit = await affiliates.recordVisit(request.ctx, { token, shop: username, productId, source })
      if (!visit) return null
      if (param === 'aff') {
        void reply.setCookie(affiliates.attributionCookie, visit.value, { path: '/', maxAge: visit.maxAgeSeconds, sameSite: 'lax', httpOnly: true, secure: secureCookies })
      }
      return token
    }

    /** The node token the visitor's order is attributed to: the attribution cookie while it is valid. */
    const attribution = async (request: FastifyRequest) =>
      (await affiliates.attributedToken(request.ctx, request.cookies[affiliates.attributionCookie])) ?? ''

    const noStore = 'no-store'
    const message = (request: FastifyRequest, reply: FastifyReply, status: number, title: string, text: string, username: string | null) =>
      send(request, reply, { page: 'message', status, cacheControl: noStore, props: { title, message: text, username } })

    /** Expected failures become pages: 404 for what does not exist, the error's text otherwise. */
    async function failure(request: FastifyRequest, reply: FastifyReply, error: unknown, username: string | null) {
      if (!(error instanceof AppError)) throw error
      if (error.status === 404) return message(request, reply, 404, words(request).notFoundTitle, words(request).notFoundText, username)
      if (error.status === 429) void reply.header('retry-after', String(error.retryAfterSeconds ?? 60))
      return message(request, reply, error.status, words(request).problemTitle, translateMessage(error.message, request.ctx.locale), username)
    }

    // One rule for text (src/shared/validation/storable.ts): a path or query value PostgreSQL cannot store
    // names no shop, product or order, so it is a 404 before anything is read.
    sf.addHook('preHandler', async (request, reply) => {
      const values = [...Object.values((request.params ?? {}) as Record<string, unknown>), ...Object.values((request.query ?? {}) as Record<string, unknown>)]
      if (values.flat().every((value) => typeof value !== 'string' || isStorableText(value))) return
      if (!await load()) return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
      return message(request, reply, 404, words(request).notFoundTitle, words(request).notFoundText, null)
    })

    // ---------------------------------------------------------------- for search engines (docs/decisions/0044-storefront-presence.md)

    // The back office, the payer area, the API and the per-order pages are no search result; the shops are.
    const robotsTxt = [
      'User-agent: *',
      ...['/cabinet', '/admin', '/payer', '/team_member', '/publish', '/users', '/deals/', '/api/', '/sandbox/', '/certificates/', '/embed/', '/s/*/payment/', '/s/*/sign_in', '/s/*/courses']
        .map((path) => `Disallow: ${path}`),
      'Allow: /',
      '',
      `Sitemap: ${appUrl}/sitemap.xml`,
      '',
    ].join('\n')
    sf.get('/robots.txt', async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt))

    const xmlText = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
    const sitemapXml = async (request: FastifyRequest) => {
      const entries = await shop.sitemapEntries(request.ctx)
      const urls = entries.map((e) => `<url><loc>${xmlText(`${appUrl}${e.path}`)}</loc><lastmod>${e.lastModified.toISOString()}</lastmod></url>`)
      return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`
    }
    sf.get('/sitemap.xml', async (request, reply) => {
      const xml = sitemaps ? await sitemaps.remember('all', () => sitemapXml(request)) : await sitemapXml(request)
      return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(xml)
    })

    // ---------------------------------------------------------------- built pages (docs/decisions/0065-serving-built-pages.md)

    /**
     * The seller's active built page here, rendered, or null for the default layout: no page, or one that
     * cannot be shown (its data or a block failed: logged, never a 500). Cached like the default pages.
     */
    async function sendBuilt(request: FastifyRequest, reply: FastifyReply, username: string, where: Omit<Parameters<typeof builtPages.builtPage>[2], 'path'>, page: { title: (sellerName: string) => string; cacheControl: string; productId?: number; tracking?: PageTracking }, cacheKey?: string): Promise<boolean> {
      const loaded = await load()
      if (!loaded?.entry.renderBuiltPage) return false
      const path = request.url.split('?')[0]!
      let answer
      try {
        const read = () => builtPages.builtPage(request.ctx, username, { ...where, path })
        const key = JSON.stringify([username.toLowerCase(), path, where.type, where.productId, where.category ?? null, request.ctx.locale])
        answer = builtData && request.method === 'GET' && !where.order && !where.affiliate ? await builtData.remember(key, read) : await read()
      } catch (error) {
        request.log.error({ err: error, username, pageType: where.type }, 'built page data failed: the default layout is shown')
        return false
      }
      if (!answer) return false
      const base = `/s/${encodeURIComponent(answer.data.seller.username)}`
      // The products' prices in the payer's currency, like the shop page's (docs/decisions/0097-payer-currencies.md).
      const { products, currency } = await builtInPayerCurrency(request, reply, answer)
      // The page's language (the header's switcher links with `?lang=`, docs/decisions/0094-storefront-languages.md).
      const data = { ...answer.data, products, currency, language: request.ctx.locale, languages: offeredLanguages.get(request) ?? [] }
      const props = { username, title: page.title(answer.data.seller.name), document: answer.document, data, categories: answer.categories, allUrl: answer.categories.length > 0 ? base : null }
      const rendered = loaded.entry.renderBuiltPage({
        page: 'built', props, appUrl, path, assets: { css: loaded.assetsFor('built').css, js: [], preload: [] },
        locale: request.ctx.locale, languages: offeredLanguages.get(request) ?? [],
      })
      if (!rendered.html) {
        for (const failed of rendered.errors) {
          request.log.error({ err: failed.error, username, pageType: where.type, block: failed.block }, 'built page failed to render: the default layout is shown')
        }
        return false
      }
      const status = 200
      const built = prepareHtml(rendered.html)
      if (cache && cacheKey) {
        const csp = reply.getHeader('content-security-policy')
        cache.set(cacheKey, { status, page: built, cacheControl: page.cacheControl, csp: typeof csp === 'string' ? csp : null, productId: page.productId, tracking: page.tracking })
        void reply.header('x-storefront-cache', 'miss')
      }
      void reply.header('cache-control', page.cacheControl)
      // true, not the reply: a reply is thenable, and awaiting it waits for the answer and yields nothing
      void sendHtml(request, reply, status, built, '', await trackingFor(request, reply, page.tracking))
      return true
    }

    /** A built page's products priced in the payer's chosen currency (the cached answer is the seller's prices). */
    async function builtInPayerCurrency(request: FastifyRequest, reply: FastifyReply, answer: builtPages.BuiltPageAnswer) {
      const products = answer.data.products
      if (!answer.pricing) return { products, currency: null }
      const prices = new Map(Object.values(products).map((p) => [p.id, { display_price: p.display_price, display_old_price: p.display_old_price, currency: p.currency }]))
      const shown = await listInPayerCurrency(request.ctx, prices, answer.pricing.products, answer.pricing.payerCurrencies, (offered) => chosenCurrency(request, reply, offered))
      if (!shown.currency) return { products, currency: null }
      const converted: typeof products = {}
      for (const p of Object.values(products)) converted[p.id] = { ...p, ...shown.prices.get(p.id)! }
      return { products: converted, currency: shown.currency }
    }

    // An upload a built page names (picture, audio, video, file, PDF): only the seller's own, served from here
    // because the CSP allows media from this site only. Never as a page of this site: a type other than
    // image, audio, video or PDF is a download, and the answer is sandboxed (an SVG's script never runs).
    const inlineTypes = /^(image\/(png|jpeg|gif|webp|avif|svg\+xml)|audio\/[a-z0-9.+-]+|video\/[a-z0-9.+-]+|application\/pdf)$/
    sf.get<{ Params: { username: string; key: string } }>('/s/:username/uploads/:key', async (request, reply) => {
      const upload = await builtPages.pageUpload(request.ctx, request.params.username, request.params.key.slice(0, 200))
      if (!upload) return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
      const inline = inlineTypes.test(upload.contentType)
      const name = upload.name.replace(/[^\w .-]/g, '_').slice(0, 100) || 'file'
      return reply
        .type(inline ? upload.contentType : 'application/octet-stream')
        .header('content-length', String(upload.reader.size))
        .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${name}"`)
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=3600')
        .send(await upload.reader.stream())
    })

    // A built page's contact form (decision 0065): checked against the form as published, stored, mailed to the seller.
    sf.post<{ Params: { username: string } }>('/s/:username/contact', { config: { rateLimit: contactFormRateLimit(deps) } }, async (request, reply) => {
      const { username } = request.params
      const body = formBody(request)
      const pageId = Number(queryString(request, 'page'))
      const values: Record<string, string> = {}
      for (const [name, value] of body.entries()) if (name.startsWith('fields.') && Object.keys(values).length < 40) values[name.slice(7, 71)] = value.slice(0, 10_000)
      try {
        const sent = await contactForms.submitContactForm(request.ctx, username, {
          pageId: Number.isInteger(pageId) && pageId > 0 && pageId < 2 ** 31 ? pageId : 0, blockId: (body.get('block_id') ?? '').slice(0, 64), values, honeypot: body.get('website') ?? '',
        })
        return message(request, reply, 200, words(request).thanksTitle, sent.successText, username)
      } catch (error) {
        if (!(error instanceof AppError) || error.status === 404 || error.status === 429) return failure(request, reply, error, username)
        const problems = (error.fields ?? []).map((f) => `${f.path.replace(/^fields\./, '')}: ${translateMessage(f.message, request.ctx.locale)}`)
        return message(request, reply, 422, words(request).checkFormTitle, [translateMessage(error.message, request.ctx.locale), ...problems].join(' '), username)
      }
    })

    // ---------------------------------------------------------------- the shop

    /** `?category={id}` on a built shop page: its products blocks show that category's products. */
    const categoryOf = (request: FastifyRequest) => {
      const value = queryString(request, 'category')
      return value && /^\d{1,9}$/.test(value) ? Number(value) : null
    }

    async function renderShop(request: FastifyRequest, reply: FastifyReply, username: string) {
      await recordVisit(request, reply, username, 'link')
      const key = cacheKeyOf(request)
      if (await fromCache(request, reply, key)) return reply
      const shopCache = queryString(request, 'aff') === undefined ? 'public, max-age=30' : noStore
      const parsed = listQuery.safeParse({ page: queryString(request, 'page') ?? 1, per: queryString(request, 'per') ?? defaultPageSize })
      const query = parsed.success ? parsed.data : listQuery.parse({})
      // The shop's first page is shop_page; a further page or a category is one of its sub-pages (decision 0074).
      const category = categoryOf(request)
      const shopTracking: PageTracking = query.page > 1 || category !== null
        ? { username, productId: null, event: 'shop_sub_page', data: { seller: username, page_path: `${request.url.split('?')[0]!.slice(0, 300)}?${new URLSearchParams({ ...(query.page > 1 ? { page: String(query.page) } : {}), ...(category !== null ? { category: String(category) } : {}) })}` } }
        : { username, productId: null, event: 'shop_page', data: { seller: username, page: query.page } }
      if (queryString(request, 'page') === undefined) {
        const built = await sendBuilt(request, reply, username, { type: 'shop', productId: null, category }, { title: (name) => `${name} · Shop`, cacheControl: shopCache, tracking: shopTracking }, key)
        if (built) return reply
      }
      try {
        const { pricing, payer_currencies: payerCurrencies, ...listed } = await shop.listShopProductsForPage(request.ctx, username, query, request.ctx.locale)
        // The cards' prices in the payer's currency, like a product page's (docs/decisions/0097-payer-currencies.md).
        const cardPrices = new Map(listed.list.map((p) => [p.id, { display_price: p.display_price, display_old_price: p.display_old_price, currency: p.currency_id }]))
        const shown = await listInPayerCurrency(request.ctx, cardPrices, pricing, payerCurrencies, (offered) => chosenCurrency(request, reply, offered))
        const list = {
          ...listed,
          list: listed.list.map((p) => {
            const price = shown.prices.get(p.id)!
            return { ...p, display_price: price.display_price, display_old_price: price.display_old_price, currency_id: price.currency }
          }),
        }
        return send(request, reply, { page: 'shop', cacheControl: shopCache, props: { username, list, page: query.page, per: query.per, currency: shown.currency }, tracking: shopTracking }, key)
      } catch (error) {
        return failure(request, reply, error, null)
      }
    }

    sf.get<{ Params: { username: string } }>('/s/:username', async (request, reply) => renderShop(request, reply, request.params.username))

    // The shop at /{username} (the spec's /:slug): only for an open shop's exact username that no page of the
    // app's own takes (reserved slugs, the back office's areas and public pages); anything else goes on to the
    // back office's pages or their 404, as before. Registered routes and the SPA's files are static paths,
    // which win over this parameter.
    const appRoots = new Set(['cabinet', 'publish', 'reseller', 'team_member', 'payer', 'admin', 'login', 'sign_in', 'sign_up', 'password', 'confirmation',
      'preview', 'setups', 'unsubscribe', 'deals', 'invites', 'embed', 'sandbox', 'storefront', 'media', 'assets', 'shared', 'checkout', 'hub', 'sessions'])
    sf.get<{ Params: { slug: string } }>('/:slug', async (request, reply) => {
      const { slug } = request.params
      if (appRoots.has(slug.toLowerCase()) || isReservedSlug(slug) || !(await builtPages.isShopUsername(request.ctx, slug))) return reply.callNotFound()
      return renderShop(request, reply, slug)
    })

    // ---------------------------------------------------------------- the product page and its checkout

    type ProductState = { values: FormValues; step: 1 | 2; error: PageErrorProps | null; quote: QuoteOutput | null; /** the attributed node token ('' for none) */ affiliate: string }

    /** The product and its checkout; a password gate, 404 or 429 is answered here (null returned). */
    async function readProductData(ctx: Ctx, username: string, slug: string, password: string | undefined): Promise<FormContext> {
      const product = await shop.getShopProduct(ctx, username, slug, password, ctx.locale)
      const page = await checkout.checkoutPage(ctx, username, slug, password, ctx.locale)
      // Defaults and value checks once more before values reach a style attribute (checkout-settings.ts).
      page.settings.theme = checkoutTheme(page.settings.theme)
      page.settings.trust_seals = trustSeals(page.settings.trust_seals)
      return { product, checkout: page }
    }

    async function productData(request: FastifyRequest, reply: FastifyReply, username: string, slug: string, password: string | undefined) {
      try {
        const data = !pageData || request.method !== 'GET' || password !== undefined
          ? await readProductData(request.ctx, username, slug, password)
          // Per language: the product's texts are in the page's (docs/decisions/0095-product-translations.md).
          : await pageData.remember(`${username.toLowerCase()}\u0000${slug.toLowerCase()}\u0000${request.ctx.locale}`, () => readProductData(request.ctx, username, slug, password))
        return await inChosenCurrency(request, reply, data)
      } catch (error) {
        if (error instanceof AppError && (error.type === 'password_required' || (error.status === 429 && password !== undefined))) {
          if (error.status === 429) void reply.header('retry-after', String(error.retryAfterSeconds ?? 60))
          const shown = password !== undefined && password !== '' ? pageError(error.status === 429 ? error : new AppError('password_required', words(request).wrongPassword), request.ctx.locale) : null
          await send(request, reply, { page: 'password', status: error.status, cacheControl: noStore, props: { username, slug, error: shown } })
          return null
        }
        await failure(request, reply, error, username)
        return null
      }
    }

    /**
     * The page's amounts in the payer's currency (docs/decisions/0097-payer-currencies.md): the switcher's `?currency=`
     * (kept in a cookie) or the earlier choice, among the currencies the product can be paid in.
     */
    async function inChosenCurrency(request: FastifyRequest, reply: FastifyReply, data: FormContext): Promise<FormContext> {
      const offered = data.checkout.currencies ?? []
      if (offered.length < 2) return data
      return inPayerCurrency(request.ctx, data.product, data.checkout, chosenCurrency(request, reply, offered))
    }

    /** The payer's currency among `offered` (null: the seller's prices); a choice made by the switcher's link is kept in the cookie. */
    function chosenCurrency(request: FastifyRequest, reply: FastifyReply, offered: readonly string[]): string | null {
      const query = queryString(request, 'currency')?.toLowerCase()
      const wanted = chooseShopCurrency({ query, cookie: request.cookies[shopCurrencyCookie], offered })
      if (query !== undefined && query === wanted && request.cookies[shopCurrencyCookie] !== wanted) {
        void reply.setCookie(shopCurrencyCookie, wanted, { path: '/', maxAge: 365 * 24 * 60 * 60, sameSite: 'lax', secure: secureCookies })
      }
      return wanted
    }

    /** The exact price of the current choice, for the first paint (and without JavaScript); null when it cannot be priced. */
    async function quoteFor(ctx: Ctx, entry: StorefrontEntry, data: FormContext, values: FormValues, cacheable = false): Promise<{ quote: QuoteOutput | null; error: AppError | null }> {
      if (data.checkout.unavailable_reason || data.product.availability.sold_out) return { quote: null, error: null }
      const selection = checkoutSelection.safeParse(entry.selectionFromValues(values, data))
      if (!selection.success) return { quote: null, error: null }
      try {
        if (!quotes || selection.data.coupon_code || !cacheable) return { quote: await quote(ctx, selection.data, ctx.locale), error: null }
        // Without a coupon the price depends only on the selection and the catalogue (cached alike).
        return { quote: await quotes.remember(JSON.stringify([selection.data, ctx.locale]), () => quote(ctx, selection.data, ctx.locale)), error: null }
      } catch (error) {
        if (error instanceof AppError && error.status < 500) return { quote: null, error }
        throw error
      }
    }

    async function renderProduct(request: FastifyRequest, reply: FastifyReply, username: string, data: FormContext & { password: string | null }, state: ProductState, status = 200, cacheKey?: string, productId?: number) {
      const loaded = await load()
      if (loaded && !state.quote) state.quote = (await quoteFor(request.ctx, loaded.entry, data, state.values, request.method === 'GET' && data.password === null)).quote
      // The product page with its checkout: payment_page at /payment, product_page at the product's own address.
      const event = /\/payment(\?|$)/.test(request.url) ? 'payment_page' : 'product_page'
      return send(request, reply, {
        page: 'product', status, providerRedirects: true, affiliate: state.affiliate, productId, tracking: productTracking(username, data.product, event),
        cacheControl: cacheKey ? 'public, max-age=30' : noStore,
        props: {
          username, product: data.product, checkout: data.checkout, countries, idempotencyKey: keyMarker, password: data.password,
          values: state.values, step: state.step, error: state.error, quote: state.quote, affiliate: affiliateMarker,
        },
      }, cacheKey)
    }

    /**
     * A product link may preselect: ?pricing_plan_id=, ?quantity=, ?coupon_code=, ?campaign_id=, and carry a deal's
     * ?deal_token= or a funnel offer's ?funnel_offer= (docs/decisions/0071-funnel-gaps.md).
     */
    function valuesFromQuery(request: FastifyRequest): FormValues {
      const values: FormValues = {}
      for (const name of ['pricing_plan_id', 'quantity', 'coupon_code', 'campaign_id', 'deal_token', 'funnel_offer']) {
        const value = queryString(request, name)
        if (value) values[name] = [value.slice(0, 100)]
      }
      return values
    }

    /**
     * The product page: the product's active built page when it has one (its Buy buttons lead to
     * /s/{username}/{slug}/payment), else the product page with its checkout. A link that preselects a plan,
     * a coupon or a deal, and a password, go to the checkout. Every GET counts a view (decision 0065).
     */
    async function productPage(request: FastifyRequest<{ Params: { username: string; slug: string } }>, reply: FastifyReply, checkoutOnly: boolean) {
      const key = cacheKeyOf(request)
      const remembered = await attribution(request)
      if (await fromCache(request, reply, key, remembered)) return reply
      const { username, slug } = request.params
      const password = queryString(request, 'password')
      const data = await productData(request, reply, username, slug, password)
      if (!data) return reply
      if (request.method === 'GET') views.count(data.product.id)
      const affiliate = (await recordVisit(request, reply, username, 'link', data.product.id)) ?? remembered
      const values = valuesFromQuery(request)
      if (!checkoutOnly && password === undefined && Object.keys(values).length === 0) {
        const built = await sendBuilt(request, reply, username, { type: 'product', productId: data.product.id }, {
          title: (name) => `${data.product.name} · ${name}`, cacheControl: key && !affiliate ? 'public, max-age=30' : noStore, productId: data.product.id,
          tracking: productTracking(username, data.product, 'product_page'),
        }, affiliate ? undefined : key)
        if (built) return reply
      }
      return renderProduct(request, reply, username, { ...data, password: password ?? null }, { values, step: 1, error: null, quote: null, affiliate }, 200, key, data.product.id)
    }

    sf.get<{ Params: { username: string; slug: string } }>('/s/:username/:slug', async (request, reply) => productPage(request, reply, false))
    // The checkout of a product with a built page (the spec's /s/{username}/{slug}[/{extra}]); the same page without one.
    sf.get<{ Params: { username: string; slug: string } }>('/s/:username/:slug/payment', async (request, reply) => productPage(request, reply, true))

    const placeOrder = async (request: FastifyRequest<{ Params: { username: string; slug: string } }>, reply: FastifyReply) => {
      const { username, slug } = request.params
      const loaded = await load()
      if (!loaded) return send(request, reply, { page: 'message', cacheControl: noStore, props: {} }) // answers 503
      const body = formBody(request)
      const values = loaded.entry.valuesFromEntries(body.entries())
      // The attribution is the cookie's, checked now; a posted field is not trusted over it.
      const affiliate = await attribution(request)
      if (affiliate) values.affiliate = [affiliate]
      else delete values.affiliate
      const password = body.get('password') || queryString(request, 'password') || undefined
      const data = await productData(request, reply, username, slug, password)
      if (!data) return reply
      const context = { ...data, password: password ?? null }
      const action = body.get('sf_action') ?? 'buy'
      const twoSteps = data.checkout.settings.layout === 'two_steps' || data.checkout.settings.layout === 'two_steps_advanced'
      const step: 1 | 2 = action === 'next' || (action !== 'back' && body.get('step') === '2') ? 2 : 1

      if (action !== 'buy') {
        // The password gate, "Apply" coupon, "Update price", and the two-step layouts' Continue / Back.
        const priced = action === 'quote' ? await quoteFor(request.ctx, loaded.entry, context, values) : { quote: null, error: null }
        let error = priced.error ? pageError(priced.error, request.ctx.locale) : null
        let shown = twoSteps ? step : 1
        const method = body.get('payment_method')
        if (action === 'next' && !data.product.free && !(method && data.checkout.payment_methods.includes(method))) {
          // Stage 2 hides stage 1: it is complete first.
          error = { type: 'INVALID_INPUT', message: words(request).chooseMethod, fields: [{ path: 'payment_method', message: words(request).chooseMethod }] }
          shown = 1
        }
        return renderProduct(request, reply, username, context, { values, step: shown, error, quote: priced.quote, affiliate }, error && action === 'next' ? 422 : 200)
      }

      // A problem with a stage-1 choice sends a two-step checkout back to stage 1, where that field is.
      const stage1 = /^(pricing_plan_id|ticket_id|quantity|payment_method|addon_ids|coupon_code)\b/
      const stay = (error: PageErrorProps, status: number) => renderProduct(request, reply, username, context, {
        values, step: twoSteps && !error.fields?.some((f) => stage1.test(f.path)) ? 2 : 1, error, quote: null, affiliate,
      }, status)
      const parsed = createOrderInput.safeParse(loaded.entry.orderInputFromValues(values, context))
      if (!parsed.success) {
        const fields = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: translateMessage(issue.message, request.ctx.locale) }))
        return stay({ type: 'INVALID_INPUT', message: words(request).checkFields, fields }, 422)
      }
      // One key per form attempt and body: pressing Buy twice replays the first answer; other input is another attempt.
      const key = derivedKey('order', body.get('idempotency_key') ?? '', JSON.stringify(parsed.data))
      try {
        const answer = await createOrder(request.ctx, parsed.data, key)
        if (answer.status >= 400) {
          const stored = (answer.body as unknown as { error?: PageErrorProps }).error
          return stay(stored ?? { type: 'error', message: words(request).orderFailed }, 422)
        }
        const next = answer.body.next_action
        return reply.redirect(next.type === 'redirect' ? next.url : orderPathOf(username, answer.body.order.token), 303)
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        if (error.status === 429) void reply.header('retry-after', String(error.retryAfterSeconds ?? 60))
        return stay(pageError(error, request.ctx.locale), error.status === 429 ? 429 : 422)
      }
    }
    sf.post<{ Params: { username: string; slug: string } }>('/s/:username/:slug', placeOrder)
    sf.post<{ Params: { username: string; slug: string } }>('/s/:username/:slug/payment', placeOrder)

    // ---------------------------------------------------------------- the success page and upsells

    const orderPathOf = (username: string, token: string) => `/s/${encodeURIComponent(username)}/payment/${encodeURIComponent(token)}`
    const funnelPathOf = (username: string, token: string, nodeId: number) => `${orderPathOf(username, token)}/funnel/${nodeId}`

    async function renderOrder(request: FastifyRequest, reply: FastifyReply, username: string, token: string, error: PageErrorProps | null, status = 200) {
      let order
      try {
        order = await getPublicOrder(request.ctx, token, request.ctx.locale)
      } catch (failed) {
        return failure(request, reply, failed, username)
      }
      const hidden = (queryString(request, 'hide') ?? '').split(',').filter((v) => /^\d{1,2}$/.test(v)).map(Number)
      const built = await thankYouPage(request, username, order)
      const value = order.paid_amount > 0 ? order.paid_amount : order.first_amount
      const successTracking: PageTracking = {
        username, productId: order.product.id, event: 'success_page',
        data: { seller: username, order_id: order.id, product_id: order.product.id, product_name: order.product.name, value: majorUnits(value, order.currency), currency: order.currency.toUpperCase() },
      }
      return send(request, reply, { page: 'success', status, cacheControl: noStore, providerRedirects: true, props: { username, order, hidden, idempotencyKey: keyMarker, error, built }, tracking: successTracking })
    }

    /**
     * The product's active thank-you page for the success page (decision 0065), with the order it thanks for
     * and the payer's access links; null without one or when its data fails (logged: the default thanks stand).
     */
    async function thankYouPage(request: FastifyRequest, username: string, order: Awaited<ReturnType<typeof getPublicOrder>>) {
      const d = order.deliverables
      const access = [
        ...(d?.access_url ? [{ label: `Open ${order.product.name}`, url: d.access_url }] : []),
        ...(d?.downloads ?? []).map((f) => ({ label: `Download ${f.name}`, url: f.url })),
      ]
      try {
        const answer = await builtPages.builtPage(request.ctx, username, {
          type: 'thank_you_page', productId: order.product.id, path: request.url.split('?')[0]!,
          order: { number: String(order.id), product_name: order.product.name, amount: order.paid_amount > 0 ? order.paid_amount : order.first_amount, currency: order.currency, access },
        })
        return answer ? { document: answer.document, data: answer.data } : null
      } catch (error) {
        request.log.error({ err: error, username }, 'thank-you page data failed: the default thanks are shown')
        return null
      }
    }

    // The success page: while the order's funnel is on an offer with its own built page, the payer goes there;
    // an offer without one shows here as before (docs/decisions/0066-funnels.md).
    sf.get<{ Params: { username: string; orderToken: string } }>('/s/:username/payment/:orderToken', async (request, reply) => {
      const { username, orderToken } = request.params
      let funnel
      try {
        funnel = await funnelSteps.funnelStepByToken(request.ctx, orderToken)
      } catch (failed) {
        return failure(request, reply, failed, username)
      }
      if (funnel.step?.offer && funnel.hasPage) return reply.redirect(funnelPathOf(username, orderToken, funnel.step.node.id), 303)
      if (funnel.step?.offer && request.method === 'GET') await recordFunnelView(request.ctx, funnel.order, funnel.step)
      return renderOrder(request, reply, username, orderToken, null)
    })

    sf.post<{ Params: { username: string; orderToken: string } }>('/s/:username/payment/:orderToken/upsells', async (request, reply) => {
      const { username, orderToken } = request.params
      const body = formBody(request)
      const index = Number(body.get('index'))
      if (!Number.isInteger(index) || index < 0 || index > 20) return renderOrder(request, reply, username, orderToken, { type: 'INVALID_INPUT', message: words(request).offerMissing }, 422)
      try {
        const answer: { status: number; body: CreateOrderOutput } = await acceptUpsell(request.ctx, orderToken, index, derivedKey('upsell', body.get('idempotency_key') ?? '', orderToken, String(index)))
        if (answer.status >= 400) {
          const stored = (answer.body as unknown as { error?: PageErrorProps }).error
          return renderOrder(request, reply, username, orderToken, stored ?? { type: 'error', message: words(request).offerFailed }, 422)
        }
        const next = answer.body.next_action
        return reply.redirect(next.type === 'redirect' ? next.url : orderPathOf(username, answer.body.order.token), 303)
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        return renderOrder(request, reply, username, orderToken, pageError(error, request.ctx.locale), error.status === 404 ? 404 : 422)
      }
    })

    // ---------------------------------------------------------------- funnel nodes (docs/decisions/0066-funnels.md)

    const nodeIdOf = (value: string) => (/^\d{1,9}$/.test(value) ? Number(value) : null)

    /** After a step: the next node's page when it has a built page or is the thank-you page, else the success page. */
    async function afterStep(request: FastifyRequest, username: string, token: string): Promise<string> {
      const next = await funnelSteps.funnelStepByToken(request.ctx, token)
      if (next.step && (next.hasPage || next.step.node.kind === 'thank_you')) return funnelPathOf(username, token, next.step.node.id)
      return orderPathOf(username, token)
    }

    async function renderFunnelNode(request: FastifyRequest, reply: FastifyReply, username: string, token: string, nodeId: number, error: PageErrorProps | null, status = 200) {
      const path = funnelPathOf(username, token, nodeId)
      const view = await funnelSteps.funnelPageView(request.ctx, token, {
        accept: `${path}/accept?key=${keyMarker}`, decline: `${path}/decline`, path,
        productUrl: (slug) => `/s/${encodeURIComponent(username)}/${encodeURIComponent(slug)}`,
      })
      // Not (or no longer) the payer's node: the order's page knows where they are.
      if (!view.step || view.step.node.id !== nodeId) return reply.redirect(orderPathOf(username, token), 303)
      const offer = view.step.offer
      const funnelTracking: PageTracking = {
        username, productId: offer?.product_id ?? null, event: 'funnel_page',
        data: {
          seller: username, funnel_id: view.step.funnel.id, product_id: offer?.product_id ?? null, product_name: offer?.name ?? null,
          price: offer ? majorUnits(offer.amount, offer.currency) : null, currency: offer?.currency.toUpperCase() ?? null,
        },
      }
      return send(request, reply, {
        page: 'funnel', status, cacheControl: noStore, providerRedirects: true, tracking: funnelTracking,
        props: {
          username, orderUrl: orderPathOf(username, token), node: { id: view.step.node.id, kind: view.step.node.kind }, offer: view.step.offer,
          built: view.built, acceptAction: `${path}/accept?key=${keyMarker}`, declineUrl: `${path}/decline`, error,
        },
      })
    }

    sf.get<{ Params: { username: string; orderToken: string; nodeId: string } }>('/s/:username/payment/:orderToken/funnel/:nodeId', async (request, reply) => {
      const { username, orderToken } = request.params
      const nodeId = nodeIdOf(request.params.nodeId)
      if (nodeId === null) return message(request, reply, 404, words(request).notFoundTitle, words(request).notFoundText, username)
      try {
        return await renderFunnelNode(request, reply, username, orderToken, nodeId, null)
      } catch (error) {
        return failure(request, reply, error, username)
      }
    })

    // One click: the node's offer charged to the method the payment kept; the key in the address makes a second press the same attempt.
    sf.post<{ Params: { username: string; orderToken: string; nodeId: string } }>('/s/:username/payment/:orderToken/funnel/:nodeId/accept', async (request, reply) => {
      const { username, orderToken } = request.params
      const nodeId = nodeIdOf(request.params.nodeId)
      if (nodeId === null) return message(request, reply, 404, words(request).notFoundTitle, words(request).notFoundText, username)
      const key = derivedKey('funnel-accept', queryString(request, 'key') ?? formBody(request).get('idempotency_key') ?? '', orderToken, String(nodeId))
      try {
        const answer: { status: number; body: CreateOrderOutput } = await acceptFunnelNode(request.ctx, orderToken, nodeId, key)
        if (answer.status >= 400) {
          const stored = (answer.body as unknown as { error?: PageErrorProps }).error
          return await renderFunnelNode(request, reply, username, orderToken, nodeId, stored ?? { type: 'error', message: words(request).offerFailed }, 422)
        }
        const next = answer.body.next_action
        return reply.redirect(next.type === 'redirect' ? next.url : await afterStep(request, username, orderToken), 303)
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        if (error.type === 'conflict') return reply.redirect(orderPathOf(username, orderToken), 303)
        return renderFunnelNode(request, reply, username, orderToken, nodeId, pageError(error, request.ctx.locale), error.status === 404 ? 404 : 422)
      }
    })

    // "No thanks": recorded, then the decline node (a link without JavaScript, so GET as well as POST).
    const decline = async (request: FastifyRequest<{ Params: { username: string; orderToken: string; nodeId: string } }>, reply: FastifyReply) => {
      const { username, orderToken } = request.params
      const nodeId = nodeIdOf(request.params.nodeId)
      if (nodeId === null) return message(request, reply, 404, words(request).notFoundTitle, words(request).notFoundText, username)
      try {
        await declineFunnelNode(request.ctx, orderToken, nodeId)
      } catch (error) {
        if (!(error instanceof AppError) || error.type !== 'conflict') return failure(request, reply, error, username)
      }
      try {
        return reply.redirect(await afterStep(request, username, orderToken), 303)
      } catch (error) {
        return failure(request, reply, error, username)
      }
    }
    sf.get('/s/:username/payment/:orderToken/funnel/:nodeId/decline', decline)
    sf.post('/s/:username/payment/:orderToken/funnel/:nodeId/decline', decline)

    // The payer's payment management (/s/{username}/payment/{id}/manage) and the course player
    // (/s/{username}/courses/...) are back-office pages: these reserved paths go to the SPA, never to /:slug.
    const toSpa = async (request: FastifyRequest, reply: FastifyReply) => reply.callNotFound()

    // A course's or membership's member page (docs/decisions/0069-member-pages.md): its active built page, for the
    // signed-in payer who has access (the access token, as the course player sends it to the API), as an HTML
    // document the player shows in a frame (links open in the whole window). 204 (nothing to show, not an error:
    // the player asks on every visit) for anyone else, without a page, or when it fails to render (logged): the
    // player then shows its view of today. Never cached.
    sf.get<{ Params: { username: string; slug: string } }>('/s/:username/courses/:slug/page', { config: { auth: 'required' } }, async (request, reply) => {
      const { username, slug } = request.params
      void reply.header('cache-control', 'private, no-store')
      const none = () => reply.code(204).send()
      const loaded = await load()
      if (!loaded?.entry.renderBuiltPage) return none()
      const path = request.url.split('?')[0]!
      let answer
      try {
        answer = await builtPages.memberPage(request.ctx, username, slug.slice(0, 200), path)
      } catch (error) {
        // Paid moments ago: 409, and the player asks again until the delivery job granted the access.
        if (error instanceof AppError && error.type === 'access_pending') return reply.code(409).type('text/plain; charset=utf-8').send('Your access is being prepared')
        request.log.error({ err: error, username, slug }, 'member page data failed: the course player shows its default view')
        return none()
      }
      if (!answer) return none()
      const product = answer.data.pageProductId !== null ? answer.data.products[answer.data.pageProductId] : undefined
      const props = {
        username, title: product?.name ?? answer.data.seller.name, document: answer.document, data: answer.data, categories: [], allUrl: null, framed: true,
      }
      const rendered = loaded.entry.renderBuiltPage({
        page: 'built', props, appUrl, path, assets: { css: loaded.assetsFor('built').css, js: [], preload: [] },
        locale: request.ctx.locale, languages: offeredLanguages.get(request) ?? [],
      })
      if (!rendered.html) {
        for (const failed of rendered.errors) {
          request.log.error({ err: failed.error, username, pageType: answer.pageType, block: failed.block }, 'member page failed to render: the course player shows its default view')
        }
        return none()
      }
      // Framed by this site's player only: the app's CSP (frame-ancestors 'self') says so already.
      return reply.code(200).header('x-page-type', answer.pageType).type('text/html; charset=utf-8').send(rendered.html)
    })

    sf.get('/s/:username/payment/:orderToken/manage', toSpa)
    sf.get('/s/:username/courses', toSpa)
    sf.get('/s/:username/courses/*', toSpa)

    // ---------------------------------------------------------------- affiliate landing pages and embeddable items (docs/decisions/0048-affiliates.md)

    // The program's public page for publishers. Not in the sitemap. `?aff=` (with its cookie) or
    // `?recruited_by=` counts a landing click for that token; the join link keeps `recruited_by`.
    sf.get<{ Params: { username: string; programId: string } }>('/s/:username/affiliate_programs/:programId', async (request, reply) => {
      const { username } = request.params
      const programId = /^\d{1,10}$/.test(request.params.programId) ? Number(request.params.programId) : 0
      let page
      try {
        page = await affiliates.landingPage(request.ctx, username, programId)
      } catch (error) {
        return failure(request, reply, error, username)
      }
      if (page.redirect !== null) return reply.header('cache-control', noStore).redirect(page.redirect, 302)
      const viaLink = await recordVisit(request, reply, username, 'landing')
      const recruitedBy = queryString(request, 'recruited_by')
      const viaRecruitment = viaLink ? null : await recordVisit(request, reply, username, 'landing', undefined, 'recruited_by')
      const joinUrl = `/publish/affiliate_marketplace/${page.program.id}${affiliates.isTokenLike(recruitedBy) ? `?recruited_by=${encodeURIComponent(recruitedBy)}` : ''}`
      const cacheControl = viaLink || viaRecruitment ? noStore : 'public, max-age=60'
      // The seller's active affiliate page, built from blocks, presents the program when there is one; its data
      // or render failing is logged and the program's own landing shows (docs/decisions/0071-funnel-gaps.md).
      const program = page.program
      const built = await sendBuilt(request, reply, username, {
        type: 'affiliate', productId: null, affiliate: { commissions: program.commissions, cookies_expire: program.cookies_expire, join_url: joinUrl },
      }, { title: (name) => `${program.name} · ${name}`, cacheControl })
      if (built) return reply
      return send(request, reply, {
        page: 'affiliate-landing', cacheControl,
        props: { username, program: page.program, joinUrl },
      })
    })

    // A publisher's product card or buy button for an iframe on another site: the only page that may be
    // framed elsewhere, by the program's allowed hosts when it names them, else by any.
    sf.get<{ Params: { id: string } }>('/embed/items/:id', async (request, reply) => {
      const id = /^\d{1,10}$/.test(request.params.id) ? Number(request.params.id) : 0
      let item
      try {
        item = await affiliates.embeddableItem(request.ctx, id)
      } catch (error) {
        return failure(request, reply, error, null)
      }
      const csp = reply.getHeader('content-security-policy')
      const ancestors = item.frameHosts ? item.frameHosts.flatMap((host) => [`https://${host}`, `https://*.${host}`]).join(' ') : '*'
      if (typeof csp === 'string') void reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${ancestors}`))
      reply.raw.removeHeader('x-frame-options')
      void reply.removeHeader('x-frame-options')
      return send(request, reply, {
        page: 'embed', status: 200, cacheControl: 'public, max-age=60',
        props: { kind: item.kind, settings: item.settings, product: item.product },
      })
    })

    // ---------------------------------------------------------------- legal documents

    // Never empty: the seller's texts, else the templates for their country (docs/decisions/0042-minimal-checkout-and-legal-texts.md).
    for (const kind of ['terms', 'privacy', 'cancellation_terms'] as const) {
      sf.get<{ Params: { username: string } }>(`/s/:username/document/${kind}`, async (request, reply) => {
        const { username } = request.params
        const ctId = Number(queryString(request, 'ct_id'))
        const productType = queryString(request, 'product_type')
        try {
          const document = await legalTexts.publicLegalDocument(request.ctx, username, kind, {
            ct_id: Number.isInteger(ctId) && ctId > 0 ? ctId : undefined, product_type: productType?.slice(0, 40),
          })
          return send(request, reply, {
            page: 'document', cacheControl: 'public, max-age=300', props: { username: document.username, title: document.title, body: document.body },
            // the seller's legal pages are shop sub-pages (decision 0074)
            tracking: { username: document.username, productId: null, event: 'shop_sub_page', data: { seller: document.username, page_path: request.url.split('?')[0]!.slice(0, 500) } },
          })
        } catch (error) {
          return failure(request, reply, error, username)
        }
      })
    }

    // ---------------------------------------------------------------- payer sign-in (magic link)

    // `return_to`: the seller's course player to come back to (docs/reference/readings.md 14); anything else is dropped.
    const courseReturn = (username: string, value: string | undefined | null) =>
      value && coursePlayerPath.test(value) && value.toLowerCase().startsWith(`/s/${encodeURIComponent(username).toLowerCase()}/courses/`) ? value : null

    sf.get<{ Params: { username: string } }>('/s/:username/sign_in', async (request, reply) =>
      send(request, reply, {
        page: 'sign-in', cacheControl: noStore,
        props: { username: request.params.username, sent: false, email: '', error: null, returnTo: courseReturn(request.params.username, queryString(request, 'return_to')) },
      }))

    sf.post<{ Params: { username: string } }>('/s/:username/sign_in', { config: { rateLimit: authRateLimit(deps) } }, async (request, reply) => {
      const { username } = request.params
      const email = (formBody(request).get('email') ?? '').trim().slice(0, 254)
      // Signed in through the shop (the `shop` profile type's meaning, docs/decisions/0069-member-pages.md): back to the
      // course player or member area the payer came from, else to this shop's page of the payer area.
      const shopSeller = await shop.openShopSeller(request.ctx, username.slice(0, 100))
      const returnTo = courseReturn(username, formBody(request).get('return_to')) ?? (shopSeller ? `/payer/s/${shopSeller.id}` : null)
      const parsed = magicLinkRequestInput.safeParse({ email, profile_type: 'payer', seller: username.slice(0, 100), ...(returnTo ? { return_to: returnTo } : {}) })
      if (!parsed.success) {
        const error = { type: 'INVALID_INPUT', message: translateMessage(parsed.error.issues[0]?.message ?? 'invalid_value', request.ctx.locale) }
        return send(request, reply, { page: 'sign-in', status: 422, cacheControl: noStore, props: { username, sent: false, email, error, returnTo } })
      }
      const previewUrl = await accounts.sendMagicLink(request.ctx, parsed.data)
      return send(request, reply, { page: 'sign-in', cacheControl: noStore, props: { username, sent: true, email: parsed.data.email, error: null, previewUrl: previewUrl ?? null } })
    })

    // ---------------------------------------------------------------- shared links of several products (docs/decisions/0067-multi-item-shares.md)

    // The page of a seller's shared link; each GET counts a view (a HEAD does not), so it is not answered from the
    // HTML cache. `/v/{username}` alone is the seller's shop.
    sf.get<{ Params: { username: string; slug: string } }>('/v/:username/:slug', async (request, reply) => {
      const { username, slug } = request.params
      try {
        const share = await shares.publicShare(request.ctx, username, slug, request.method === 'GET')
        return send(request, reply, { page: 'share', cacheControl: 'public, max-age=60', props: { username: share.seller.username, share } })
      } catch (error) {
        return failure(request, reply, error, username)
      }
    })
    sf.get<{ Params: { username: string } }>('/v/:username', async (request, reply) =>
      reply.redirect(`/s/${encodeURIComponent(request.params.username)}`, 302))

    // ---------------------------------------------------------------- live shopping (docs/decisions/0086-live-shopping-and-mobile-app.md)

    // A seller's live event: a countdown before, the stream and the products with buy buttons (their checkout with
    // ?campaign_id=live-{id}) while live. 404 with the seller's live_shopping flag off. Cached briefly: going live is
    // a cabinet write, which empties this process's cache at once.
    sf.get<{ Params: { username: string; id: string } }>('/live/:username/:id', async (request, reply) => {
      const { username } = request.params
      const id = /^[1-9]\d{0,9}$/.test(request.params.id) ? Number(request.params.id) : NaN
      const key = cacheKeyOf(request)
      if (await fromCache(request, reply, key)) return reply
      try {
        if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw new AppError('not_found', 'No such live event')
        const event = await liveShopping.publicEvent(request.ctx, username.slice(0, 100), id)
        return send(request, reply, { page: 'live', cacheControl: 'public, max-age=15', props: { username: event.seller.username, event } }, key)
      } catch (error) {
        return failure(request, reply, error, username)
      }
    })

    // ---------------------------------------------------------------- certificate verification (docs/decisions/0020-issued-certificates-licenses-downloads.md)

    // Public, no sign-in: the page a certificate's QR code opens. Never cached: a revocation shows at once.
    sf.get<{ Params: { serial: string } }>('/certificates/:serial', async (request, reply) => {
      const verification = await certificates.verifyCertificate(request.ctx, request.params.serial.slice(0, 40))
      return send(request, reply, { page: 'certificate', status: verification.status === 'unknown' ? 404 : 200, cacheControl: noStore, props: { verification } })
    })

    // ---------------------------------------------------------------- the sandbox provider's test page

    async function renderSandbox(request: FastifyRequest, reply: FastifyReply, paymentId: string, challenge: boolean, error: PageErrorProps | null, status = 200) {
      try {
        const payment = await sandboxPage.getSandboxPayment(request.ctx, paymentId)
        return send(request, reply, { page: 'sandbox', status, cacheControl: noStore, props: { payment, challenge, error } })
      } catch (failed) {
        return failure(request, reply, failed, null)
      }
    }

    sf.get<{ Params: { paymentId: string } }>('/sandbox/payments/:paymentId', async (request, reply) =>
      renderSandbox(request, reply, request.params.paymentId, queryString(request, 'challenge') === '1', null))

    sf.post<{ Params: { paymentId: string } }>('/sandbox/payments/:paymentId', async (request, reply) => {
      const { paymentId } = request.params
      const outcome = formBody(request).get('outcome')
      if (outcome === 'challenge') return renderSandbox(request, reply, paymentId, true, null)
      if (outcome !== 'success' && outcome !== 'failure' && outcome !== 'pending' && outcome !== 'success_then_decline') {
        return renderSandbox(request, reply, paymentId, false, { type: 'INVALID_INPUT', message: words(request).chooseTestOutcome }, 422)
      }
      try {
        const payment = await sandboxPage.completeSandboxPayment(request.ctx, paymentId, outcome)
        return reply.redirect(payment.return_url, 303)
      } catch (error) {
        if (!(error instanceof AppError) || error.status === 404) return failure(request, reply, error, null)
        return renderSandbox(request, reply, paymentId, false, pageError(error, request.ctx.locale), 422)
      }
    })
  })
}
