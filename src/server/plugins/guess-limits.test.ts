import { randomInt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct, createSeller, type TestSeller } from '../../../tests/factories/catalog'
import { signUpUser } from '../../../tests/factories/users'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app'
import { AppError } from '../../shared/errors'
import { systemContext } from '../context'
import { checkCouponCode } from '../modules/coupons/apply-coupon.service'

// docs/decisions/0040-guess-limits.md: the guess limits (coupon codes, product access passwords, sign-in) count
// wrong guesses only, and a right guess never clears them: whoever knows one right answer (a shop's public
// coupon code, their own password) cannot mix it in to guess on without end. The scenario tried as a new
// user would: 9 wrong guesses, then the known right one, five rounds over; the 429 must come. In memory, with
// Redis down, and with the counters in Redis (where REDIS_URL is set, as in CI: redis://127.0.0.1:6379).

// Redis keeps counts across runs, so every run guesses from its own addresses.
const net = `10.${randomInt(256)}.${randomInt(256)}`
let hosts = 0
const freshIp = () => `${net}.${++hosts}`

async function outcome(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => null, (e: unknown) => e)
  if (error === null) return 'ok'
  if (!(error instanceof AppError)) throw error
  return error.type
}

/** Rounds of 9 wrong guesses and 1 right one; answers what each attempt got, in order. */
async function rounds(wrong: (i: number) => Promise<string>, right: () => Promise<string>, count = 5): Promise<string[]> {
  const seen: string[] = []
  for (let round = 0; round < count; round++) {
    for (let i = 0; i < 9; i++) seen.push(await wrong(round * 9 + i))
    seen.push(await right())
  }
  return seen
}

// With Redis down (port 9 is closed) the counters fall back to the process's memory and the limits still hold
// (docs/decisions/0082-redis-down.md).
const stores: [string, Record<string, string>][] = [['in memory', {}], ['with Redis down', { REDIS_URL: 'redis://127.0.0.1:9' }]]
if (process.env.REDIS_URL) stores.push(['in Redis', { REDIS_URL: process.env.REDIS_URL }])

describe.each(stores)('guess limits %s: a right guess does not clear the wrong ones', (_store, env) => {
  let t: TestApp
  let seller: TestSeller
  let productId: number
  beforeAll(async () => {
    t = await createTestApp(env)
    seller = await createSeller(t)
    const product = await createProduct(t, seller.accessToken, { slug: 'vault', access_password: 'open-sesame' })
    productId = product.id
    const published = await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/publish`, token: seller.accessToken })
    if (published.statusCode !== 200) throw new Error(published.body)
    const coupon = await t.request({ method: 'POST', url: '/api/v1/cabinet/coupons', token: seller.accessToken, payload: { code: 'PUBLIC10', discount_type: 'percents', value: 10 } })
    if (coupon.statusCode !== 201) throw new Error(coupon.body)
  })
  afterAll(async () => { await t.close() })

  test('coupon codes: the 11th wrong code of an IP at a shop answers 429, known public code or not', async () => {
    const ip = freshIp()
    const check = (code: string) => outcome(checkCouponCode(systemContext(t.deps, { ip }), { sellerId: seller.sellerId, productId, code }))
    const seen = await rounds((i) => check(`GUESS${i}`), () => check('PUBLIC10'))
    expect(seen.slice(0, 10)).toEqual([...Array(9).fill('coupon_invalid'), 'ok'])
    expect(seen.slice(10, 11)).toEqual(['coupon_invalid']) // the 10th wrong code: still a plain refusal
    expect(seen.slice(11)).toEqual(Array(39).fill('MS_MAX_CONCURRENT_REQ')) // from the 11th on, the right code too
    // Another IP at the same shop is not limited by those guesses.
    expect(await outcome(checkCouponCode(systemContext(t.deps, { ip: freshIp() }), { sellerId: seller.sellerId, productId, code: 'PUBLIC10' }))).toBe('ok')
  })

  test('product passwords: the 11th wrong password of an IP for a product answers 429', async () => {
    const ip = freshIp()
    const open = async (password: string) => {
      const res = await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products/vault?password=${password}`, remoteAddress: ip })
      return res.statusCode === 200 ? 'ok' : res.json().error.type as string
    }
    const seen = await rounds((i) => open(`guess-${i}`), () => open('open-sesame'))
    expect(seen.slice(0, 11)).toEqual([...Array(9).fill('password_required'), 'ok', 'password_required'])
    expect(seen.slice(11)).toEqual(Array(39).fill('MS_MAX_CONCURRENT_REQ'))
  })

  test('sign-in: the 11th wrong password for an email answers 429, even to its owner signing in between', async () => {
    const user = await signUpUser(t)
    const signIn = async (password: string) => {
      const res = await t.request({ method: 'POST', url: '/api/v1/app/session', remoteAddress: freshIp(), payload: { email: user.email, password, fingerprint: 'fp-12345678' } })
      return res.statusCode === 201 || res.statusCode === 200 ? 'ok' : res.json().error.type as string
    }
    const seen = await rounds((i) => signIn(`Wrong-pass${i}!`), () => signIn(user.password))
    expect(seen.slice(0, 11)).toEqual([...Array(9).fill('invalid_credentials'), 'ok', 'invalid_credentials'])
    expect(seen.slice(11)).toEqual(Array(39).fill('MS_MAX_CONCURRENT_REQ'))
  })
})
