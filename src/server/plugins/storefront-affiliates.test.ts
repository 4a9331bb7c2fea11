import { existsSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../tests/factories/catalog'
import { fullPayer, publishedProduct } from '../../../tests/factories/checkout'
import { signUpUser } from '../../../tests/factories/users'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app'
import { affiliateClicks, affiliateNodes, affiliateProgramProducts, affiliatePrograms, embeddableItems, publishers } from '../db/schema'

// The storefront side of affiliates (docs/decisions/0048-affiliates.md, src/storefront/README.md): a
// publisher's ?aff= link records a click and sets the attribution cookie for the program's cookie days,
// the order form carries the attribution, the program's landing page for publishers, embeddable items and
// their frame headers. Fixture rows are written directly (the affiliates module's routes are elsewhere).

let t: TestApp
let seller: TestSeller, other: TestSeller
let product: { id: number; slug: string }
let programId: number, archivedId: number, disabledId: number, embedProgramId: number
const day = 86_400

async function publisher(): Promise<number> {
  const user = await signUpUser(t)
  const [row] = await t.deps.db.insert(publishers).values({ userId: user.userId }).returning({ id: publishers.id })
  return row!.id
}

async function program(values: Partial<typeof affiliatePrograms.$inferInsert> = {}, sellerId = seller.sellerId) {
  const [row] = await t.deps.db.insert(affiliatePrograms).values({ sellerId, name: 'Partners', commissionBps: [1500, 500], cookiesExpire: 30, ...values }).returning({ id: affiliatePrograms.id })
  return row!.id
}

async function node(program: number, publisherId: number, token: string, state = 'accepted', sellerId = seller.sellerId) {
  const [row] = await t.deps.db.insert(affiliateNodes).values({ programId: program, sellerId, publisherId, token, state }).returning({ id: affiliateNodes.id })
  return row!.id
}

const clicks = (token: string) => t.deps.db.select({ source: affiliateClicks.source, productId: affiliateClicks.productId }).from(affiliateClicks)
  .innerJoin(affiliateNodes, eq(affiliateNodes.id, affiliateClicks.nodeId)).where(eq(affiliateNodes.token, token))

const hiddenAffiliate = (html: string) => /<input type="hidden" name="affiliate" value="([^"]*)"/.exec(html)?.[1]
const setCookie = (res: { headers: Record<string, unknown> }) => {
  const header = res.headers['set-cookie']
  return (Array.isArray(header) ? header : header ? [header] : []).map(String).filter((c) => c.startsWith('sf_aff='))
}

let itemId: number, requestedItemId: number, restrictedItemId: number

beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://shop.example/' })
  seller = await createSeller(t)
  other = await createSeller(t)
  product = await publishedProduct(t, seller.accessToken, { name: 'Watercolour course' })
  const [pub1, pub2, pub3] = [await publisher(), await publisher(), await publisher()]
  programId = await program({ description: null, bonusAmount: 2500, bonusCurrency: 'eur', lifetime: 'lifetime' })
  await t.deps.db.insert(affiliateProgramProducts).values({ programId, productId: product.id })
  const accepted = await node(programId, pub1, 'tok-accepted')
  const requested = await node(programId, pub2, 'tok-requested', 'requested')
  archivedId = await program({ archivedAt: new Date() })
  await node(archivedId, pub3, 'tok-archived')
  disabledId = await program({ disableLandingPage: true, redirectionUrl: 'https://partners.example/join' })
  embedProgramId = await program({ allowEmbedForms: true, embedFormsAllowed: ['blog.example'] })
  const restrictedNode = await node(embedProgramId, pub2, 'tok-embed')
  await node(await program({}, other.sellerId), pub3, 'tok-other-seller', 'accepted', other.sellerId)
  const item = (nodeId: number, kind = 'product_card', settings: Record<string, unknown> = {}) =>
    t.deps.db.insert(embeddableItems).values({ publisherId: pub1, nodeId, productId: product.id, name: 'Card', kind, settings }).returning({ id: embeddableItems.id })
  itemId = (await item(accepted, 'product_card', { button_text: 'Get it', button_color: '#ff0000' }))[0]!.id
  requestedItemId = (await item(requested))[0]!.id
  restrictedItemId = (await item(restrictedNode, 'buy_button'))[0]!.id
})

afterAll(async () => {
  await t?.close()
})

test('robots.txt keeps embeddable items out of search engines', async () => {
  const res = await t.request({ method: 'GET', url: '/robots.txt' })
  expect(res.body.split('\n')).toContain('Disallow: /embed/')
})

