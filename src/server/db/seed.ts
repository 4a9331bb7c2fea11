import { randomBytes } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import type { AppDeps } from '../deps'
import { systemContext, type Ctx } from '../context'
import type { Actor } from '../auth/permissions'
import * as accounts from '../modules/accounts/accounts.service'
import { seedDemoAffiliates } from '../modules/affiliates/demo.service'
import * as accounting from '../modules/accounting/accounting.service'
import { seedDemoCatalog } from '../modules/catalog/demo.service'
import { seedDemoFunnel } from './seed-funnels'
import * as certificates from '../modules/certificates/certificates.service'
import * as community from '../modules/community/community.service'
import * as courses from '../modules/courses/courses.service'
import * as media from '../modules/media/media.service'
import { newStorageKey } from '../modules/media/storage'
import * as ticketDesigns from '../modules/tickets/ticket-designs.service'
import * as teams from '../modules/teams/teams.service'
import { noTeamPermissions } from '../../shared/schemas/teams'
import { createOrder } from '../modules/checkout/place-order.service'
import { completeSandboxPayment } from '../modules/payments/sandbox-page.service'
import * as resellers from '../modules/resellers/resellers.service'
import { seedDemoPlans } from '../modules/platform-plans/platform-plans.service'
import { seedDemoPages } from './seed-pages'
import { ensureDemoEndpoint } from '../modules/webhooks/webhooks.service'
import * as deals from '../modules/deals/deals.service'
import * as salesTeam from '../modules/teams/sales-team.service'
import * as shares from '../modules/shares/shares.service'
import { seedDemoTracking } from '../modules/tracking/tracking.service'
import * as apiKeys from '../modules/api-keys/api-keys.service'
import * as exchangeRates from '../modules/exchange-rates/exchange-rates.service'
import * as integrations from '../modules/integrations/integrations.service'
import { affiliateNodes, ledgerEntries, pricingPlans, products, publishers, sellers, users } from './schema'

export const demo = { email: 'demo@sellfront.test', username: 'demo' }
/** The demo's manager (the admin area, the billing test clock), with the demo seller's password. */
export const demoManager = { email: 'manager@sellfront.test', firstName: 'Demo', lastName: 'Manager' }
/** The demo's publisher (the publisher area), in the demo seller's partner programme, with the same password. */
export const demoPublisher = { email: 'publisher@sellfront.test', firstName: 'Paula', lastName: 'Publisher' }
/** The demo's reseller (the reseller area), with the same password; the demo seller may ask it (reseller journey on). */
export const demoReseller = { email: 'reseller@sellfront.test', firstName: 'Rita', lastName: 'Reseller' }
/** The demo seller's team member (docs/decisions/0053-team-members.md): reads orders, checks tickets in. */
export const demoTeamMember = { email: 'team@sellfront.test', firstName: 'Tom', lastName: 'Teammate' }
/** The demo seller's sales team member (docs/decisions/0054-sales-team-and-deals.md): a 10 % fee and one closed deal. */
export const demoSalesTeamMember = { email: 'sales@sellfront.test', firstName: 'Sam', lastName: 'Sales' }
/** The demo products in the partner programme. */
const demoProgramProducts = ['watercolour-course', 'lightroom-presets', 'strategy-session', 'painters-circle']

/**
 * The demo every fresh install shows: a seller who can sign in at once. Later capabilities add their part
 * here so the demo always shows everything that exists. Safe to run twice.
 */
