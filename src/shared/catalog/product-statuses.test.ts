import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { productForms } from './product-forms'
import { productStatusKeys, publishStates, reviewStates } from './product-states'
import {
  canBeSoldViaShop, canSell, isPrivate, isSellBlocking, isSoldOut, productStatuses, remainingStock, sellBlockingStatuses,
  type ProductStatusInput, type SellerFlags,
} from './product-statuses'

/** A paid digital product of a regular seller that can sell, with overrides. */
const product = (more: Partial<ProductStatusInput> = {}): ProductStatusInput => ({
  form: 'digital', free: false, publishState: 'published', archived: false, accessPassword: null, limit: null, soldCount: 0,
  reservedCount: 0, pricingPlansCount: 1, anyPaymentMethodActive: true, hasDigitals: false, productAddonsCount: 0,
  activeTicketsCount: 0, reviewState: 'not_for_review', valid: true, ...more,
})
const seller = (more: Partial<SellerFlags> = {}): SellerFlags => ({ canSell: true, powerSeller: false, paymentAccountDone: true, ...more })

describe('productStatuses (docs/reference/catalogue-and-selling.md §8)', () => {
  test('a complete, published product of a seller who can sell has no status and can sell', () => {
    expect(productStatuses(product(), seller())).toEqual([])
    expect(canSell(product(), seller())).toBe(true)
  })
  test('no active payment method: not free and none active', () => {
    expect(productStatuses(product({ anyPaymentMethodActive: false }), seller())).toEqual(['no_active_pay_method'])
  })
  test('no active payment method: not free and the payment account not done', () => {
    expect(productStatuses(product(), seller({ paymentAccountDone: false }))).toEqual(['no_active_pay_method'])
  })
  test('a free product needs no payment method', () => {
    expect(productStatuses(product({ free: true, anyPaymentMethodActive: false }), seller({ paymentAccountDone: false }))).toEqual([])
  })
  test('no pricing plans', () => expect(productStatuses(product({ pricingPlansCount: 0 }), seller())).toEqual(['no_pricing_plans']))
  test('limit reached when sold + reserved is at least the limit (docs/reference/readings.md 4)', () => {
    expect(productStatuses(product({ limit: 10, soldCount: 9, reservedCount: 0 }), seller())).toEqual([])
    expect(productStatuses(product({ limit: 10, soldCount: 9, reservedCount: 1 }), seller())).toEqual(['limit_reached'])
    expect(productStatuses(product({ limit: 10, soldCount: 10 }), seller())).toEqual(['limit_reached'])
    expect(productStatuses(product({ limit: 10, soldCount: 0, reservedCount: 10 }), seller())).toEqual(['limit_reached'])
    expect(productStatuses(product({ limit: null, soldCount: 1e9 }), seller())).toEqual([])
  })
  test('not active when unpublished, in any publish state but published', () => {
    for (const state of publishStates) {
      expect(productStatuses(product({ publishState: state }), seller()).includes('not_active')).toBe(state !== 'published')
    }
  })
  test('published may be given as a flag instead of a state; the state wins', () => {
    expect(productStatuses(product({ publishState: undefined, published: false }), seller())).toEqual(['not_active'])
    expect(productStatuses(product({ publishState: undefined, published: true }), seller())).toEqual([])
    expect(productStatuses(product({ publishState: 'unpublished', published: true }), seller())).toEqual(['not_active'])
  })
  test('no active events: event tickets with zero active tickets', () => {
    expect(productStatuses(product({ form: 'eventTickets', activeTicketsCount: 0 }), seller())).toEqual(['no_active_events'])
    expect(productStatuses(product({ form: 'eventTickets', activeTicketsCount: 1 }), seller())).toEqual([])
    expect(productStatuses(product({ form: 'course', activeTicketsCount: 0 }), seller())).toEqual([])
  })
  test('no digitals: a download without files', () => {
    expect(productStatuses(product({ form: 'download', hasDigitals: false }), seller())).toEqual(['no_digitals'])
    expect(productStatuses(product({ form: 'download', hasDigitals: true }), seller())).toEqual([])
    expect(productStatuses(product({ form: 'course', hasDigitals: false }), seller())).toEqual([])
  })
  test('no products: a bundle or a membership without add-ons', () => {
    expect(productStatuses(product({ form: 'bundle' }), seller())).toEqual(['no_products'])
    expect(productStatuses(product({ form: 'membership' }), seller())).toEqual(['no_products'])
    expect(productStatuses(product({ form: 'bundle', productAddonsCount: 2 }), seller())).toEqual([])
    expect(productStatuses(product({ form: 'licenseKey' }), seller())).toEqual([])
  })
  test('finish registration: the seller cannot sell and the product is not free', () => {
    expect(productStatuses(product(), seller({ canSell: false }))).toEqual(['finish_registration'])
    expect(productStatuses(product({ free: true }), seller({ canSell: false }))).toEqual([])
  })
  test('archived', () => expect(productStatuses(product({ archived: true }), seller())).toEqual(['is_archived']))
  test('has an access password; an empty password is none', () => {
    expect(productStatuses(product({ accessPassword: 'secret' }), seller())).toEqual(['has_access_password'])
    expect(productStatuses(product({ accessPassword: '' }), seller())).toEqual([])
  })
})