describe.runIf(existsSync('dist/storefront/server/entry-server.js'))('with the storefront built', () => {
  const productUrl = () => `/s/${seller.username}/${product.slug}`

  test('?aff= on a product page: one click per view with the product, the cookie for the program\'s 30 days, the order form carries the token', async () => {
    const before = Math.floor(t.clock.now.getTime() / 1000)
    const res = await t.request({ method: 'GET', url: `${productUrl()}?aff=tok-accepted&utm_source=blog` })
    expect(res.statusCode).toBe(200)
    const [cookie, ...more] = setCookie(res)
    expect(more).toEqual([])
    expect(cookie).toMatch(new RegExp(`^sf_aff=tok-accepted\\.${before}; Max-Age=${30 * day}; Path=/; HttpOnly; Secure; SameSite=Lax$`))
    expect(await clicks('tok-accepted')).toEqual([{ source: 'link', productId: product.id }])
    expect(hiddenAffiliate(res.body)).toBe('tok-accepted')
    expect(res.body).toContain(`<link rel="canonical" href="https://shop.example${productUrl()}">`)
    // every view counts (never answered from the HTML cache); a HEAD request counts nothing
    const again = await t.request({ method: 'GET', url: `${productUrl()}?aff=tok-accepted&utm_source=blog` })
    expect(again.headers['x-storefront-cache']).not.toBe('hit')
    await t.request({ method: 'HEAD', url: `${productUrl()}?aff=tok-accepted` })
    expect(await clicks('tok-accepted')).toHaveLength(2)
  })

  test('?aff= on the shop page records a click without a product and sets the cookie', async () => {
    const res = await t.request({ method: 'GET', url: `/s/${seller.username}?aff=tok-accepted` })
    expect(res.statusCode).toBe(200)
    expect(setCookie(res)).toHaveLength(1)
    expect(res.headers['cache-control']).toBe('no-store')
    expect((await clicks('tok-accepted')).filter((c) => c.productId === null)).toEqual([{ source: 'link', productId: null }])
  })

  test('an unknown, requested, archived or another seller\'s token sets nothing and counts nothing', async () => {
    for (const token of ['nope', 'tok-requested', 'tok-archived', 'tok-other-seller', '<script>']) {
      const res = await t.request({ method: 'GET', url: `${productUrl()}?aff=${encodeURIComponent(token)}` })
      expect(res.statusCode, token).toBe(200)
      expect(setCookie(res), token).toEqual([])
      expect(hiddenAffiliate(res.body), token).toBe('')
    }
    for (const token of ['tok-requested', 'tok-archived', 'tok-other-seller']) expect(await clicks(token)).toEqual([])
  })

  test('the cookie attributes a cached page while the click is younger than the program\'s cookie days', async () => {
    const now = Math.floor(t.clock.now.getTime() / 1000)
    await t.request({ method: 'GET', url: productUrl() })
    const fresh = await t.request({ method: 'GET', url: productUrl(), cookies: { sf_aff: `tok-accepted.${now - 29 * day}` } })
    expect(fresh.headers['x-storefront-cache']).toBe('hit')
    expect(hiddenAffiliate(fresh.body)).toBe('tok-accepted')
    expect(fresh.body).toContain('"affiliate":"tok-accepted"')
    // the visitor's own token: no shared cache keeps it
    expect(fresh.headers['cache-control']).toBe('private, no-store')
    expect(fresh.headers.vary).toBe('accept-encoding, accept-language, cookie')
    const expired = await t.request({ method: 'GET', url: productUrl(), cookies: { sf_aff: `tok-accepted.${now - 30 * day - 1}` } })
    expect(hiddenAffiliate(expired.body)).toBe('')
    const none = await t.request({ method: 'GET', url: productUrl() })
    expect(hiddenAffiliate(none.body)).toBe('')
    expect(none.headers['cache-control']).toBe('public, max-age=30')
    expect(none.body).not.toContain('affiliate-token-marker')
  })

  test('the no-JS order post with the attribution cookie opens the order', async () => {
    const now = Math.floor(t.clock.now.getTime() / 1000)
    const payer = fullPayer()
    const form = new URLSearchParams({
      pricing_plan_id: '', payment_method: 'card', terms_accepted: 'true', affiliate: 'tok-forged', idempotency_key: 'k-1',
      ...Object.fromEntries(Object.entries(payer).map(([k, v]) => [`payer.${k}`, v])),
    })
    const res = await t.request({
      method: 'POST', url: productUrl(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString(),
      cookies: { sf_aff: `tok-accepted.${now}` },
    })
    // the strict order body takes the attribution and the order opens (303 on to the payment); the order keeps
    // the cookie's node, never the posted (forged) token
    expect(res.statusCode).toBe(303)
    const { rows } = await t.deps.database.executeSql('select n.token from orders o join affiliate_nodes n on n.id = o.affiliate_node_id order by o.id desc limit 1', [])
    expect(rows).toEqual([{ token: 'tok-accepted' }])
  })

  describe('the landing page', () => {
    const landingUrl = (id: number, username = seller.username) => `/s/${username}/affiliate_programs/${id}`

    test('a program without blocks: the seller\'s header, the levels, cookie days, bonus, products, and the join link keeping recruited_by', async () => {
      const res = await t.request({ method: 'GET', url: `${landingUrl(programId)}?recruited_by=tok-accepted` })
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('data-testid="landing-header"')
      expect(res.body).toMatch(/Level 1<\/span><span class="sf-aff-level__value">15 %/)
      expect(res.body).toMatch(/Level 2<\/span><span class="sf-aff-level__value">5 %/)
      expect(res.body).toContain('Your link counts for 30 days after the click')
      expect(res.body).toContain('25,00€')
      expect(res.body).toContain('Watercolour course')
      expect(res.body).toContain(`href="/publish/affiliate_marketplace/${programId}?recruited_by=tok-accepted"`)
      expect(res.body).toContain(`<link rel="canonical" href="https://shop.example${landingUrl(programId)}">`)
      expect(res.body).toMatch(/<title>Partners · Affiliate program of [^<]+<\/title>/)
      expect(res.body).toContain('<meta name="description"')
      expect(res.body).not.toContain('<script type="module"')
      expect((await clicks('tok-accepted')).filter((c) => c.source === 'landing')).toHaveLength(1)
      expect(setCookie(res)).toEqual([])
    })

    test('?aff= on the landing page counts a landing click and sets the cookie', async () => {
      const before = (await clicks('tok-accepted')).filter((c) => c.source === 'landing').length
      const res = await t.request({ method: 'GET', url: `${landingUrl(programId)}?aff=tok-accepted` })
      expect(res.statusCode).toBe(200)
      expect(setCookie(res)[0]).toMatch(/^sf_aff=tok-accepted\.\d+; Max-Age=2592000;/)
      expect(res.headers['cache-control']).toBe('no-store')
      expect((await clicks('tok-accepted')).filter((c) => c.source === 'landing')).toHaveLength(before + 1)
    })

    test('blocks in the chosen theme; unsafe links dropped', async () => {
      await t.deps.db.update(affiliatePrograms).set({
        landingTheme: 'bold',
        landingBody: [
          { kind: 'header', props: { title: 'Earn with us', text: 'Join today.' } },
          { kind: 'button', props: { button_text: 'Sign up', url: 'javascript:alert(1)' } },
          { kind: 'affiliate', props: {} },
        ],
      }).where(eq(affiliatePrograms.id, programId))
      const res = await t.request({ method: 'GET', url: landingUrl(programId) })
      expect(res.body).toContain('sf-aff sf-aff--bold')
      expect(res.body).toContain('<h1>Earn with us</h1>')
      expect(res.body).not.toContain('javascript:')
      expect(res.body).toContain(`<a class="sf-aff-button" href="/publish/affiliate_marketplace/${programId}">Sign up</a>`)
    })

    test('a program without its landing page redirects; archived or another seller\'s program is a 404', async () => {
      const redirect = await t.request({ method: 'GET', url: landingUrl(disabledId) })
      expect(redirect.statusCode).toBe(302)
      expect(redirect.headers.location).toBe('https://partners.example/join')
      expect((await t.request({ method: 'GET', url: landingUrl(archivedId) })).statusCode).toBe(404)
      expect((await t.request({ method: 'GET', url: landingUrl(programId, other.username) })).statusCode).toBe(404)
      expect((await t.request({ method: 'GET', url: landingUrl(0) })).statusCode).toBe(404)
    })
  })

  describe('embeddable items', () => {
    test('a product card linking through the publisher\'s link in a new tab; any site may frame it', async () => {
      const res = await t.request({ method: 'GET', url: `/embed/items/${itemId}` })
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('data-testid="embed-card"')
      expect(res.body).toContain('Watercolour course')
      expect(res.body).toContain(`href="${productUrlOf()}?aff=tok-accepted" target="_blank"`)
      expect(res.body).toContain('>Get it</a>')
      expect(res.body).toContain('--sf-embed-button:#ff0000')
      expect(res.headers['x-frame-options']).toBeUndefined()
      expect(res.headers['content-security-policy']).toMatch(/frame-ancestors \*/)
      expect(res.body).toContain('<meta name="robots" content="noindex">')
    })

    test('a program with allowed hosts: only those may frame it; other pages stay unframeable', async () => {
      const res = await t.request({ method: 'GET', url: `/embed/items/${restrictedItemId}` })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-security-policy']).toMatch(/frame-ancestors https:\/\/blog\.example https:\/\/\*\.blog\.example(;|$)/)
      const shopPage = await t.request({ method: 'GET', url: `/s/${seller.username}` })
      expect(shopPage.headers['content-security-policy']).toMatch(/frame-ancestors 'self'/)
      expect(shopPage.headers['x-frame-options']).toBe('SAMEORIGIN')
    })

    test('an item of a participation not accepted says it is not available; an unknown item is a 404', async () => {
      const res = await t.request({ method: 'GET', url: `/embed/items/${requestedItemId}` })
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('data-testid="embed-unavailable"')
      expect(res.body).not.toContain('tok-requested')
      expect((await t.request({ method: 'GET', url: '/embed/items/999999' })).statusCode).toBe(404)
    })
  })

  function productUrlOf() {
    return productUrl()
  }
})