export async function seedDemo(deps: AppDeps, options: { password?: string } = {}) {
  const password = options.password ?? deps.config.DEMO_PASSWORD ?? `Demo-${randomBytes(6).toString('base64url')}!`
  const result = await accounts.ensureDemoSeller(systemContext(deps), { ...demo, password })
  // One published product of each form, with prices, tickets, keys and add-ons (made once per slug).
  const catalog = await seedDemoCatalog(deps, result.userId)
  // Made with the seller (or whenever the password is known), so both sign in with the same password.
  if (result.created || options.password || deps.config.DEMO_PASSWORD) {
    await accounts.ensureManager(systemContext(deps), { ...demoManager, password })
    await seedDemoPartnerProgramme(deps, result.userId, password)
    const { userId: resellerUserId } = await accounts.ensureDemoResellerUser(systemContext(deps), { ...demoReseller, password })
    await resellers.ensureDemoReseller(deps, { userId: resellerUserId, sellerId: await accounts.sellerOfUser(deps.db, result.userId) })
    await seedDemoSales(deps, result.userId)
    await seedDemoTeamMember(deps, result.userId, password)
    await seedDemoSalesTeam(deps, result.userId, password)
  }
  await seedDemoMedia(deps, result.userId)
  await seedDemoShare(deps, result.userId)
  await seedDemoFunnel(deps, result.userId)
  if (deps.config.SEED_DEMO_TRACKING) await seedDemoTrackingCode(deps, result.userId)
  if (deps.config.SEED_DEMO_PAGES) await seedDemoPages(deps, result.userId)
  // The platform's own plans (docs/decisions/0055-platform-plans.md): Starter and Pro in three cycles, a trial, an
  // on-hold plan, the promo /ablefy_promos/sellfront-launch-2026, and the demo seller on Starter (made once).
  await seedDemoPlans(deps, await accounts.sellerOfUser(deps.db, result.userId))
  // A webhook endpoint, inactive (docs/decisions/0072-signed-webhooks.md "Demo"; made once).
  await ensureDemoEndpoint(deps, await accounts.sellerOfUser(deps.db, result.userId))
  // A Zapier connection: it calls no service, so a fresh start stays offline (docs/decisions/0075-integrations.md).
  const demoSellerId = await accounts.sellerOfUser(deps.db, result.userId)
  if (demoSellerId !== null) await integrations.ensureDemoIntegrations(deps, demoSellerId)
  // DATEV settings with an example consultant and client number, so an export is one click (docs/decisions/0076-datev-export.md).
  if (demoSellerId !== null) await accounting.ensureDemoDatevSettings(deps, demoSellerId)
  // The painters' circle's community, open to members with review of new posts (docs/decisions/0083-community.md; made
  // once). The demo seller's community flag stays as the plan has it: a manager switches it on to show it.
  if (demoSellerId !== null) await seedDemoCommunity(deps, demoSellerId)
  // Payers may pay in US dollars and Swiss francs beside the euro prices, at rates from the demo's rates file
  // (docs/decisions/0097-payer-currencies.md; the seller's choice is made once, the rates whenever none is usable).
  if (demoSellerId !== null) await seedDemoCurrencies(deps, demoSellerId)
  // One API key (docs/decisions/0073-seller-api-keys.md): random like any other, its token printed once at start-up.
  const apiKeyToken = await seedDemoApiKey(deps, result.userId)
  return { ...result, products: catalog.created, email: demo.email, username: demo.username, password: result.created ? password : undefined, apiKeyToken }
}

async function seedDemoCurrencies(deps: AppDeps, sellerId: number) {
  await deps.db.update(sellers).set({ payerCurrencies: ['usd', 'chf'] }).where(and(eq(sellers.id, sellerId), sql`${sellers.payerCurrencies} = '[]'::jsonb`))
  await exchangeRates.ensureRatesFromFile(systemContext(deps), fileURLToPath(new URL('./demo-exchange-rates.csv', import.meta.url)))
}

async function seedDemoCommunity(deps: AppDeps, sellerId: number) {
  const [circle] = await deps.db.select({ id: products.id }).from(products).where(and(eq(products.sellerId, sellerId), eq(products.slug, 'painters-circle'))).limit(1)
  if (circle) await community.ensureDemoCommunity(deps, sellerId, circle.id)
}

async function seedDemoApiKey(deps: AppDeps, sellerUserId: number): Promise<string | undefined> {
  const sellerId = await accounts.sellerOfUser(deps.db, sellerUserId)
  if (sellerId === null) return undefined
  const actor: Actor = { userId: sellerUserId, sessionId: 'demo-seed', profileId: null, profileType: 'seller', sellerId, permissions: [], confirmed: true }
  return apiKeys.ensureDemoApiKey(systemContext(deps, { actor }))
}

/**
 * A GA4 tracking code (G-DEMO123456) selected on every demo product (docs/decisions/0074-tracking-with-consent.md):
 * the shop's consent banner asks for statistics, and after consent its pages push their events (made once).
 */
async function seedDemoTrackingCode(deps: AppDeps, sellerUserId: number) {
  const [seller] = await deps.db.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, sellerUserId)).limit(1)
  if (!seller) return
  const rows = await deps.db.select({ id: products.id }).from(products).where(eq(products.sellerId, seller.id))
  await seedDemoTracking(deps.db, seller.id, rows.map((r) => r.id))
}