describe('review messages are for power sellers only (docs/reference/catalogue-and-selling.md §4 and §8, docs/reference/readings.md 23)', () => {
  const power = seller({ powerSeller: true })
  test('rejected, on review, not reviewed from the review state', () => {
    expect(productStatuses(product({ reviewState: 'rejected' }), power)).toEqual(['rejected'])
    expect(productStatuses(product({ reviewState: 'in_review' }), power)).toEqual(['on_review'])
    expect(productStatuses(product({ reviewState: 'not_for_review' }), power)).toEqual(['not_reviewed'])
    expect(productStatuses(product({ reviewState: 'reviewed' }), power)).toEqual([])
  })
  test('a free product needs no review', () => {
    expect(productStatuses(product({ free: true, reviewState: 'free_without_fee' }), power)).toEqual([])
    expect(productStatuses(product({ free: true, reviewState: 'not_for_review' }), power)).toEqual([])
  })
  test('not valid', () => expect(productStatuses(product({ reviewState: 'reviewed', valid: false }), power)).toEqual(['not_valid']))
  test('a regular seller sees none of them, whatever the review state', () => {
    for (const reviewState of reviewStates) {
      expect(productStatuses(product({ reviewState, valid: false }), seller())).toEqual([])
    }
  })
})

describe('statuses together', () => {
  test('every reason is listed at once, in the spec\'s order', () => {
    const everything = product({
      form: 'download', anyPaymentMethodActive: false, pricingPlansCount: 0, limit: 0, publishState: 'in_review', archived: true,
      accessPassword: 'pw', reviewState: 'in_review', valid: false,
    })
    expect(productStatuses(everything, seller({ canSell: false, powerSeller: true }))).toEqual([
      'not_valid', 'no_active_pay_method', 'no_pricing_plans', 'limit_reached', 'on_review', 'not_active', 'no_digitals',
      'finish_registration', 'is_archived', 'has_access_password',
    ])
  })
  const inputs = fc.record({
    form: fc.constantFrom(...productForms), free: fc.boolean(), publishState: fc.constantFrom(...publishStates), archived: fc.boolean(),
    accessPassword: fc.constantFrom(null, '', 'pw'), hiddenInShop: fc.boolean(), limit: fc.option(fc.nat(5)), soldCount: fc.nat(5),
    reservedCount: fc.nat(5), pricingPlansCount: fc.nat(2), anyPaymentMethodActive: fc.boolean(), hasDigitals: fc.boolean(),
    productAddonsCount: fc.nat(2), activeTicketsCount: fc.nat(2), reviewState: fc.constantFrom(...reviewStates), valid: fc.boolean(),
  })
  const sellers = fc.record({ canSell: fc.boolean(), powerSeller: fc.boolean(), paymentAccountDone: fc.boolean() })
  test('property: the statuses are distinct, known and in the spec\'s order', () => {
    fc.assert(fc.property(inputs, sellers, (p, s) => {
      const statuses = productStatuses(p, s)
      const positions = statuses.map((status) => productStatusKeys.indexOf(status))
      expect(positions.every((position) => position >= 0)).toBe(true)
      expect([...positions].sort((a, b) => a - b)).toEqual(positions)
      expect(new Set(statuses).size).toBe(statuses.length)
    }))
  })
  test('property: a product can sell exactly when no status blocks it', () => {
    fc.assert(fc.property(inputs, sellers, (p, s) => {
      expect(canSell(p, s)).toBe(productStatuses(p, s).filter(isSellBlocking).length === 0)
    }))
  })
  test('property: sold out never sells; a seller who cannot sell sells only free products', () => {
    fc.assert(fc.property(inputs, sellers, (p, s) => {
      if (isSoldOut(p)) expect(canSell(p, s)).toBe(false)
      if (!s.canSell && !p.free) expect(canSell(p, s)).toBe(false)
    }))
  })
})

