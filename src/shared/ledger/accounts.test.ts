import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import {
  accountKey, InvalidAccountKeyError, isAccountKey, parseAccountKey, platformAccounts, publisherBalance, sellerBalance,
  type PlatformAccount,
} from './accounts'

describe('ledger accounts', () => {
  test('the platform accounts are the nine of the design, less the two per-owner balances', () => {
    expect(Object.keys(platformAccounts).sort()).toEqual([
      'chargebacks', 'payer_clearing', 'payout_clearing', 'platform_revenue', 'provider_fees', 'refunds_clearing', 'vat_payable',
    ])
  })
  test('a seller balance key carries the seller id: seller_balance:42', () => {
    expect(sellerBalance(42)).toBe('seller_balance:42')
    expect(accountKey({ kind: 'seller_balance', sellerId: 42 })).toBe('seller_balance:42')
    expect(parseAccountKey('seller_balance:42')).toEqual({ kind: 'seller_balance', owner: 'seller', sellerId: '42' })
  })
  test('a publisher balance key carries the publisher id: publisher_balance:7', () => {
    expect(publisherBalance('7')).toBe('publisher_balance:7')
    expect(parseAccountKey('publisher_balance:7')).toEqual({ kind: 'publisher_balance', owner: 'publisher', publisherId: '7' })
  })
  test('each platform account parses to itself with its owner', () => {
    for (const kind of Object.keys(platformAccounts) as PlatformAccount[]) {
      expect(accountKey({ kind })).toBe(kind)
      expect(parseAccountKey(kind)).toEqual({ kind, owner: platformAccounts[kind] })
    }
    expect(parseAccountKey('vat_payable').owner).toBe('tax_authority')
  })
  test.each(['', 'seller_balance', 'seller_balance:', 'seller_balance:a b', 'seller_balance:1:2', 'payer_clearing:1', 'toString', '__proto__', 'cash'])(
    '%j is not an account key', (key) => {
      expect(() => parseAccountKey(key)).toThrow(InvalidAccountKeyError)
      expect(isAccountKey(key)).toBe(false)
    },
  )
  test('ids that could not be read back are refused when building a key', () => {
    expect(() => sellerBalance(-1)).toThrow(RangeError)
    expect(() => sellerBalance(1.5)).toThrow(RangeError)
    expect(() => sellerBalance('a:b')).toThrow(RangeError)
    expect(() => publisherBalance('')).toThrow(RangeError)
  })
  test('build then parse round-trips every valid id', () => {
    fc.assert(fc.property(fc.oneof(fc.nat(), fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/)), (id) => {
      expect(parseAccountKey(sellerBalance(id))).toEqual({ kind: 'seller_balance', owner: 'seller', sellerId: String(id) })
      expect(parseAccountKey(publisherBalance(id))).toEqual({ kind: 'publisher_balance', owner: 'publisher', publisherId: String(id) })
    }))
  })
})