/** A shared link of three demo products, /v/demo/favourites (docs/decisions/0067-multi-item-shares.md; made once). */
async function seedDemoShare(deps: AppDeps, sellerUserId: number) {
  const [seller] = await deps.db.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, sellerUserId)).limit(1)
  if (!seller) return
  const slugs = ['watercolour-course', 'lightroom-presets', 'strategy-session']
  const rows = await deps.db.select({ id: products.id, slug: products.slug }).from(products).where(and(eq(products.sellerId, seller.id), inArray(products.slug, slugs)))
  const ids = slugs.flatMap((slug) => rows.filter((r) => r.slug === slug).map((r) => r.id))
  if (ids.length === 0) return
  const actor: Actor = { userId: sellerUserId, sessionId: 'demo-seed', profileId: null, profileType: 'seller', sellerId: seller.id, permissions: [], confirmed: true }
  await shares.ensureDemoShare(systemContext(deps, { actor }), 'favourites', {
    title: 'Start here: three favourites',
    description: 'New to painting and photography? These three are where most of our students begin.',
    button_text: 'Have a look',
    items: ids.map((id, i) => ({ product_id: id, text: ['Six weeks, one brush stroke at a time.', 'The looks from the course, one click each.', 'Not sure where to start? Let us talk.'][i] ?? null })),
  })
}

/** The demo team member, active, with read on orders and write on ticket check-in (made once). */
async function seedDemoTeamMember(deps: AppDeps, sellerUserId: number, password: string) {
  const [seller] = await deps.db.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, sellerUserId)).limit(1)
  if (!seller) return
  const ctx = systemContext(deps)
  const userId = await accounts.ensureDemoUser(ctx, { ...demoTeamMember, password })
  await teams.ensureDemoTeamMember(ctx, {
    sellerId: seller.id, userId, email: demoTeamMember.email, permissions: { ...noTeamPermissions(), orders: 'read', tickets_check_in: 'write' },
  })
}

/**
 * The demo sales team member with a 10 % fee and a closed deal: the presets offered to one payer at an
 * individual price, bought through the deal's link and paid in the sandbox (made once).
 */
async function seedDemoSalesTeam(deps: AppDeps, sellerUserId: number, password: string) {
  const [seller] = await deps.db.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, sellerUserId)).limit(1)
  if (!seller) return
  const ctx = systemContext(deps, { ip: '127.0.0.1' })
  const userId = await accounts.ensureDemoUser(ctx, { ...demoSalesTeamMember, password })
  const memberId = await salesTeam.ensureDemoSalesTeamMember(ctx, { sellerId: seller.id, userId, email: demoSalesTeamMember.email, feeBps: 1_000 })
  const [plan] = await deps.db.select({ productId: products.id, planId: pricingPlans.id }).from(products).innerJoin(pricingPlans, eq(pricingPlans.productId, products.id))
    .where(and(eq(products.sellerId, seller.id), eq(products.slug, 'lightroom-presets'), eq(pricingPlans.kind, 0))).limit(1)
  if (!plan) return
  const token = await deals.ensureDemoDeal(ctx, { sellerId: seller.id, salesTeamMemberId: memberId, productId: plan.productId, pricingPlanId: plan.planId, price: 1_500 })
  if (!token) return
  const answer = await createOrder(ctx, {
    product_id: plan.productId, pricing_plan_id: plan.planId, deal_token: token, payment_method: 'card', terms_accepted: true,
    payer: { email: 'deal.payer@example.test', first_name: 'Dora', last_name: 'Dealmaker', country_code: 'DE' },
  } as Parameters<typeof createOrder>[1], 'demo-deal-1')
  const next = (answer.body as { next_action?: { type: string; payment_id?: string } }).next_action
  if (next?.type === 'redirect' && next.payment_id) await completeSandboxPayment(ctx, next.payment_id, 'success')
}

/** The partner programme with two levels and the demo publisher in it (made once). */
async function seedDemoPartnerProgramme(deps: AppDeps, sellerUserId: number, password: string) {
  const [seller] = await deps.db.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, sellerUserId)).limit(1)
  if (!seller) return
  const { userId: publisherUserId } = await accounts.ensureDemoPublisher(systemContext(deps), { ...demoPublisher, password })
  const rows = await deps.db.select({ id: products.id }).from(products).where(and(eq(products.sellerId, seller.id), inArray(products.slug, demoProgramProducts)))
  await seedDemoAffiliates(deps, { sellerUserId, sellerId: seller.id, publisherUserId, productIds: rows.map((r) => r.id) })
}

