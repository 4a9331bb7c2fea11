import { and, asc, eq, inArray } from 'drizzle-orm'
import { saveDraftInput } from '../../shared/schemas/pages'
import type { Actor } from '../auth/permissions'
import { systemContext } from '../context'
import type { AppDeps } from '../deps'
import * as pages from '../modules/pages/pages.service'
import { courseLessons, mediaUploads, products, sellers } from './schema'

// The demo seller's built pages (docs/decisions/0065-serving-built-pages.md): the shop and two product pages,
// published and active, made through the pages service like the editor does (made once); and the member pages
// of the course and the membership (docs/decisions/0069-member-pages.md, made once each).

const menu = (username: string) => [
  { id: 'm-shop', name: 'Shop', url: `/s/${username}`, link_type: 'url', submenu: [] },
  { id: 'm-course', name: 'Watercolour course', url: `/s/${username}/watercolour-course`, link_type: 'url', submenu: [] },
  { id: 'm-presets', name: 'Lightroom presets', url: `/s/${username}/lightroom-presets`, link_type: 'url', submenu: [] },
]

const testimonials = {
  id: 'voices', kind: 'testimonials', settings: {
    title: 'What buyers say', view: 'grid', items: [
      { id: 't1', avatar_key: null, full_name: 'Lena B.', text: 'Clear lessons, and my first landscape actually looks like one.' },
      { id: 't2', avatar_key: null, full_name: 'Jonas K.', text: 'The presets saved me hours on every shoot.' },
      { id: 't3', avatar_key: null, full_name: 'Mia S.', text: 'Friendly, practical and worth every cent.' },
    ],
  },
}

const footer = (username: string) => ({ id: 'foot', kind: 'footer', settings: { text: 'Studio Demo · made with care in Berlin', menu: menu(username).slice(0, 1), social: {} } })

export async function seedDemoPages(deps: AppDeps, sellerUserId: number) {
  const [seller] = await deps.db.select({ id: sellers.id, username: sellers.username }).from(sellers).where(eq(sellers.userId, sellerUserId)).limit(1)
  if (!seller) return
  await seedDemoMemberPages(deps, sellerUserId, seller)
  if (await pages.activeDocument(deps.db, seller.id, 'shop')) return
  const actor: Actor = { userId: sellerUserId, sessionId: 'demo-seed', profileId: null, profileType: 'seller', sellerId: seller.id, permissions: [], confirmed: true }
  const ctx = systemContext(deps, { actor })
  const rows = await deps.db.select({ id: products.id, slug: products.slug }).from(products)
    .where(and(eq(products.sellerId, seller.id), inArray(products.slug, ['watercolour-course', 'lightroom-presets'])))
  const [image] = await deps.db.select({ key: mediaUploads.storageKey }).from(mediaUploads).where(and(eq(mediaUploads.sellerId, seller.id), eq(mediaUploads.kind, 'image'))).limit(1)
  const u = seller.username
  const course = rows.find((r) => r.slug === 'watercolour-course')

  const build = async (pageType: 'shop' | 'product', name: string, blocks: object[], productId?: number) => {
    const page = await pages.createPage(ctx, { page_type: pageType, name, ...(productId ? { product_id: productId } : {}) })
    await pages.saveDraft(ctx, page.id, saveDraftInput.parse({ page_type: pageType, document: { settings: {}, blocks } }))
    await pages.publishPage(ctx, page.id)
    await pages.activatePage(ctx, page.id)
  }

  await build('shop', 'Demo shop', [
    { id: 'head', kind: 'header', settings: { title: 'Studio Demo', menu: menu(u), sharing_options: true } },
    { id: 'hero', kind: 'banner', settings: { title: 'Learn, create, share', text: 'Courses, presets and sessions for creative people.', background_color: '#1c7ed6', text_color: '#ffffff' } },
    { id: 'all', kind: 'products', settings: { source: 'seller_products', view: 'grid', columns: 3, show_button: true, show_description: false } },
    ...(course ? [{ id: 'bought', kind: 'conversion_tools', settings: { tool: 'social_proof', social_proof_type: 'total_purchases', product_id: course.id } }] : []),
    { id: 'space', kind: 'gap', settings: {} },
    testimonials,
    { id: 'about', kind: 'text', settings: { html: '<h2>About the studio</h2><p>Every product here is made by hand and tried with real students first. Questions? Write to us below.</p>' } },
    { id: 'start', kind: 'button', settings: { button: { type: 'customLink', text: 'Start with the watercolour course', url: `/s/${u}/watercolour-course` } } },
    { id: 'ask', kind: 'contact_form', settings: { title: 'Ask us anything' } },
    footer(u),
  ])

  const pageFor = async (slug: string, title: string, text: string) => {
    const product = rows.find((r) => r.slug === slug)
    if (!product) return
    await build('product', title, [
      { id: 'head', kind: 'header', settings: { title: 'Studio Demo', menu: menu(u) } },
      { id: 'hero', kind: 'banner', settings: { title, text: 'Start today: instant access after payment.', background_color: '#2f9e44', text_color: '#ffffff' } },
      ...(image ? [{ id: 'pic', kind: 'picture', settings: { upload_key: image.key } }] : []),
      { id: 'what', kind: 'text', settings: { html: text } },
      { id: 'buy', kind: 'button', settings: { button: { type: 'buy', text: 'Buy now' } } },
      { id: 'mine', kind: 'products', settings: { source: 'product', view: 'list', show_description: true, show_button: false } },
      testimonials,
      footer(u),
    ], product.id)
  }
  await pageFor('watercolour-course', 'Watercolour for beginners', '<h2>What you learn</h2><ul><li>Flat and graded washes</li><li>Mixing greens and greys</li><li>Your first landscape</li></ul>')
  await pageFor('lightroom-presets', 'Warm portrait presets', '<h2>Twenty presets</h2><p>Warm, natural skin tones in one click, for Lightroom Classic and mobile.</p>')
}

