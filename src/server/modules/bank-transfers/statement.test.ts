import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { AppError } from '../../../shared/errors'
import { bankWireReference } from '../../payments/providers/bank-wire'
import { decide, type WirePayment } from './match'
import { minorUnitsOf, parseCamt053, parseMt940, parseStatement } from './statement'

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

describe('an MT940 statement', () => {
  // A German bank's MT940: tag 86 structured (?20.. the purpose, a reference split over two lines; ?32 the
  // payer's name; ?31 their account), one debit, and a credit without a bank reference.
  const exact = payments[0]!.reference
  const mt940 = [
    ':20:STARTUMS', ':25:37040044/0532013000', ':28C:00001/001', ':60F:C261127EUR1000,00',
    ':61:2611281128C120,00NTRFNONREF//BANK-0001', `:86:166?00GUTSCHRIFT?20Bestellung ${exact.slice(0, 8)}?21${exact.slice(8)}?31FR1420041010050500013M02606?32Anna Payer`,
    ':61:2611281128D10,00NTRFNONREF//BANK-0002', ':86:105?00LASTSCHRIFT?20Miete',
    ':61:2611281128C50,05NTRFNONREF', ':86:166?00GUTSCHRIFT?20ohne Referenz',
    ':62F:C261128EUR1160,05', '',
  ].join('\r\n')

  test('its credits are the lines: minor units, the purpose joined, payer, the bank reference or a hash', () => {
    const statement = parseMt940(mt940)
    expect(statement).toMatchObject({ format: 'mt940', statementId: 'STARTUMS/00001', accountIban: '37040044/0532013000' })
    expect(statement.lines.map((l) => [l.bankRef.startsWith('sha256:') ? 'hash' : l.bankRef, l.amount, l.currency, l.bookedOn])).toEqual([
      ['BANK-0001', 12_000, 'eur', '2026-11-28'], ['hash', 5_005, 'eur', '2026-11-28'],
    ])
    expect(statement.lines[0]).toMatchObject({ payerName: 'Anna Payer', payerIban: 'FR1420041010050500013M02606' })
    expect(decide(statement.lines[0]!, payments[0])).toEqual({ kind: 'exact', paymentId: 1, received: 12_000 })
    expect(decide(statement.lines[1]!, undefined)).toEqual({ kind: 'unmatched', reason: 'no_reference' })
    expect(parseMt940(mt940).lines[1]!.bankRef).toBe(statement.lines[1]!.bankRef)
  })

  test('either format is recognised; anything else is refused as an invalid upload', () => {
    expect(parseStatement(mt940).format).toBe('mt940')
    expect(parseStatement(camt).format).toBe('camt053')
    expect(() => parseStatement('name;amount\nx;1')).toThrow(AppError)
    expect(() => parseStatement(':20:X\n:25:Y\n')).toThrow(AppError)
  })
})