/**
 * A few paid sales through the sandbox, so the seller's and the publisher's balances show real ledger figures
 * (docs/decisions/0049-money-out.md "Balances"): three from 30 days ago (past the refund window: available),
 * two from yesterday (pending), two of each through the demo publisher's link. Made once: nothing when the
 * seller has ledger rows already.
 */
async function seedDemoSales(deps: AppDeps, sellerUserId: number) {
  const [seller] = await deps.db.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, sellerUserId)).limit(1)
  if (!seller) return
  const [booked] = await deps.db.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.account, `seller_balance:${seller.id}`)).limit(1)
  if (booked) return
  const plans = await deps.db.select({ productId: products.id, slug: products.slug, planId: pricingPlans.id, kind: pricingPlans.kind }).from(products)
    .innerJoin(pricingPlans, eq(pricingPlans.productId, products.id))
    .where(and(eq(products.sellerId, seller.id), inArray(products.slug, ['lightroom-presets', 'watercolour-course', 'strategy-session'])))
  const planOf = (slug: string) => plans.find((p) => p.slug === slug && p.kind === 0)
  const [node] = await deps.db.select({ token: affiliateNodes.token }).from(affiliateNodes).innerJoin(publishers, eq(publishers.id, affiliateNodes.publisherId))
    .innerJoin(users, eq(users.id, publishers.userId)).where(eq(users.email, demoPublisher.email)).limit(1)
  const sales = [
    { slug: 'lightroom-presets', daysAgo: 30, affiliate: false }, { slug: 'watercolour-course', daysAgo: 30, affiliate: true },
    { slug: 'strategy-session', daysAgo: 30, affiliate: false }, { slug: 'lightroom-presets', daysAgo: 1, affiliate: true },
    { slug: 'watercolour-course', daysAgo: 1, affiliate: false },
  ]
  for (const [index, sale] of sales.entries()) {
    const plan = planOf(sale.slug)
    if (!plan) continue
    // The sale happens at its day: the ledger's rows and the commission's hold count from it.
    const at = new Date(deps.now().getTime() - sale.daysAgo * 86_400_000)
    const then: AppDeps = { ...deps, now: () => at }
    const ctx = systemContext(then, { now: at, ip: '127.0.0.1' })
    const answer = await createOrder(ctx, {
      product_id: plan.productId, pricing_plan_id: plan.planId, payment_method: 'card', terms_accepted: true,
      payer: { email: `payer${index + 1}@example.test`, first_name: ['Lena', 'Jonas', 'Mia', 'Noah', 'Emma'][index] ?? 'Pia', last_name: 'Beispiel', country_code: 'DE' },
      ...(sale.affiliate && node ? { affiliate: node.token } : {}),
    } as Parameters<typeof createOrder>[1], `demo-sale-${index + 1}`)
    const next = (answer.body as { next_action?: { type: string; payment_id?: string } }).next_action
    if (next?.type === 'redirect' && next.payment_id) await completeSandboxPayment(ctx, next.payment_id, 'success')
  }
}

const coverColours: Record<string, string> = {
  'strategy-session': '#1e3a5f', 'lightroom-presets': '#b45309', 'watercolour-course': '#0f766e', 'summer-workshop': '#a16207',
  'brush-app-license': '#4338ca', 'colour-theory-certificate': '#9d174d', 'painters-circle': '#15803d', 'starter-bundle': '#7c2d12',
}

