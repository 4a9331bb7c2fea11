import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct, createSeller, oneTimePlan, type TestSeller } from '../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { featureFlags, type FeatureFlag } from '../shared/accounts'
import { featureGates, pendingReason } from '../shared/feature-gates'

// Generated from the flag registry (docs/decisions/0077-feature-flags.md): for every flag of `featureFlags`,
// either its registry entry is pending (reported as known-pending) or it gates something: the flag is switched
// off for a fresh seller and one of its gates is called, which must answer 403 feature_disabled naming the flag.
// A flag that is neither pending nor has a probe here fails.

let t: TestApp
beforeAll(async () => { t = await createTestApp() }, 120_000)
afterAll(async () => { await t?.close() })

type Call = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; token?: string; payload?: object; headers?: Record<string, string> }
const request = (c: Call) => t.request({ method: c.method, url: `/api/v1${c.url}`, token: c.token, headers: c.headers, ...(c.payload ? { payload: c.payload } : {}) })
const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const setFlag = (sellerId: number, flag: FeatureFlag, value: boolean) =>
  sql(`update sellers set features = features || jsonb_build_object($2::text, $3::boolean) where id = $1`, [sellerId, flag, value])

/**
 * How to reach one gate of a flag: `prepare` runs while the flag is still on (things the gate needs), `call`
 * is the gated request made once the flag is off.
 */
type Probe = { prepare?: (s: TestSeller) => Promise<unknown>; call: (s: TestSeller, prepared: any) => Promise<Call> }
const tracking = (type: string, extra: object): Probe => ({ call: async (s) => ({ method: 'POST', url: '/cabinet/tracking_codes', token: s.accessToken, payload: { type, name: 'Probe', ...extra } }) })
const eventStart = '2031-06-12T18:00:00.000Z'

