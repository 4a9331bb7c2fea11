import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct, createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { AppError } from '../../../shared/errors'
import { priceWithDiscount } from '../../../shared/pricing'
import { systemContext } from '../../context'
import { checkCouponCode } from './apply-coupon.service'

// The payer's coupon check, ready for the checkout issue (no public route yet), held at the service level:
// which codes are usable, and docs/QUALITY.md "abuse": wrong codes are limited per IP and shop
// (RATE_LIMIT_COUPON_FAILURES in RATE_LIMIT_COUPON_WINDOW_SECONDS, default 10 in 15 minutes).

let t: TestApp
let seller: TestSeller
let productId: number
let otherProductId: number
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  productId = (await createProduct(t, seller.accessToken)).id
  otherProductId = (await createProduct(t, seller.accessToken)).id
  const coupon = async (payload: Record<string, unknown>) => {
    const res = await t.request({ method: 'POST', url: '/api/v1/cabinet/coupons', token: seller.accessToken, payload })
    if (res.statusCode !== 201) throw new Error(res.body)
  }
  await coupon({ code: 'SPRING20', discount_type: 'percents', value: 20 })
  await coupon({ code: 'TENOFF', discount_type: 'currency', value: 1000, currency_id: 'eur', scope: 'single_product', product_ids: [productId] })
  await coupon({ code: 'PAUSED', discount_type: 'percents', value: 10, active: false })
  await coupon({ code: 'EXPIRED', discount_type: 'percents', value: 10, ends_at: new Date(Date.now() - 86_400_000).toISOString() })
  await coupon({ code: 'LATER', discount_type: 'percents', value: 10, starts_at: new Date(Date.now() + 86_400_000).toISOString() })
  await coupon({ code: 'USEDUP', discount_type: 'percents', value: 10, limit: 3 })
  await t.deps.database.executeSql("update coupons set orders_count = 3 where code = 'USEDUP'")
})
afterAll(async () => { await t.close() })

const check = (code: string, options: { ip?: string; product?: number; sellerId?: number; app?: TestApp } = {}) => {
  const app = options.app ?? t
  return checkCouponCode(systemContext(app.deps, { ip: options.ip ?? '203.0.113.1' }), { sellerId: options.sellerId ?? seller.sellerId, productId: options.product ?? productId, code })
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (e: unknown) => e)
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`)
  return error
}

describe('the coupon check', () => {
  test('a usable code (in any case) answers the coupon with its discount for priceWithDiscount', async () => {
    const spring = await check('spring20', { ip: '198.51.100.1' })
    expect(spring).toMatchObject({ code: 'SPRING20', discount: { active: true, valueForm: 'percents', value: 2000, ordersCount: 0, currencyId: null } })
    expect(priceWithDiscount(5000, spring.discount)).toBe(4000)
    const ten = await check('TENOFF', { ip: '198.51.100.1' })
    expect(ten.discount).toMatchObject({ valueForm: 'currency', value: 1000, currencyId: 'eur' })
  })

  test('inactive, expired, not yet valid, used up, out of scope and unknown codes answer 422 coupon_invalid alike', async () => {
    const cases: [string, number][] = [['PAUSED', productId], ['EXPIRED', productId], ['LATER', productId], ['USEDUP', productId], ['TENOFF', otherProductId], ['NOSUCHCODE', productId]]
    for (const [code, product] of cases) {
      const error = await failure(check(code, { ip: `198.51.100.${10 + cases.findIndex(([c]) => c === code)}`, product }))
      expect([code, error.type, error.status, error.message]).toEqual([code, 'coupon_invalid', 422, 'This coupon code is not valid'])
    }
  })
})

describe('coupon guessing is limited per IP and shop', () => {
  test('after 10 wrong codes the next check answers 429 MS_MAX_CONCURRENT_REQ with a retry time, even for a valid code', async () => {
    const ip = '203.0.113.50'
    for (let i = 0; i < 10; i++) expect((await failure(check(`GUESS${i}`, { ip }))).type).toBe('coupon_invalid')
    const limited = await failure(check('SPRING20', { ip }))
    expect(limited.type).toBe('MS_MAX_CONCURRENT_REQ')
    expect(limited.status).toBe(429)
    expect(limited.retryAfterSeconds).toBeGreaterThan(800)
    expect(limited.retryAfterSeconds).toBeLessThanOrEqual(900)
  })

  test('another IP, or the same IP at another shop, is not limited by those guesses', async () => {
    expect((await check('SPRING20', { ip: '203.0.113.51' })).code).toBe('SPRING20')
    const shop = await createSeller(t)
    const product = await createProduct(t, shop.accessToken)
    expect((await failure(check('SPRING20', { ip: '203.0.113.50', sellerId: shop.sellerId, product: product.id }))).type).toBe('coupon_invalid')
  })

  test('a usable code does not clear the wrong codes counted for that IP and shop (docs/decisions/0040-guess-limits.md)', async () => {
    const ip = '203.0.113.60'
    for (let i = 0; i < 9; i++) await failure(check(`MISS${i}`, { ip }))
    await check('SPRING20', { ip })
    expect((await failure(check('MISS9', { ip }))).type).toBe('coupon_invalid')
    expect((await failure(check('SPRING20', { ip }))).type).toBe('MS_MAX_CONCURRENT_REQ')
  })

  test('RATE_LIMIT_COUPON_FAILURES sets the count; RATE_LIMIT=off turns the limit off', async () => {
    const strict = await createTestApp({ RATE_LIMIT_COUPON_FAILURES: '1' })
    const open = await createTestApp({ RATE_LIMIT: 'off', RATE_LIMIT_COUPON_FAILURES: '1' })
    try {
      for (const app of [strict, open]) {
        const shop = await createSeller(app)
        const product = await createProduct(app, shop.accessToken)
        const at = { app, sellerId: shop.sellerId, product: product.id }
        expect((await failure(check('WRONG1', at))).type).toBe('coupon_invalid')
        expect((await failure(check('WRONG2', at))).type).toBe(app === strict ? 'MS_MAX_CONCURRENT_REQ' : 'coupon_invalid')
        expect((await failure(check('WRONG3', at))).type).toBe(app === strict ? 'MS_MAX_CONCURRENT_REQ' : 'coupon_invalid')
      }
    } finally {
      await strict.close()
      await open.close()
    }
  })
})