describe('what blocks a sale', () => {
  test('every status but has_access_password blocks (docs/reference/readings.md 11: a password only hides it from the shop)', () => {
    expect(productStatusKeys.filter((status) => !isSellBlocking(status))).toEqual(['has_access_password'])
    expect(sellBlockingStatuses).toHaveLength(productStatusKeys.length - 1)
  })
  test('a password-protected product can sell but not via the shop', () => {
    const p = product({ accessPassword: 'pw' })
    expect(canSell(p, seller())).toBe(true)
    expect(canBeSoldViaShop(p, seller())).toBe(false)
  })
})

describe('canBeSoldViaShop (docs/reference/catalogue-and-selling.md §4)', () => {
  test('a listed product that can sell, of a seller who can sell', () => expect(canBeSoldViaShop(product(), seller())).toBe(true))
  test('a free product can be sold via the shop even if the seller cannot sell', () => {
    expect(canBeSoldViaShop(product({ free: true }), seller({ canSell: false, paymentAccountDone: false }))).toBe(true)
  })
  test('a paid product of a seller who cannot sell cannot', () => expect(canBeSoldViaShop(product(), seller({ canSell: false }))).toBe(false))
  test('a product hidden from the shop cannot (it is private, docs/reference/readings.md 11)', () => {
    expect(canBeSoldViaShop(product({ hiddenInShop: true }), seller())).toBe(false)
    expect(isPrivate(product({ hiddenInShop: true }))).toBe(true)
    expect(isPrivate(product({ accessPassword: 'pw' }))).toBe(true)
    expect(isPrivate(product())).toBe(false)
  })
  test('a product that cannot sell cannot be sold via the shop', () => {
    expect(canBeSoldViaShop(product({ archived: true }), seller())).toBe(false)
    expect(canBeSoldViaShop(product({ publishState: 'unpublished' }), seller())).toBe(false)
  })
})

describe('isSoldOut and remainingStock', () => {
  test('sold + reserved >= limit is sold out; no limit is never sold out; a limit of 0 is sold out', () => {
    expect(isSoldOut({ limit: 3, soldCount: 1, reservedCount: 1 })).toBe(false)
    expect(isSoldOut({ limit: 3, soldCount: 1, reservedCount: 2 })).toBe(true)
    expect(isSoldOut({ limit: undefined, soldCount: 1, reservedCount: 2 })).toBe(false)
    expect(isSoldOut({ limit: 0, soldCount: 0, reservedCount: 0 })).toBe(true)
  })
  test('what is left, never below 0; null without a limit', () => {
    expect(remainingStock({ limit: 10, soldCount: 3, reservedCount: 2 })).toBe(5)
    expect(remainingStock({ limit: 10, soldCount: 9, reservedCount: 4 })).toBe(0)
    expect(remainingStock({ limit: null, soldCount: 9, reservedCount: 4 })).toBeNull()
  })
})
