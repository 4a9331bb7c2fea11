import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct, createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

// docs/QUALITY.md "abuse": a product page's access password cannot be guessed at speed. Wrong guesses are counted
// per IP and product in the shared CounterStore (RATE_LIMIT_PRODUCT_PASSWORD_FAILURES in
// RATE_LIMIT_PRODUCT_PASSWORD_WINDOW_SECONDS, default 10 in 15 minutes).

async function protectedProducts(t: TestApp, seller: TestSeller, slugs: string[]) {
  for (const slug of slugs) {
    const product = await createProduct(t, seller.accessToken, { slug, access_password: 'open-sesame' })
    const res = await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/publish`, token: seller.accessToken })
    if (res.statusCode !== 200) throw new Error(res.body)
  }
}

const page = (t: TestApp, seller: TestSeller, slug: string, password?: string, ip = '203.0.113.7') => t.request({
  method: 'GET', url: `/api/v1/shop/${seller.username}/products/${slug}${password === undefined ? '' : `?password=${encodeURIComponent(password)}`}`,
  remoteAddress: ip,
})

describe('access-password guesses (defaults: 10 wrong guesses per IP and product in 15 minutes)', () => {
  let t: TestApp
  let seller: TestSeller
  beforeAll(async () => {
    t = await createTestApp()
    seller = await createSeller(t)
    await protectedProducts(t, seller, ['vault', 'other-vault', 'cleared'])
  })
  afterAll(async () => { await t.close() })

  test('the 11th guess answers 429 MS_MAX_CONCURRENT_REQ with Retry-After, even with the right password', async () => {
    expect(t.deps.config.RATE_LIMIT_PRODUCT_PASSWORD_FAILURES).toBe(10)
    expect(t.deps.config.RATE_LIMIT_PRODUCT_PASSWORD_WINDOW_SECONDS).toBe(900)
    for (let i = 0; i < 10; i++) {
      const res = await page(t, seller, 'vault', `guess-${i}`)
      expect(res.statusCode).toBe(403)
      expect(res.json().error.type).toBe('password_required')
    }
    const limited = await page(t, seller, 'vault', 'open-sesame')
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error.type).toBe('MS_MAX_CONCURRENT_REQ')
    const retryAfter = Number(limited.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(800)
    expect(retryAfter).toBeLessThanOrEqual(900)
    expect(limited.body).not.toContain('open-sesame')
  })

  test('the limit is per IP and per product: another IP, or another product for the same IP, still opens', async () => {
    expect((await page(t, seller, 'vault', 'open-sesame', '198.51.100.9')).statusCode).toBe(200)
    expect((await page(t, seller, 'other-vault', 'open-sesame')).statusCode).toBe(200)
  })

  test('asking for the page without a password is not a guess: it answers 403 password_required', async () => {
    const res = await page(t, seller, 'vault')
    expect(res.statusCode).toBe(403)
    expect(res.json().error.type).toBe('password_required')
  })

  test('a right password does not clear the wrong guesses counted so far (docs/decisions/0040-guess-limits.md)', async () => {
    const ip = '192.0.2.44'
    for (let i = 0; i < 9; i++) expect((await page(t, seller, 'cleared', `nope-${i}`, ip)).statusCode).toBe(403)
    expect((await page(t, seller, 'cleared', 'open-sesame', ip)).statusCode).toBe(200)
    expect((await page(t, seller, 'cleared', 'again', ip)).statusCode).toBe(403)
    expect((await page(t, seller, 'cleared', 'open-sesame', ip)).statusCode).toBe(429)
  })

  test('concurrent guesses cannot slip past the limit: of 30 at once, at most 10 are checked', async () => {
    const ip = '192.0.2.99'
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => page(t, seller, 'other-vault', `burst-${i}`, ip)))
    expect(answers.filter((r) => r.statusCode === 403)).toHaveLength(10)
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(20)
  })
})

describe('access-password limit settings', () => {
  test('RATE_LIMIT_PRODUCT_PASSWORD_* set the count and the window; after the window guesses are allowed again', async () => {
    const t = await createTestApp({ RATE_LIMIT_PRODUCT_PASSWORD_FAILURES: '2', RATE_LIMIT_PRODUCT_PASSWORD_WINDOW_SECONDS: '1' })
    try {
      const seller = await createSeller(t)
      await protectedProducts(t, seller, ['short'])
      expect((await page(t, seller, 'short', 'a')).statusCode).toBe(403)
      expect((await page(t, seller, 'short', 'b')).statusCode).toBe(403)
      const limited = await page(t, seller, 'short', 'open-sesame')
      expect(limited.statusCode).toBe(429)
      expect(limited.headers['retry-after']).toBe('1')
      await new Promise((resolve) => setTimeout(resolve, 1100))
      expect((await page(t, seller, 'short', 'open-sesame')).statusCode).toBe(200)
    } finally {
      await t.close()
    }
  })

  test('RATE_LIMIT=off lets every guess through', async () => {
    const t = await createTestApp({ RATE_LIMIT: 'off', RATE_LIMIT_PRODUCT_PASSWORD_FAILURES: '1' })
    try {
      const seller = await createSeller(t)
      await protectedProducts(t, seller, ['open'])
      for (let i = 0; i < 5; i++) expect((await page(t, seller, 'open', `x-${i}`)).statusCode).toBe(403)
      expect((await page(t, seller, 'open', 'open-sesame')).statusCode).toBe(200)
    } finally {
      await t.close()
    }
  })
})
