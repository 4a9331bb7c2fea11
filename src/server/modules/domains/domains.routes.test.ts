import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { publishedProduct } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { startDnsStandIn, type DnsStandIn } from '../../../../tests/stand-ins/dns-stand-in'
import { sellerHostUrl } from './domains.hosts'
import { checkDueDomains } from './domains.service'

// Custom domains and subdomains (docs/decisions/0060-domains.md) through the real routes, with DNS answered by
// a local stand-in: connect, verify by TXT or CNAME (or fail with the reason), a host verified by another
// seller refused, the reverse proxy's ask endpoint, the shop served on the seller's host, the periodic check,
// the certificate learnt from an HTTPS request, and the cookie frame's headers.

let t: TestApp
let dns: DnsStandIn
let seller: TestSeller
let other: TestSeller
let slug: string
const platform = 'sellfront.test'
const suffix = 'sellfront.site'

beforeAll(async () => {
  dns = await startDnsStandIn()
  t = await createTestApp({ APP_URL: `https://${platform}`, SUBDOMAIN_SUFFIX: suffix, DNS_SERVERS: dns.server, DNS_TIMEOUT_MS: '1000', TRUST_PROXY: 'true' })
  seller = await createSeller(t)
  other = await createSeller(t)
  slug = (await publishedProduct(t, seller.accessToken, { name: 'Hosted ebook' })).slug
}, 120_000)
afterAll(async () => {
  await t?.close()
  await dns?.close()
})

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.request({ method, url: `/api/v1${url}`, ...(token ? { token } : {}), ...(payload ? { payload } : {}) })
const onHost = (host: string, url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers: { host, ...headers } })
const ask = (domain: string) => call('GET', `/common/domains/verified?domain=${encodeURIComponent(domain)}`)
const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

