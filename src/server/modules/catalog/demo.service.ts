import { and, eq, sql } from 'drizzle-orm'
import type { CreateProductInput } from '../../../shared/schemas/catalog'
import type { Actor } from '../../auth/permissions'
import { systemContext, type Ctx } from '../../context'
import { products, sellers } from '../../db/schema'
import type { AppDeps } from '../../deps'
import * as repo from './catalog.repository'
import * as catalog from './catalog.service'
import * as licenseKeys from './license-keys.service'

// The demo catalogue of `npm start`: one published product of each of the eight forms, with prices
// (one-time, installment, limited subscription and subscription plans), tickets for the event, keys for
// the license-key product and add-ons for the membership and the bundle; the strategy session and the summer workshop also in German.
// Each product is made once (found again by its slug), so seeding twice changes nothing.

const plan = {
  oneTime: (price: number) => ({ form: 'one_time' as const, currency_id: 'eur' as const, price }),
}

type DemoProduct = { slug: string; input: Omit<CreateProductInput, 'slug'>; addonSlugs?: string[]; keys?: { format: string; count: number } }

const demoProducts: DemoProduct[] = [
  {
    slug: 'strategy-session',
    input: {
      form: 'digital', name: 'Strategy session (60 minutes)', description: 'A one-to-one video call to plan your next launch.', limit: 20, pricing_plans: [plan.oneTime(9900)], position: 1,
      // A payer whose browser asks for German reads this product in German (docs/decisions/0095-product-translations.md).
      translations: {
        de: {
          name: 'Strategiegespräch (60 Minuten)',
          description_html: '<p>Ein Videogespräch unter vier Augen, in dem wir gemeinsam deinen nächsten Launch planen.</p>',
        },
      },
    },
  },
  {
    slug: 'lightroom-presets',
    input: { form: 'download', name: 'Lightroom preset pack', description: 'Twenty presets for warm portrait light.', pricing_plans: [plan.oneTime(1900)], position: 2 },
  },
  {
    slug: 'watercolour-course',
    input: {
      form: 'course', name: 'Watercolour from scratch', description: 'Eight modules from first wash to finished landscape.', position: 3,
      pricing_plans: [
        plan.oneTime(24900),
        { form: 'installment', currency_id: 'eur', first_amount: 9900, next_amount: 8000, payments_count: 3, interval: '1m', name: 'Three payments' },
      ],
    },
  },
  {
    slug: 'summer-workshop',
    input: {
      form: 'eventTickets', name: 'Summer workshop 2030', description: 'A day of painting outdoors.', position: 4,
      // The event and its ticket types in German too: a German payer's ticket prints them so (docs/decisions/0095-product-translations.md).
      translations: { de: { name: 'Sommerworkshop 2030', description: 'Ein Tag Malen unter freiem Himmel.' } },
      tickets: [
        { name: 'Standard', location: 'Berlin, Tempelhofer Feld', start_date: '2030-07-06T09:00:00.000Z', end_date: '2030-07-06T17:00:00.000Z', limit: 40, pricing_plans: [plan.oneTime(8900)] },
        {
          name: 'With materials', location: 'Berlin, Tempelhofer Feld', start_date: '2030-07-06T09:00:00.000Z', end_date: '2030-07-06T17:00:00.000Z', limit: 10, pricing_plans: [plan.oneTime(12900)],
          translations: { de: { name: 'Mit Material' } },
        },
      ],
    },
  },
  {
    slug: 'brush-app-license',
    input: { form: 'licenseKey', name: 'Brush app licence', description: 'A licence key for the desktop brush app.', pricing_plans: [plan.oneTime(2900)], position: 5 },
    keys: { format: 'BRUSH-{alphanumeric:5}-{numeric:4}', count: 25 },
  },
  {
    slug: 'colour-theory-certificate',
    input: { form: 'certificate', name: 'Colour theory certificate', description: 'A certificate for finishing the colour theory exam.', pricing_plans: [plan.oneTime(4900)], position: 6 },
  },
  {
    slug: 'painters-circle',
    input: {
      form: 'membership', name: "Painters' circle", description: 'Monthly live critiques and the whole course library.', position: 7,
      pricing_plans: [
        { form: 'subscription', currency_id: 'eur', price: 1900, interval: '1m', name: 'Monthly' },
        { form: 'limited_subscription', currency_id: 'eur', price: 1500, payments_count: 12, interval: '1m', name: 'One year' },
      ],
    },
    addonSlugs: ['watercolour-course'],
  },
  {
    slug: 'starter-bundle',
    input: { form: 'bundle', name: 'Starter bundle', description: 'The course and the preset pack together.', pricing_plans: [plan.oneTime(25900)], position: 8 },
    addonSlugs: ['watercolour-course', 'lightroom-presets'],
  },
]

function demoContext(deps: AppDeps, userId: number, sellerId: number): Ctx {
  const actor: Actor = { userId, sessionId: 'demo-seed', profileId: null, profileType: 'seller', sellerId, permissions: [], confirmed: true }
  return systemContext(deps, { actor })
}

export async function seedDemoCatalog(deps: AppDeps, userId: number) {
  const [seller] = await deps.db.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, userId)).limit(1)
  if (!seller) return { created: 0 }
  // docs/reference/readings.md 23: the demo seller can sell once its profile is finished and a provider is active;
  // in test mode the built-in sandbox counts (paymentAccountDone is derived on read, never stored).
  await repo.updateSellerFlags(deps.db, seller.id, { profileFinished: true }, deps.now())
  const ctx = demoContext(deps, userId, seller.id)
  const ids = new Map<string, number>()
  let created = 0
  for (const demo of demoProducts) {
    const [existing] = await deps.db.select({ id: products.id }).from(products)
      .where(and(eq(products.sellerId, seller.id), sql`lower(${products.slug}) = ${demo.slug}`)).limit(1)
    if (existing) {
      ids.set(demo.slug, existing.id)
      continue
    }
    const addons = (demo.addonSlugs ?? []).flatMap((slug) => (ids.has(slug) ? [{ product_id: ids.get(slug)!, kind: 'bundle' as const }] : []))
    const product = await catalog.createProduct(ctx, { ...demo.input, slug: demo.slug, ...(addons.length ? { addons } : {}) })
    ids.set(demo.slug, product.id)
    if (demo.keys) await licenseKeys.addLicenseKeys(ctx, product.id, demo.keys)
    if (demo.input.form === 'download') {
      // The download's demo files are added after the catalogue (src/server/db/seed.ts), so here it still
      // reports no_digitals and the publish check would refuse it; the demo lists it as published (an
      // allowed move of the state table) and the files clear the status.
      await deps.db.transaction(async (tx) => {
        const row = (await repo.findProduct(tx, seller.id, product.id, { lock: true }))!
        await catalog.moveStates(tx, row, { publish: 'published', review: 'not_for_review' }, deps.now())
      })
    } else {
      await catalog.publishProduct(ctx, product.id)
    }
    created++
  }
  return { created }
}
