import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { AppError } from '../../../shared/errors'
import { bankWireReference } from '../../payments/providers/bank-wire'
import { decide, type WirePayment } from './match'
import { minorUnitsOf, parseCamt053 } from './statement'

const camt = readFileSync(new URL('./fixtures/statement.camt053.xml', import.meta.url), 'utf8')

const payment = (id: number, token: string, amount: number, extra: Partial<WirePayment> = {}): WirePayment => ({
  id, reference: bankWireReference(token), amount, currency: 'eur', received: 0, state: 'waiting', ...extra,
})
const payments = [payment(1, 'pay_exact', 12_000), payment(2, 'pay_partial', 12_000), payment(3, 'pay_over', 12_000)]
const byReference = (remittance: string) => payments.find((p) => remittance.toUpperCase().replace(/[\s-]/g, '').includes(p.reference.replace(/-/g, '')))

describe('a camt.053 statement', () => {
  test('its booked credits are the lines, amounts in minor units, the bank reference kept (or a hash)', () => {
    const statement = parseCamt053(camt)
    expect(statement).toMatchObject({ format: 'camt053', statementId: 'STMT-2026-11-28', accountIban: 'DE89370400440532013000' })
    expect(statement.lines.map((l) => [l.bankRef.startsWith('sha256:') ? 'hash' : l.bankRef, l.amount, l.currency])).toEqual([
      ['BANK-0001', 12_000, 'eur'], ['BANK-0002', 5_000, 'eur'], ['BANK-0003', 15_000, 'eur'], ['BANK-0004', 12_000, 'eur'], ['hash', 7_550, 'eur'],
    ])
    expect(statement.lines[0]).toMatchObject({ payerName: 'Anna Payer', payerIban: 'FR1420041010050500013M02606', bookedOn: '2026-11-28' })
    expect(parseCamt053(camt).lines[4]?.bankRef).toBe(statement.lines[4]?.bankRef)
  })

  test('exact, partial, over and unknown payments', () => {
    const decisions = parseCamt053(camt).lines.map((line) => decide(line, byReference(line.remittance)))
    expect(decisions).toEqual([
      { kind: 'exact', paymentId: 1, received: 12_000 },
      { kind: 'partial', paymentId: 2, received: 5_000, missing: 7_000 },
      { kind: 'over', paymentId: 3, received: 15_000, overpaid: 3_000 },
      { kind: 'unmatched', reason: 'no_reference' },
      { kind: 'unmatched', reason: 'no_reference' },
    ])
  })

  test('a second transfer completes a partial payment; another currency or a closed payment is never paid', () => {
    const line = { amount: 7_000, currency: 'eur' as const, remittance: bankWireReference('pay_partial') }
    expect(decide(line, payment(2, 'pay_partial', 12_000, { received: 5_000, state: 'partially_paid' }))).toEqual({ kind: 'exact', paymentId: 2, received: 12_000 })
    expect(decide({ ...line, currency: 'usd' }, payment(2, 'pay_partial', 12_000))).toEqual({ kind: 'unmatched', reason: 'currency_mismatch' })
    expect(decide(line, payment(2, 'pay_partial', 12_000, { state: 'successful' }))).toEqual({ kind: 'unmatched', reason: 'payment_closed' })
    expect(decide(line, undefined)).toEqual({ kind: 'unmatched', reason: 'unknown_reference' })
    expect(decide({ ...line, remittance: `${line.remittance} ${bankWireReference('pay_exact')}` }, undefined)).toEqual({ kind: 'unmatched', reason: 'several_references' })
  })

  test('a file that is not a camt.053 statement, or an amount with too many decimals, is refused', () => {
    expect(() => parseCamt053('<Document><Other/></Document>')).toThrow(AppError)
    expect(() => minorUnitsOf('1.234', 'eur')).toThrow(AppError)
    expect(minorUnitsOf('1,5', 'eur')).toBe(150)
    expect(minorUnitsOf('1200', 'jpy')).toBe(1200)
  })
})