/** A 1280x720 cover: the product's colour with its name. */
async function demoCover(name: string, colour: string): Promise<Buffer> {
  const text = name.replace(/[<>&'"]/g, '')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"><rect width="1280" height="720" fill="${colour}"/>`
    + `<text x="640" y="380" font-family="sans-serif" font-size="64" fill="#ffffff" text-anchor="middle">${text}</text></svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

/**
 * Covers for every demo product, the preset pack's files, the course's content, the certificate's design and
 * the event's ticket design (each once).
 */
async function seedDemoMedia(deps: AppDeps, userId: number) {
  const [seller] = await deps.db.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, userId)).limit(1)
  if (!seller) return
  const actor: Actor = { userId, sessionId: 'demo-seed', profileId: null, profileType: 'seller', sellerId: seller.id, permissions: [], confirmed: true }
  const ctx: Ctx = systemContext(deps, { actor })
  const rows = await deps.db.select({ id: products.id, slug: products.slug, name: products.name }).from(products)
    .where(and(eq(products.sellerId, seller.id), inArray(products.slug, Object.keys(coverColours))))
  const bySlug = new Map(rows.map((r) => [r.slug, r]))

  for (const row of rows) {
    if ((await media.listCovers(ctx, row.id)).total_count > 0) continue
    await media.addCover(ctx, row.id, await demoCover(row.name, coverColours[row.slug]!), undefined)
  }

  const presets = bySlug.get('lightroom-presets')
  if (presets && (await media.listFiles(ctx, presets.id)).total_count === 0) {
    const files = [
      { name: 'warm-portrait-presets.xmp', content: '<x:xmpmeta xmlns:x="adobe:ns:meta/"><!-- 20 warm portrait presets --></x:xmpmeta>\n', contentType: 'application/rdf+xml' },
      { name: 'read-me.txt', content: 'Import the presets in Lightroom: Develop > Presets > Import.\n', contentType: 'text/plain' },
    ]
    const stored = []
    for (const file of files) {
      const key = newStorageKey('file', { ext: file.name.split('.').pop() })
      const { size } = await deps.storage.put(key, Buffer.from(file.content))
      stored.push({ key, name: file.name, size, contentType: file.contentType })
    }
    await media.addFiles(ctx, presets.id, stored)
  }

  const course = bySlug.get('watercolour-course')
  if (course && (await courses.getCourse(ctx, course.id)).modules.length === 0) {
    const first = await courses.createModule(ctx, course.id, { title: 'First washes', description: 'Paper, water and your first flat wash.' })
    await courses.createLesson(ctx, course.id, first.id, {
      title: 'Materials you need',
      blocks: [
        { kind: 'text', html: '<p>You need <strong>cold-pressed paper</strong>, a round brush (size 8) and three colours.</p><ul><li>Ultramarine</li><li>Burnt sienna</li><li>Lemon yellow</li></ul>' },
        { kind: 'video', source: 'external', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'Unpacking the materials' },
      ],
    })
    await courses.createLesson(ctx, course.id, first.id, {
      title: 'Check: flat and graded washes',
      blocks: [{ kind: 'text', html: '<p>Five questions on what you painted so far.</p>' }],
      quiz: {
        pass_percent: 60,
        questions: [
          { kind: 'single_choice', text: 'Which paper holds a wash best?', points: 1, options: [{ text: 'Cold-pressed', correct: true }, { text: 'Printer paper', correct: false }], accepted_answers: [] },
          { kind: 'multiple_choice', text: 'Which colours are warm?', points: 2, options: [{ text: 'Burnt sienna', correct: true }, { text: 'Lemon yellow', correct: true }, { text: 'Ultramarine', correct: false }], accepted_answers: [] },
          { kind: 'open_answer', text: 'Name the brush shape used for washes.', points: 1, options: [], accepted_answers: ['round', 'flat', 'mop'] },
        ],
      },
    })
    const second = await courses.createModule(ctx, course.id, { title: 'Landscapes' })
    await courses.createLesson(ctx, course.id, second.id, { title: 'Skies in three steps', blocks: [{ kind: 'text', html: '<p>Wet the sky, drop in blue, lift clouds with a tissue.</p>' }] })
  }

  const certificate = bySlug.get('colour-theory-certificate')
  if (certificate && !(await certificates.getDesign(ctx, certificate.id)).saved) {
    await certificates.saveDesign(ctx, certificate.id, {
      layout: 'landscape', title: 'Certificate in colour theory',
      body: '{{payer_name}} passed the exam of {{product_name}} on {{date}}.', colors: { text: '#1f2937', accent: '#9d174d', background: '#fffaf0' },
      date_source: 'purchase_date', validity_start: 'from_payment', validity_days: 730,
    })
  }

  const event = bySlug.get('summer-workshop')
  if (event && !(await ticketDesigns.getDesign(ctx, event.id)).saved) {
    await ticketDesigns.saveDesign(ctx, event.id, {
      layout: 'a6_landscape', custom_size: null, colors: { accent: coverColours['summer-workshop']!, text: '#1f2937' }, logo_key: null,
      show_qr_code: true, fields: ['event_name', 'ticket_type', 'date', 'location', 'attendee_name', 'order_number'],
      footer_text: 'Bring your own brushes and a hat. Show this ticket at the entrance, printed or on your phone.',
    })
  }
}
