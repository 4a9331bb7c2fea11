import { getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct, createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { signUpUser } from '../../../../tests/factories/users'
import { extractText } from '../../../../tests/helpers/read-pdf'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { pdfTexts } from '../../pdf/pdf-texts'
import { pdfDate } from '../../pdf/pdf-writer'
import type { CommissionRow } from './affiliates.repository'
import { renderMemoPdf } from './credit-memos.service'

// The affiliate credit memo in the publisher's language (src/server/pdf, docs/decisions/0096-pdfs-in-every-locale.md):
// its words from pdf-texts, the month and days through Intl, amounts with the currency code, Arabic from the right;
// read back with pdf.js. The language is the publisher's account's, whichever side downloads it.

type Item = { str: string; x: number }

async function read(pdf: Buffer): Promise<{ text: string; items: Item[]; pageWidth: number; pages: number }> {
  const text = (await extractText(new Uint8Array(pdf), { mergePages: true })).text as string
  const doc = await getDocumentProxy(new Uint8Array(pdf))
  const page = await doc.getPage(1)
  const content = await page.getTextContent()
  const items = (content.items as { str?: string; transform?: number[] }[])
    .filter((item) => item.str && item.str.trim() !== '')
    .map((item) => ({ str: item.str!, x: item.transform![4]! }))
  return { text, items, pageWidth: page.view[2]!, pages: doc.numPages }
}

/** pdf.js keeps a run's spaces but not always those between runs of two directions: compare without them. */
const squeeze = (text: string) => text.replace(/\s+/g, '')

function itemOf(items: Item[], text: string): Item {
  const item = items.find((i) => squeeze(i.str).includes(squeeze(text)))
  if (!item) throw new Error(`no text item with ${text}: ${items.map((i) => i.str).join(' | ')}`)
  return item
}

const memo = (publisher: string) => ({
  id: 1, number: 'CM-2026-0001', seller: { id: 3, username: 'acme' }, publisher: { id: 4, name: publisher }, period_start: '2026-03-01', currency: 'eur',
  amount: 1_300, commissions_count: 2, created_at: '2026-04-02T03:15:00.000Z', pdf_url: 'http://localhost:3000/api/v1/publish/credit_memos/1/pdf',
})

const line = (values: Partial<CommissionRow>): CommissionRow => ({
  id: 1, orderId: 77, paymentId: 1, sellerId: 3, programId: 1, nodeId: 1, publisherId: 4, kind: 'commission', level: 1, bps: 1000, amount: 1_000,
  reversedAmount: 200, currency: 'eur', availableAt: new Date('2026-03-24T10:00:00Z'), createdAt: new Date('2026-03-10T10:00:00Z'), ...values,
})
const lines = [line({}), line({ id: 2, orderId: 78, kind: 'bonus', amount: 500, reversedAmount: 0, createdAt: new Date('2026-03-20T10:00:00Z') })]

describe('the credit memo in the publisher\'s language', () => {
  test('German: "Gutschrift", the parties, the month and days as Germany writes them, the lines, the total and the statement', async () => {
    const { text, items, pageWidth, pages } = await read(await renderMemoPdf(memo('Jürgen Weiß'), lines, 'de'))
    expect(pages).toBe(1)
    for (const expected of [
      'Gutschrift CM-2026-0001', 'Ausgestellt von acme (Verkäufer) an Jürgen Weiß (Publisher)', 'Abrechnungszeitraum: März 2026', 'Währung: EUR',
      'Gutschriftsdatum: 2. April 2026', 'Datum', 'Bestellung', 'Stufe', 'Provision', 'Storniert', '10. März 2026', '20. März 2026', 'Bonus',
      '10,00 EUR', '2,00 EUR', '5,00 EUR', 'Gesamtbetrag: 13,00 EUR', 'Anzahl Provisionen: 2', pdfTexts.de.commissionMemo.statement,
    ]) expect(squeeze(text)).toContain(squeeze(expected))
    expect(text).not.toMatch(/Credit memo|Commission|March/)
    expect(itemOf(items, 'Gutschrift CM-2026-0001').x).toBeLessThan(pageWidth / 2)
    expect(itemOf(items, 'Storniert').x).toBeGreaterThan(pageWidth / 2)
  })

  test('Arabic: its words from the right, the table mirrored (dates right, amounts left), Latin digits, an Arabic name as written', async () => {
    const t = pdfTexts.ar.commissionMemo
    const { text, items, pageWidth } = await read(await renderMemoPdf(memo('محمد الأحمد'), lines, 'ar'))
    for (const expected of [
      t.title('CM-2026-0001'), 'محمد الأحمد', t.columns.date, t.columns.commission, t.kinds.commission, t.kinds.bonus, '13,00 EUR', '10,00 EUR',
      pdfDate(new Date('2026-03-10T10:00:00Z'), 'ar'), t.statement,
    ]) expect(squeeze(text)).toContain(squeeze(expected))
    expect(itemOf(items, 'إشعار دائن').x).toBeGreaterThan(pageWidth / 2)
    expect(itemOf(items, t.columns.date).x).toBeGreaterThan(pageWidth / 2)
    expect(itemOf(items, t.columns.reversed).x).toBeLessThan(pageWidth / 2)
    expect(itemOf(items, '10,00 EUR').x).toBeLessThan(pageWidth / 2)
    expect(text).not.toMatch(/[٠-٩]/)
  })

  test('every locale prints its title; many commissions run onto a second page with the headings again', async () => {
    for (const locale of ['en', 'pl', 'el', 'ko', 'fr', 'tr'] as const) {
      const { text } = await read(await renderMemoPdf(memo('Łukasz Żółć'), lines, locale))
      expect(squeeze(text)).toContain(squeeze(pdfTexts[locale].commissionMemo.title('CM-2026-0001')))
      expect(squeeze(text)).toContain('ŁukaszŻółć')
    }
    const many = Array.from({ length: 60 }, (_, i) => line({ id: i + 1, orderId: 100 + i }))
    const { text, pages } = await read(await renderMemoPdf({ ...memo('Pia'), commissions_count: 60 }, many, 'en'))
    expect(pages).toBe(2)
    expect(text.match(/Reversed/g)).toHaveLength(2)
    expect(text).toContain('159')
  })
})

describe('the language is the publisher\'s, whoever downloads it', () => {
  let t: TestApp
  let owner: TestSeller
  beforeAll(async () => {
    t = await createTestApp()
    owner = await createSeller(t)
  })
  afterAll(async () => { await t.close() })

  test('a publisher whose account is in German gets a German memo; the seller downloading it gets the same German memo', async () => {
    const product = await createProduct(t, owner.accessToken)
    const program = (await t.request({ method: 'POST', url: '/api/v1/cabinet/affiliate_programs', token: owner.accessToken, payload: { name: 'Memo', product_ids: [product.id], commissions: [10], auto_accept: true } })).json().affiliate_program
    const publisher = await signUpUser(t, { profile_type: 'publisher' })
    expect((await t.request({ method: 'PATCH', url: '/api/v1/publish/details', token: publisher.accessToken, payload: { birthday: '01.01.1990' } })).statusCode).toBe(200)
    const node = (await t.request({ method: 'POST', url: `/api/v1/common/affiliate_programs/${program.id}/accept`, token: publisher.accessToken, payload: {} })).json().affiliate_node
    const sql = async (text: string, params: unknown[]) => (await t.deps.database.executeSql(text, params)).rows as any[]
    const [order] = await sql(`insert into orders (token, seller_id, product_id, currency, total_amount, first_amount, payment_method, provider, payer, payment_state)
      values ($1, $2, $3, 'eur', 10000, 10000, 'card', 'test', '{}', 'paid') returning id`, [`cmde-${Date.now()}`, owner.sellerId, product.id])
    const [payment] = await sql(`insert into payments (token, order_id, seller_id, amount, currency, state, provider, method) values ($1, $2, $3, 10000, 'eur', 'successful', 'test', 'card') returning id`,
      [`cmdep-${Date.now()}`, order.id, owner.sellerId])
    await sql(`insert into affiliate_commissions (order_id, payment_id, seller_id, program_id, node_id, publisher_id, level, kind, amount, reversed_amount, currency, available_at, created_at)
      values ($1, $2, $3, $4, $5, $6, 1, 'commission', 1000, 0, 'eur', now(), '2026-03-10T10:00:00Z')`, [order.id, payment.id, owner.sellerId, program.id, node.id, node.publisher_id])
    const [user] = await sql('select user_id from publishers where id = $1', [node.publisher_id])
    await sql(`update users set locale = 'de' where id = $1`, [user.user_id])

    const memoId = (await t.request({ method: 'GET', url: '/api/v1/publish/credit_memos', token: publisher.accessToken })).json().list[0].id
    for (const [area, token] of [['publish', publisher.accessToken], ['cabinet', owner.accessToken]] as const) {
      const res = await t.request({ method: 'GET', url: `/api/v1/${area}/credit_memos/${memoId}/pdf`, token })
      expect(res.statusCode).toBe(200)
      const { text } = await read(res.rawPayload)
      for (const expected of ['Gutschrift CM-2026-', `Ausgestellt von ${owner.username} (Verkäufer)`, 'Abrechnungszeitraum: März 2026', 'Gesamtbetrag: 10,00 EUR']) {
        expect(squeeze(text)).toContain(squeeze(expected))
      }
    }
  })
})
