import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller } from '../../../../tests/factories/catalog'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { importStatement, sameAccount } from './bank-transfers.service'

const camt = readFileSync(new URL('./fixtures/statement.camt053.xml', import.meta.url), 'utf8')

let t: TestApp
let sellerId: number
beforeAll(async () => {
  t = await createTestApp()
  const seller = await createSeller(t)
  sellerId = seller.sellerId
  // The fixture's account, DE89370400440532013000, is the seller's bank wire account.
  const wire = { account_holder: 'Erika Mustermann', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', bank_name: 'Commerzbank' }
  const saved = await t.request({ method: 'PUT', url: '/api/v1/cabinet/payment_providers/bank_wire', token: seller.accessToken, payload: wire })
  expect(saved.statusCode, saved.body).toBe(200)
})
afterAll(async () => { await t.close() })

describe('importing a bank statement', () => {
  test('transfers naming no open bank wire payment stay unmatched; a second import changes nothing', async () => {
    const first = await importStatement(t.deps, camt, { sellerId, uploadedBy: null })
    expect(first.created).toBe(true)
    expect(first.lines.map((l) => [l.state, l.decision])).toEqual(Array.from({ length: 5 }, () => ['unmatched', 'unmatched']))
    const again = await importStatement(t.deps, camt, { sellerId, uploadedBy: null })
    expect(again).toMatchObject({ statementId: first.statementId, created: false })
    expect(again.lines.every((l) => l.decision === 'already_imported')).toBe(true)
    const { rows } = await t.deps.database.executeSql('select state, unmatched_reason, order_id from bank_transfer_lines order by id', [])
    expect(rows).toHaveLength(5)
    expect(rows.every((r: any) => r.state === 'unmatched' && r.order_id === null)).toBe(true)
    expect(rows.map((r: any) => r.unmatched_reason)).toEqual(['unknown_reference', 'unknown_reference', 'unknown_reference', 'no_reference', 'no_reference'])
  })
})

describe('the statement\'s account', () => {
  test('is the seller\'s IBAN, or the German bank code and account number it is made of', () => {
    expect(sameAccount('DE89370400440532013000', 'DE89 3704 0044 0532 0130 00')).toBe(true)
    expect(sameAccount('37040044/0532013000', 'DE89370400440532013000')).toBe(true)
    expect(sameAccount('37040044/532013000', 'DE89370400440532013000')).toBe(true)
    expect(sameAccount('37040044/0532013001', 'DE89370400440532013000')).toBe(false)
    expect(sameAccount('FR1420041010050500013M02606', 'DE89370400440532013000')).toBe(false)
  })
})
