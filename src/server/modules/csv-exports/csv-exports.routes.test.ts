import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { csvExportColumnsOf, csvExportListKinds } from '../../../shared/schemas/csv-exports'
import { sendDueExports } from './csv-exports.service'

// Scheduled CSV exports of every list kind (docs/decisions/0057-orders-area-remains.md): each kind mails its
// own list's CSV with the saved columns; a schedule without `list` is an orders export as before.

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
})
afterAll(async () => {
  await t.close()
})

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const save = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/v1/cabinet/csv_exports', token: seller.accessToken, payload })

describe('scheduled exports per list kind', () => {
  test('every kind is saved and mailed with its own CSV; columns pick and order; the kind\'s filters are checked', async () => {
    const email = 'lists@seller.test'
    const created = []
    for (const list of csvExportListKinds.filter((l) => l !== 'order_rates')) {
      const res = await save({ list, frequency: 'daily', email })
      expect(res.statusCode, res.body).toBe(201)
      expect(res.json()).toMatchObject({ list, columns: [] })
      created.push(res.json())
    }
    const rates = await save({ list: 'order_rates', frequency: 'daily', email, columns: ['state', 'id'], filters: { overdue: 'true' } })
    expect(rates.statusCode, rates.body).toBe(201)
    // Without `list` it is an orders export (the original contract).
    expect((await save({ frequency: 'daily', columns: ['token'], email })).json()).toMatchObject({ list: 'orders', columns: ['token'] })
    // A column or filter of another list is refused.
    expect((await save({ list: 'payers', frequency: 'daily', email, columns: ['token'] })).statusCode).toBe(400)
    expect((await save({ list: 'transfers', frequency: 'daily', email, filters: { payout_state: 'x' } })).statusCode).toBe(422)

    const start = t.clock.now
    t.clock.now = new Date(rates.json().next_run_at)
    try {
      expect(await sendDueExports(t.deps)).toBe(csvExportListKinds.length + 1)
      expect(await sendDueExports(t.deps)).toBe(0)
    } finally {
      t.clock.now = start
    }
    const files = await sql<{ filename: string; content: Buffer }>(
      `select a.filename, a.content from email_attachments a join email_logs l on l.id = a.email_log_id where l."to" = $1 order by a.id`, [email])
    const header = (kind: string) => Buffer.from(files.find((f) => f.filename.startsWith(`${kind}-`) && f.filename.length === kind.length + 15)!.content).toString('utf8').split('\n')[0]
    for (const list of csvExportListKinds.filter((l) => l !== 'order_rates' && l !== 'orders')) {
      expect(header(list), list).toBe(csvExportColumnsOf[list].join(','))
    }
    expect(header('order_rates')).toBe('state,id')
    expect(files.filter((f) => f.filename.startsWith('orders-'))).toHaveLength(2)
  })
})
