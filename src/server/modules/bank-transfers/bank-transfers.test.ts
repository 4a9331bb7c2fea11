import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { importStatement } from './bank-transfers.service'

const camt = readFileSync(new URL('./fixtures/statement.camt053.xml', import.meta.url), 'utf8')

let t: TestApp
beforeAll(async () => { t = await createTestApp() })
afterAll(async () => { await t.close() })

describe('importing a bank statement', () => {
  test('transfers naming no open bank wire payment stay unmatched; a second import changes nothing', async () => {
    const first = await importStatement(t.deps, camt, null)
    expect(first.created).toBe(true)
    expect(first.lines.map((l) => [l.state, l.decision])).toEqual(Array.from({ length: 5 }, () => ['unmatched', 'unmatched']))
    const again = await importStatement(t.deps, camt, null)
    expect(again).toMatchObject({ statementId: first.statementId, created: false })
    expect(again.lines.every((l) => l.decision === 'already_imported')).toBe(true)
    const { rows } = await t.deps.database.executeSql('select state, unmatched_reason, order_id from bank_transfer_lines order by id', [])
    expect(rows).toHaveLength(5)
    expect(rows.every((r: any) => r.state === 'unmatched' && r.order_id === null)).toBe(true)
    expect(rows.map((r: any) => r.unmatched_reason)).toEqual(['unknown_reference', 'unknown_reference', 'unknown_reference', 'no_reference', 'no_reference'])
  })
})