describe('a custom domain', () => {
  let id: number
  let token: string

  test('connected: waiting, with the TXT and CNAME records to add; the job finds nothing: error with the reason and the time', async () => {
    const made = await call('POST', '/cabinet/domains', seller.accessToken, { domain: 'Shop.Example.com' })
    expect(made.statusCode, made.body).toBe(201)
    const domain = made.json().domain
    expect(domain).toMatchObject({
      domain: 'shop.example.com', state: 'waiting', check_error: null, checked_at: null,
      records: { txt: { type: 'TXT', name: '_sellfront.shop.example.com' }, cname: { type: 'CNAME', name: 'shop.example.com', value: platform } },
    })
    id = domain.id
    token = domain.records.txt.value
    expect(token).toMatch(/^sellfront-verify-[0-9a-f]{32}$/)
    await t.deps.jobs.drain()
    const read = (await call('GET', `/cabinet/domains/${id}`, seller.accessToken)).json().domain
    expect(read.state).toBe('error')
    expect(read.check_error).toContain('No TXT record _sellfront.shop.example.com')
    expect(read.checked_at).not.toBeNull()
    expect(dns.questions).toContain('TXT _sellfront.shop.example.com')
    expect((await ask('shop.example.com')).statusCode).toBe(404)
  })

  test('a wrong TXT value is named as such; the right one makes it active on "Check now"', async () => {
    dns.txt.set('_sellfront.shop.example.com', ['something-else'])
    const wrong = (await call('POST', `/cabinet/domains/${id}/check`, seller.accessToken)).json().domain
    expect(wrong).toMatchObject({ state: 'error', check_error: expect.stringContaining('does not hold the token') })
    dns.txt.set('_sellfront.shop.example.com', ['something-else', token])
    const checked = await call('POST', `/cabinet/domains/${id}/check`, seller.accessToken)
    expect(checked.statusCode, checked.body).toBe(200)
    expect(checked.json().domain).toMatchObject({ state: 'active', check_error: null, verified_at: expect.any(String) })
  })

  test('the ask endpoint says yes for the verified host only', async () => {
    const yes = await ask('SHOP.example.com')
    expect(yes.statusCode).toBe(200)
    expect(yes.json()).toEqual({ domain: 'shop.example.com', kind: 'domain' })
    expect((await ask('other.example.com')).statusCode).toBe(404)
    expect((await ask('not a host')).statusCode).toBe(404)
  })

  test('another seller cannot connect the verified host (409); a host of the platform is refused (422)', async () => {
    const taken = await call('POST', '/cabinet/domains', other.accessToken, { domain: 'shop.example.com' })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().error.message).toContain('verified by another seller')
    for (const domain of [platform, `www.${platform}`, suffix, `x.${suffix}`]) {
      const refused = await call('POST', '/cabinet/domains', other.accessToken, { domain })
      expect(refused.statusCode, domain).toBe(422)
    }
    const invalid = await call('POST', '/cabinet/domains', other.accessToken, { domain: 'localhost' })
    expect(invalid.statusCode).toBe(422)
    expect((await call('POST', '/cabinet/domains', other.accessToken, { domain: 'https://x.example.com/' })).statusCode).toBe(400)
  })

  test('an IDN is kept as punycode and verified by a CNAME to the platform host', async () => {
    const made = await call('POST', '/cabinet/domains', other.accessToken, { domain: 'bücher.example' })
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json().domain).toMatchObject({ domain: 'xn--bcher-kva.example', display_domain: 'bücher.example' })
    dns.cname.set('xn--bcher-kva.example', `${platform}.`)
    await t.deps.jobs.drain()
    const list = (await call('GET', '/cabinet/domains', other.accessToken)).json()
    expect(list.domains[0]).toMatchObject({ domain: 'xn--bcher-kva.example', state: 'active' })
    expect(list.settings).toEqual({ subdomain_suffix: suffix, platform_host: platform, ttl_options: [300, 3600, 86400, 604800] })
  })

  test('the host serves the seller\'s shop at / and the product pages under it; the rest of the API stays on the platform host', async () => {
    const shop = await onHost('shop.example.com', '/')
    const direct = await t.request({ method: 'GET', url: `/s/${seller.username}` })
    expect(shop.statusCode).toBe(direct.statusCode)
    const product = await onHost('shop.example.com', `/${slug}`)
    expect(product.statusCode).toBe((await t.request({ method: 'GET', url: `/s/${seller.username}/${slug}` })).statusCode)
    if (direct.statusCode === 200) {
      expect(shop.body).toContain('Hosted ebook')
      expect(product.body).toContain('Hosted ebook')
    }
    expect((await onHost('shop.example.com', `/no-such-product-${slug}`)).statusCode).toBe(404)
    expect((await onHost('shop.example.com', '/api/v1/cabinet/domains', { authorization: `Bearer ${seller.accessToken}` })).statusCode).toBe(404)
    expect((await onHost('shop.example.com', '/healthz')).statusCode).toBe(200)
    // An unknown host is the platform's as before.
    expect((await onHost('unknown.example.net', '/healthz')).statusCode).toBe(200)
  })

  test('an HTTPS request on the host (the proxy holds a certificate) makes it active_with_ssl', async () => {
    await onHost('shop.example.com', '/healthz', { 'x-forwarded-proto': 'https' })
    await expect.poll(async () => (await call('GET', `/cabinet/domains/${id}`, seller.accessToken)).json().domain.state).toBe('active_with_ssl')
  })

  test('the periodic check: a record gone moves the domain to error, the shop is no longer served there', async () => {
    dns.txt.delete('_sellfront.shop.example.com')
    await sql("update seller_domains set checked_at = now() - interval '2 days' where id = $1", [id])
    expect(await checkDueDomains(t.deps)).toBeGreaterThanOrEqual(1)
    const read = (await call('GET', `/cabinet/domains/${id}`, seller.accessToken)).json().domain
    expect(read).toMatchObject({ state: 'error', check_error: expect.stringContaining('No TXT record') })
    expect((await ask('shop.example.com')).statusCode).toBe(404)
    expect((await onHost('shop.example.com', '/')).statusCode).toBe(404)
    // checked just now: not due again
    expect(await sql('select id from seller_domains where id = $1 and checked_at > now() - interval \'1 minute\'', [id])).toHaveLength(1)
  })

  test('deleted: gone from the list', async () => {
    expect((await call('DELETE', `/cabinet/domains/${id}`, seller.accessToken)).statusCode).toBe(204)
    expect((await call('GET', `/cabinet/domains/${id}`, seller.accessToken)).statusCode).toBe(404)
    expect((await call('GET', `/cabinet/domains/${id}`, other.accessToken)).statusCode).toBe(404)
  })
})