/**
 * The course's course page (the player's overview, a lesson link to the first lesson) and the membership's
 * member area listing what it includes; each made once, when its product is there.
 */
async function seedDemoMemberPages(deps: AppDeps, sellerUserId: number, seller: { id: number; username: string }) {
  const actor: Actor = { userId: sellerUserId, sessionId: 'demo-seed', profileId: null, profileType: 'seller', sellerId: seller.id, permissions: [], confirmed: true }
  const ctx = systemContext(deps, { actor })
  const rows = await deps.db.select({ id: products.id, slug: products.slug }).from(products)
    .where(and(eq(products.sellerId, seller.id), inArray(products.slug, ['watercolour-course', 'painters-circle'])))
  const build = async (pageType: 'course' | 'membership', name: string, blocks: object[], productId: number) => {
    if (await pages.activeDocument(deps.db, seller.id, pageType, productId)) return
    const page = await pages.createPage(ctx, { page_type: pageType, name, product_id: productId })
    await pages.saveDraft(ctx, page.id, saveDraftInput.parse({ page_type: pageType, document: { settings: {}, blocks } }))
    await pages.publishPage(ctx, page.id)
    await pages.activatePage(ctx, page.id)
  }
  const course = rows.find((r) => r.slug === 'watercolour-course')
  if (course) {
    const [first] = await deps.db.select({ id: courseLessons.id }).from(courseLessons).where(eq(courseLessons.productId, course.id))
      .orderBy(asc(courseLessons.moduleId), asc(courseLessons.position), asc(courseLessons.id)).limit(1)
    await build('course', 'Watercolour: welcome', [
      { id: 'hello', kind: 'banner', settings: { title: 'Welcome to Watercolour from scratch', text: 'Eight modules, one brush stroke at a time. Take them in order, and paint along.', background_color: '#1c7ed6', text_color: '#ffffff' } },
      { id: 'how', kind: 'text', settings: { html: '<h2>How the course works</h2><ul><li>Each lesson has a short video and a practice sheet.</li><li>Mark a lesson finished when you have painted along.</li><li>Your certificate comes with the last lesson.</li></ul>' } },
      ...(first ? [{ id: 'start', kind: 'button', settings: { button: { type: 'lessonLink', text: 'Start the first lesson', product_id: course.id, lesson_id: first.id } } }] : []),
    ], course.id)
  }
  const circle = rows.find((r) => r.slug === 'painters-circle')
  if (circle) {
    await build('membership', "Painters' circle: member area", [
      { id: 'head', kind: 'header', settings: { title: "Painters' circle" } },
      { id: 'hello', kind: 'banner', settings: { title: 'Welcome, member', text: 'Everything the circle includes, in one place. The next live critique is on the first Monday of the month.', background_color: '#2f9e44', text_color: '#ffffff' } },
      { id: 'yours', kind: 'products', settings: { source: 'membership_products', view: 'list', show_description: true, show_price: false, show_button: false } },
      footer(seller.username),
    ], circle.id)
  }
}