async function signInPayer(email: string): Promise<string> {
  expect((await request({ method: 'POST', url: '/app/user/send_magic_link', payload: { email } })).statusCode).toBe(204)
  const [mail] = await sql<{ html: string }>('select html from email_logs where lower("to") = lower($1) and kind = $2 order by id desc limit 1', [email, 'magic_link'])
  const token = /magic_link_token=([A-Za-z0-9_-]+)/.exec(mail!.html)![1]
  const res = await request({ method: 'POST', url: '/app/session/magic_link', payload: { token, fingerprint: `fp-gates-${randomUUID().slice(0, 8)}` } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().access_token
}

const probes: Record<string, Probe> = {
  google_analytics: tracking('google_analytics_4', { tracking_id: 'G-ABC123' }),
  tag_manager: tracking('google_tag_manager', { tracking_id: 'GTM-ABC123' }),
  facebook_pixel: tracking('facebook_pixel', { tracking_id: '1234567890123456' }),
  custom_css: tracking('custom_tracking_codes', { code: '<script src="https://a.example/x.js"></script>' }),
  conversion_tools: tracking('tracify', { tracking_id: 'abc123' }),
  lesson_quiz_comments: {
    prepare: (s) => createProduct(t, s.accessToken, { form: 'course' }),
    call: async (s, course) => ({ method: 'PUT', url: `/cabinet/products/${course.id}/course/settings`, token: s.accessToken, payload: { comments_enabled: true } }),
  },
  multicurrency: { call: async (s) => ({ method: 'POST', url: '/cabinet/products', token: s.accessToken, payload: { form: 'download', name: 'In dollars', pricing_plans: [oneTimePlan(1990, 'usd')] } }) },
  product_sharing: {
    prepare: (s) => publishedProduct(t, s.accessToken),
    call: async (s, product) => ({ method: 'POST', url: '/cabinet/item_shares', token: s.accessToken, payload: { title: 'Probe', items: [{ product_id: product.id }] } }),
  },
  vimeo: { call: async (s) => ({ method: 'POST', url: '/cabinet/integrations', token: s.accessToken, payload: { kind: 'vimeo_videos', credentials: { access_token: 'probe-token' } } }) },
  pdf_stamp: {
    prepare: (s) => createProduct(t, s.accessToken, { form: 'download' }),
    call: async (s, product) => ({ method: 'PUT', url: `/cabinet/products/${product.id}/download_settings`, token: s.accessToken, payload: { stamp_pdf: true, download_limit: null } }),
  },
  domains: { call: async (s) => ({ method: 'GET', url: '/cabinet/domains', token: s.accessToken }) },
  coupons: { call: async (s) => ({ method: 'GET', url: '/cabinet/coupons', token: s.accessToken }) },
  funnels: { call: async (s) => ({ method: 'GET', url: '/cabinet/funnels', token: s.accessToken }) },
  drip_in: {
    prepare: (s) => createProduct(t, s.accessToken, { form: 'course' }),
    call: async (s, course) => ({ method: 'PUT', url: `/cabinet/products/${course.id}/course/drip`, token: s.accessToken, payload: { paused: true } }),
  },
  sales_team: { call: async (s) => ({ method: 'GET', url: '/cabinet/deals', token: s.accessToken }) },
  dunning: { call: async (s) => ({ method: 'GET', url: '/cabinet/dunning_settings', token: s.accessToken }) },
  virtual_iban: { call: async (s) => ({ method: 'GET', url: '/cabinet/bank_transfers', token: s.accessToken }) },
  custom_smtp: { call: async (s) => ({ method: 'GET', url: '/cabinet/smtp_settings', token: s.accessToken }) },
  customization: { call: async (s) => ({ method: 'PUT', url: '/cabinet/customization', token: s.accessToken, payload: { primary_color: '#0b5394' } }) },
  double_opt_in: { call: async (s) => ({ method: 'PUT', url: '/cabinet/double_opt_in', token: s.accessToken, payload: { required: true } }) },
  community: { call: async (s) => ({ method: 'GET', url: '/cabinet/community', token: s.accessToken }) },
  metabase_analytics_sets: { call: async (s) => ({ method: 'GET', url: '/cabinet/analytics_sets', token: s.accessToken }) },
  live_shopping: { call: async (s) => ({ method: 'GET', url: '/cabinet/live_events', token: s.accessToken }) },
  mobile_app: { call: async (s) => ({ method: 'GET', url: '/cabinet/mobile_app/notification_settings', token: s.accessToken }) },
  ticket_upgrade: {
    // A payer's unused ticket of the seller's event, bought and delivered while the flag is on.
    prepare: async (s) => {
      const product = await publishedProduct(t, s.accessToken, {
        form: 'eventTickets', name: 'Gated gala',
        tickets: [
          { name: 'Standard', start_date: eventStart, position: 0, pricing_plans: [oneTimePlan(5900)] },
          { name: 'Front row', start_date: eventStart, position: 1, pricing_plans: [oneTimePlan(9900)] },
        ],
      })
      const type = product.tickets.find((x: any) => x.name === 'Standard')
      const payer = fullPayer()
      const res = await submitOrder(t, {
        product_id: product.id, pricing_plan_id: type.pricing_plans[0].id, ticket_id: type.id, quantity: 1, payment_method: 'card', payer, terms_accepted: true,
        attendees: [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test' }],
      })
      expect(res.statusCode, res.body).toBe(201)
      expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
      await t.deps.jobs.drain()
      const [ticket] = await sql<{ id: number }>('select pt.id from payment_tickets pt join orders o on o.id = pt.order_id where o.token = $1', [res.json().order.token])
      return { ticketId: ticket!.id, token: await signInPayer(payer.email) }
    },
    call: async (_s, p) => ({ method: 'GET', url: `/payer/payment_tickets/${p.ticketId}/upgrades`, token: p.token }),
  },
  reseller_journey: { call: async (s) => ({ method: 'GET', url: '/cabinet/reseller', token: s.accessToken }) },
  template_hub: { call: async (s) => ({ method: 'GET', url: '/cabinet/themes/hub', token: s.accessToken }) },
  affiliate_marketplace: {
    call: async (s) => ({ method: 'POST', url: '/cabinet/affiliate_programs', token: s.accessToken, payload: { name: 'Listed', product_ids: [], commissions: [10], listed_in_marketplace: true } }),
  },
  twint: { call: async (s) => ({ method: 'PUT', url: '/cabinet/payment_settings', token: s.accessToken, payload: { methods: [{ method: 'twint', provider: 'sandbox', active: true }] } }) },
  klarna: { call: async (s) => ({ method: 'PUT', url: '/cabinet/payment_settings', token: s.accessToken, payload: { methods: [{ method: 'klarna', provider: 'sandbox', active: true }] } }) },
  klarna_subscriptions: {
    // Klarna on for one-time plans, off for a subscription's later rates.
    prepare: (s) => publishedProduct(t, s.accessToken, { pricing_plans: [{ form: 'subscription', currency_id: 'eur', price: 990, interval: '1m' }] }),
    call: async (_s, product) => ({
      method: 'POST', url: '/shop/orders', headers: { 'idempotency-key': randomUUID() },
      payload: { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'klarna', payer: fullPayer(), terms_accepted: true },
    }),
  },
}

const flags = Object.keys(featureFlags) as FeatureFlag[]

describe('every feature flag gates something (generated from the flag registry)', () => {
  test('the registry names every flag, and nothing else', () => {
    expect(Object.keys(featureGates).sort()).toEqual([...flags].sort())
  })

  const pending = flags.filter((flag) => 'pending' in featureGates[flag])
  test.each(pending)('%s: known-pending (its function is not built yet)', (flag) => {
    const entry = featureGates[flag]
    expect('pending' in entry && entry.pending).toBe(pendingReason)
    // A pending flag must not have a probe: when its function lands, it moves to gates with one.
    expect(probes[flag]).toBeUndefined()
  })

  test.each(flags.filter((flag) => !('pending' in featureGates[flag])))('%s: switched off, its gate answers 403 feature_disabled naming it', async (flag) => {
    const probe = probes[flag]
    expect(probe, `flag ${flag} is listed as gated but has no probe here`).toBeDefined()
    const seller = await createSeller(t)
    const prepared = await probe!.prepare?.(seller)
    // Switched off mid-session: the seller's token is the one signed in before.
    await setFlag(seller.sellerId, flag, false)
    const res = await request(await probe!.call(seller, prepared))
    expect(res.statusCode, res.body).toBe(403)
    expect(res.json().error).toMatchObject({ type: 'feature_disabled', flag })
    expect(res.json().error.message).toContain(flag)
  })
})