describe('a platform subdomain', () => {
  test('claimed (waiting), published by the job (submitted), served, asked for; the name is the seller\'s alone; released (deleted)', async () => {
    const made = await call('POST', '/cabinet/domains/subdomain', seller.accessToken, { name: 'my-shop', ttl: 86400 })
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json().subdomain).toMatchObject({ name: 'my-shop', host: `my-shop.${suffix}`, state: 'waiting', ttl: 86400 })
    expect((await ask(`my-shop.${suffix}`)).statusCode).toBe(404)
    await t.deps.jobs.drain()
    expect((await call('GET', '/cabinet/domains', seller.accessToken)).json().subdomain).toMatchObject({ state: 'submitted' })
    expect((await ask(`my-shop.${suffix}`)).json()).toEqual({ domain: `my-shop.${suffix}`, kind: 'subdomain' })
    expect((await onHost(`my-shop.${suffix}`, `/${slug}`)).statusCode).toBe((await t.request({ method: 'GET', url: `/s/${seller.username}/${slug}` })).statusCode)

    expect((await call('POST', '/cabinet/domains/subdomain', other.accessToken, { name: 'my-shop' })).statusCode).toBe(409)
    expect((await call('POST', '/cabinet/domains/subdomain', seller.accessToken, { name: 'second' })).statusCode).toBe(409)
    expect((await call('POST', '/cabinet/domains/subdomain', other.accessToken, { name: 'www' })).statusCode).toBe(422)
    expect((await call('POST', '/cabinet/domains/subdomain', other.accessToken, { name: 'x', ttl: 60 })).statusCode).toBe(400)

    const released = await call('DELETE', '/cabinet/domains/subdomain', seller.accessToken)
    expect(released.json().subdomain.state).toBe('deleted')
    expect((await ask(`my-shop.${suffix}`)).statusCode).toBe(404)
    expect((await call('POST', '/cabinet/domains/subdomain', other.accessToken, { name: 'my-shop' })).statusCode).toBe(201)
  })
})

describe('the cookie frame /api/hsm', () => {
  test('for a served host: a tiny page with a hashed script, framed by that origin alone, not stored', async () => {
    const res = await t.request({ method: 'GET', url: '/api/hsm?origin=https%3A%2F%2Fxn--bcher-kva.example' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toMatch(/^default-src 'none'; script-src 'sha256-[A-Za-z0-9+/=]+'; frame-ancestors https:\/\/xn--bcher-kva\.example; base-uri 'none'; form-action 'none'$/)
    expect(res.headers['x-frame-options']).toBeUndefined()
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.body).toContain('e.origin!==o')
    expect(res.body).not.toMatch(/token|authorization/i)
  })

  test('served on the seller\'s host for the platform\'s origin; any other origin gets a page nobody may frame', async () => {
    const onSeller = await onHost('xn--bcher-kva.example', `/api/hsm?origin=https%3A%2F%2F${platform}`)
    expect(onSeller.statusCode).toBe(200)
    expect(onSeller.headers['content-security-policy']).toContain(`frame-ancestors https://${platform};`)
    for (const origin of ['https://evil.example', 'http://xn--bcher-kva.example', 'https://xn--bcher-kva.example/path', 'javascript:alert(1)']) {
      const refused = await t.request({ method: 'GET', url: `/api/hsm?origin=${encodeURIComponent(origin)}` })
      expect(refused.statusCode, origin).toBe(404)
      expect(refused.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
    }
  })
})

describe('the URL on a seller\'s host', () => {
  test.each([
    ['/', '/s/anna'],
    ['/?a=1', '/s/anna?a=1'],
    ['/ebook', '/s/anna/ebook'],
    ['/ebook?plan=2', '/s/anna/ebook?plan=2'],
    ['/s/anna/ebook', '/s/anna/ebook'],
    ['/payment/abc', '/s/anna/payment/abc'],
    ['/storefront/assets/x.js', '/storefront/assets/x.js'],
    ['/api/v1/shop/orders', '/api/v1/shop/orders'],
    ['/api/hsm?origin=x', '/api/hsm?origin=x'],
    ['/api/v1/cabinet/products', '/api/not-on-this-host'],
    ['/cabinet', '/s/anna/cabinet'],
  ])('%s is routed as %s', (url, routed) => {
    expect(sellerHostUrl(url, 'anna')).toBe(routed)
  })
})
