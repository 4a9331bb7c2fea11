import { randomBytes } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import sharp from 'sharp'
import type { AppDeps } from '../deps'
import { systemContext, type Ctx } from '../context'
import type { Actor } from '../auth/permissions'
import * as accounts from '../modules/accounts/accounts.service'
import { seedDemoAffiliates } from '../modules/affiliates/demo.service'
import { seedDemoCatalog } from '../modules/catalog/demo.service'
import * as certificates from '../modules/certificates/certificates.service'
import * as courses from '../modules/courses/courses.service'
import * as media from '../modules/media/media.service'
import { newStorageKey } from '../modules/media/storage'
import * as ticketDesigns from '../modules/tickets/ticket-designs.service'
import { products, sellers } from './schema'

export const demo = { email: 'demo@sellfront.test', username: 'demo' }
/** The demo's manager (the admin area, the billing test clock), with the demo seller's password. */
export const demoManager = { email: 'manager@sellfront.test', firstName: 'Demo', lastName: 'Manager' }
/** The demo's publisher (the publisher area), in the demo seller's partner programme, with the same password. */
export const demoPublisher = { email: 'publisher@sellfront.test', firstName: 'Paula', lastName: 'Publisher' }
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
  }
  await seedDemoMedia(deps, result.userId)
  return { ...result, products: catalog.created, email: demo.email, username: demo.username, password: result.created ? password : undefined }
}

/** The partner programme with two levels and the demo publisher in it (made once). */
async function seedDemoPartnerProgramme(deps: AppDeps, sellerUserId: number, password: string) {
  const [seller] = await deps.db.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, sellerUserId)).limit(1)
  if (!seller) return
  const { userId: publisherUserId } = await accounts.ensureDemoPublisher(systemContext(deps), { ...demoPublisher, password })
  const rows = await deps.db.select({ id: products.id }).from(products).where(and(eq(products.sellerId, seller.id), inArray(products.slug, demoProgramProducts)))
  await seedDemoAffiliates(deps, { sellerUserId, sellerId: seller.id, publisherUserId, productIds: rows.map((r) => r.id) })
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
