import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { extractText } from '../../../../tests/helpers/read-pdf'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { issueInvoice, issueInvoiceIn, issueReversal } from './invoices.service'

// Invoices, reversals and transfers (docs/decisions/0029-invoices-and-transfers.md): one invoice per paid charge with the
// frozen parties, lines and VAT; gapless numbers under concurrency and after a rollback; reversals with
// negative totals that add up to the original; the exempt and reverse-charge notes; the PDF read back;
// the seller's lists, filters, CSV and settings; the payer's own invoices; another seller's answer 404.

let t: TestApp
let seller: TestSeller
let other: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
  await setProfile(seller, { business_type: 'entity', company: 'Acme Courses GmbH', vat_payer: 'liable', vat_id: 'DE136695976' })
  await setProfile(other, { business_type: 'natural', vat_payer: 'liable' })
})
afterAll(async () => { await t.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

async function setProfile(s: TestSeller, extra: Record<string, unknown>) {
  const profile = { first_name: 'Sina', last_name: 'Seller', street: 'Marktplatz', street_number: '5', zip: '80331', city: 'München', country_code: 'DE', tax_number: '143/123/45678', ...extra }
  await sql('update sellers set profile = $1, country_code = $2, company = $3 where id = $4', [JSON.stringify(profile), 'DE', (extra.company as string | undefined) ?? null, s.sellerId])
}

/** Buys a one-time product of `s` with the sandbox; answers the order and its successful charge. */
async function buy(s: TestSeller, price = 11_900, payer: Record<string, unknown> = fullPayer()) {
  const product = await publishedProduct(t, s.accessToken, { pricing_plans: [oneTimePlan(price)] })
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer, terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  const body = res.json()
  expect((await sandboxPay(t, body.next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [order] = await sql<{ id: number; payer_user_id: number }>('select id, payer_user_id from orders where token = $1', [body.order.token])
  const [payment] = await sql<{ id: number }>(`select id from payments where order_id = $1 and kind = 'charge' and state = 'successful'`, [order!.id])
  return { orderId: order!.id, paymentId: payment!.id, productId: product.id as number, productName: product.name as string, token: body.order.token as string, payer, payerUserId: order!.payer_user_id }
}

/** A further successful payment row of an order (a refund or another charge), written directly. */
async function payment(orderId: number, sellerId: number, values: { kind: 'charge' | 'refund'; amount: number; parent?: number; state?: string }): Promise<number> {
  const [row] = await sql<{ id: number }>(
    `insert into payments (token, order_id, seller_id, kind, provider, method, state, amount, currency, parent_payment_id, completed_at)
     values ($1, $2, $3, $4, 'sandbox', 'card', $5, $6, 'eur', $7, now()) returning id`,
    [randomBytes(12).toString('base64url'), orderId, sellerId, values.kind, values.state ?? 'successful', values.amount, values.parent ?? null],
  )
  return row!.id
}

type InvoiceRow = { id: number; kind: string; number: string; sequence: number; net_amount: number; vat_amount: number; gross_amount: number; reversed_invoice_id: number | null; seller: any; payer: any; lines: any[]; vat: any }
const invoiceOf = async (paymentId: number, kind = 'invoice') =>
  (await sql<InvoiceRow>('select id, kind, number, sequence, net_amount::int, vat_amount::int, gross_amount::int, reversed_invoice_id, seller, payer, lines, vat from invoices where payment_id = $1 and kind = $2', [paymentId, kind]))[0]

async function pdfText(url: string, token: string): Promise<string> {
  const res = await t.request({ method: 'GET', url, token })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toBe('application/pdf')
  return (await extractText(new Uint8Array(res.rawPayload), { mergePages: true })).text as string
}

async function signInPayer(emailAddress: string): Promise<string> {
  expect((await t.request({ method: 'POST', url: '/api/v1/app/user/send_magic_link', payload: { email: emailAddress } })).statusCode).toBe(204)
  const [mail] = await sql<{ html: string }>('select html from email_logs where lower("to") = lower($1) and kind = $2 order by id desc limit 1', [emailAddress, 'magic_link'])
  const token = /magic_link_token=([A-Za-z0-9_-]+)/.exec(mail!.html)![1]!
  const res = await t.request({ method: 'POST', url: '/api/v1/app/session/magic_link', payload: { token, fingerprint: `fp-payer-invoices-${token.slice(0, 6)}` } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().access_token
}

describe('issuing invoices', () => {
  test('a paid charge gets one invoice with the frozen seller, payer, lines and VAT; its PDF shows number, parties and totals', async () => {
    const bought = await buy(seller, 11_900)
    await issueInvoice(t.deps, { paymentId: bought.paymentId })
    await issueInvoice(t.deps, { paymentId: bought.paymentId }) // a second run does nothing
    expect(await sql('select count(*)::int as n from invoices where payment_id = $1', [bought.paymentId])).toEqual([{ n: 1 }])
    const inv = (await invoiceOf(bought.paymentId))!
    expect(inv).toMatchObject({ kind: 'invoice', net_amount: 10_000, vat_amount: 1_900, gross_amount: 11_900, number: `INV-${inv.sequence}` })
    expect(inv.seller).toMatchObject({ name: 'Acme Courses GmbH', vat_id: 'DE136695976', city: 'München', vat_payer: 'liable' })
    expect(inv.payer).toMatchObject({ name: 'Pia Payer', email: bought.payer.email, city: 'Berlin', country_code: 'DE' })
    expect(inv.lines).toEqual([{ name: bought.productName, quantity: 1, net_amount: 10_000, vat_amount: 1_900, gross_amount: 11_900, vat_rate_bps: 1900 }])
    expect(inv.vat).toMatchObject({ treatment: 'charged', rates: [{ rate_bps: 1900, net: 10_000, vat: 1_900, gross: 11_900 }], note: 'Includes VAT 19 % (DE).' })

    const text = await pdfText(`/api/v1/cabinet/invoices/${inv.id}/pdf`, seller.accessToken)
    for (const expected of ['Invoice', inv.number, 'Acme Courses GmbH', 'VAT id: DE136695976', 'Pia Payer', bought.payer.email as string, bought.productName,
      'Net', '100,00 EUR', 'VAT 19 % of 100,00 EUR', '19,00 EUR', 'Total', '119,00 EUR', 'Includes VAT 19 % (DE).']) {
      expect(text).toContain(expected)
    }
  })

  test('a rolled-back transaction gives its number back: the numbers stay gapless', async () => {
    const bought = await buy(seller, 5_000)
    await issueInvoice(t.deps, { paymentId: bought.paymentId })
    const first = (await invoiceOf(bought.paymentId))!
    const second = await payment(bought.orderId, seller.sellerId, { kind: 'charge', amount: 5_000 })
    await expect(t.deps.db.transaction(async (tx) => {
      const made = await issueInvoiceIn(t.deps, tx, second)
      expect(made?.sequence).toBe(first.sequence + 1)
      throw new Error('rolled back after the invoice was written')
    })).rejects.toThrow('rolled back')
    expect(await invoiceOf(second)).toBeUndefined()
    const third = await payment(bought.orderId, seller.sellerId, { kind: 'charge', amount: 5_000 })
    // The third's job runs first: the second, booked before it and still without its invoice, gets it first
    // (documents follow the bookings whatever order the jobs run in), and the second's own job finds it.
    await issueInvoice(t.deps, { paymentId: third })
    await issueInvoice(t.deps, { paymentId: second })
    expect((await invoiceOf(second))!.sequence).toBe(first.sequence + 1)
    expect((await invoiceOf(third))!.sequence).toBe(first.sequence + 2)
  })

  test('20 concurrent issues for one seller take 20 consecutive numbers, each payment once', async () => {
    const s = await createSeller(t)
    await setProfile(s, { vat_payer: 'liable' })
    const bought = await buy(s, 1_190)
    const ids = [bought.paymentId]
    for (let i = 0; i < 19; i++) ids.push(await payment(bought.orderId, s.sellerId, { kind: 'charge', amount: 1_190 }))
    // every payment twice, all at once: the second run of each finds the first's invoice
    await Promise.all([...ids, ...ids].map((paymentId) => issueInvoice(t.deps, { paymentId })))
    const rows = await sql<{ sequence: number; number: string }>('select sequence, number from invoices where seller_id = $1 order by sequence', [s.sellerId])
    expect(rows.map((r) => r.sequence)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    expect(new Set(rows.map((r) => r.number)).size).toBe(20)
    expect(await sql('select next_number from invoice_settings where seller_id = $1', [s.sellerId])).toEqual([{ next_number: 21 }])
  })

  test('a refund gets a reversal with negative totals referencing the original; partial reversals add up to it', async () => {
    const bought = await buy(seller, 11_900)
    const refund1 = await payment(bought.orderId, seller.sellerId, { kind: 'refund', amount: 5_000, parent: bought.paymentId })
    // when the charge's own job has not run yet, the reversal issues the original first
    await issueReversal(t.deps, { refundPaymentId: refund1 })
    await issueReversal(t.deps, { refundPaymentId: refund1 })
    const original = (await invoiceOf(bought.paymentId))!
    const r1 = (await invoiceOf(refund1, 'reversal'))!
    expect(r1).toMatchObject({ reversed_invoice_id: original.id, sequence: original.sequence + 1, gross_amount: -5_000, net_amount: -4_202, vat_amount: -798 })
    expect(r1.payer).toEqual(original.payer)

    const refund2 = await payment(bought.orderId, seller.sellerId, { kind: 'refund', amount: 6_900, parent: bought.paymentId })
    await issueReversal(t.deps, { refundPaymentId: refund2 })
    const r2 = (await invoiceOf(refund2, 'reversal'))!
    expect(r2.sequence).toBe(original.sequence + 2)
    expect({ net: r1.net_amount + r2.net_amount, vat: r1.vat_amount + r2.vat_amount, gross: r1.gross_amount + r2.gross_amount })
      .toEqual({ net: -original.net_amount, vat: -original.vat_amount, gross: -original.gross_amount })
    // a refund that is not successful, or beyond the invoice, makes nothing
    const denied = await payment(bought.orderId, seller.sellerId, { kind: 'refund', amount: 100, parent: bought.paymentId, state: 'denied' })
    await issueReversal(t.deps, { refundPaymentId: denied })
    expect(await invoiceOf(denied, 'reversal')).toBeUndefined()

    const text = await pdfText(`/api/v1/cabinet/invoices/${r1.id}/pdf`, seller.accessToken)
    for (const expected of ['Cancellation invoice', r1.number, `Reversal of invoice ${original.number}`, '-42,02 EUR', '-7,98 EUR', '-50,00 EUR']) expect(text).toContain(expected)
  })

  test('an exempt seller\'s invoice charges no VAT and says why', async () => {
    const s = await createSeller(t)
    await setProfile(s, { vat_payer: 'exempt', vat_exempt_reason: 'small_business' })
    const bought = await buy(s, 5_000)
    await issueInvoice(t.deps, { paymentId: bought.paymentId })
    const inv = (await invoiceOf(bought.paymentId))!
    expect(inv).toMatchObject({ net_amount: 5_000, vat_amount: 0, gross_amount: 5_000 })
    expect(inv.vat).toMatchObject({ treatment: 'exempt_seller', exempt_reason: 'small_business', note: 'No VAT is charged: the seller is a small business exempt from VAT.' })
    expect(inv.seller).toMatchObject({ name: 'Sina Seller', vat_payer: 'exempt', vat_exempt_reason: 'small_business' })
    const text = await pdfText(`/api/v1/cabinet/invoices/${inv.id}/pdf`, s.accessToken)
    expect(text).toContain('No VAT is charged: the seller is a small business exempt from VAT.')
    expect(text).toContain('50,00 EUR')
  })

  test('a reverse-charge invoice names the business\'s VAT id and what was checked', async () => {
    const payer = { ...fullPayer(), country_code: 'AT', company: 'Alpen Learning GmbH', vat_id: 'ATU13585627', city: 'Wien', zip: '1010' }
    const bought = await buy(seller, 11_900, payer)
    await issueInvoice(t.deps, { paymentId: bought.paymentId })
    const inv = (await invoiceOf(bought.paymentId))!
    expect(inv.vat_amount).toBe(0)
    expect(inv.vat).toMatchObject({ treatment: 'reverse_charge', reverse_charge: { vat_id: 'ATU13585627', format_valid: true, country: 'AT', verification: 'format_only' } })
    expect(inv.vat.note).toBe('Reverse charge: the recipient is liable for the VAT (Art. 196 VAT Directive). Recipient\'s VAT id ATU13585627 (issued by AT), checked for format only (no online VIES check was made).')
    const text = await pdfText(`/api/v1/cabinet/invoices/${inv.id}/pdf`, seller.accessToken)
    for (const expected of ['Alpen Learning GmbH', 'VAT id: ATU13585627', 'Reverse charge', 'checked for format only']) expect(text).toContain(expected)
    // The order says it as the invoice does (the id was checked for format only).
    const detail = await t.request({ method: 'GET', url: `/api/v1/cabinet/orders/${bought.orderId}`, token: seller.accessToken })
    expect(detail.statusCode, detail.body).toBe(200)
    expect(detail.json()).toMatchObject({ vat_note: inv.vat.note, reverse_charge: { vat_id: 'ATU13585627', format_valid: true, country: 'AT', verification: 'format_only' } })
  })

  test('an order with VAT charged has its plain VAT note and no reverse charge', async () => {
    const bought = await buy(seller, 11_900)
    const detail = (await t.request({ method: 'GET', url: `/api/v1/cabinet/orders/${bought.orderId}`, token: seller.accessToken })).json()
    expect(detail).toMatchObject({ reverse_charge: null })
    expect(detail.vat_note === null || !detail.vat_note.includes('Reverse charge')).toBe(true)
  })
})

describe('the seller\'s lists', () => {
  test('invoices: filters, counts per kind, CSV; another seller sees none of them', async () => {
    const s = await createSeller(t)
    await setProfile(s, { vat_payer: 'liable' })
    const a = await buy(s, 2_380)
    const b = await buy(s, 11_900)
    await issueInvoice(t.deps, { paymentId: a.paymentId })
    await issueInvoice(t.deps, { paymentId: b.paymentId })
    const refund = await payment(b.orderId, s.sellerId, { kind: 'refund', amount: 1_190, parent: b.paymentId })
    await issueReversal(t.deps, { refundPaymentId: refund })
    const list = async (query: string, token = s.accessToken) => {
      const res = await t.request({ method: 'GET', url: `/api/v1/cabinet/invoices?${query}`, token })
      expect(res.statusCode, res.body).toBe(200)
      return res.json()
    }
    const all = await list('counts=true')
    expect(all.total_count).toBe(3)
    expect(all.counts).toEqual({ invoice: 2, reversal: 1 })
    expect(all.list[0]).toMatchObject({ kind: 'reversal', gross_amount: -1_190, reversed_invoice_number: 'INV-2', order_id: b.orderId, product_id: b.productId })
    expect((await list('kind=reversal')).list.map((i: any) => i.number)).toEqual(['INV-3'])
    expect((await list('invoice_number=INV-1')).list.map((i: any) => i.number)).toEqual(['INV-1'])
    expect((await list(`order_id=${b.orderId}`)).total_count).toBe(2)
    expect((await list(`product_id=${a.productId}`)).list.map((i: any) => i.order_id)).toEqual([a.orderId])
    expect((await list('amount=1190')).list.map((i: any) => i.kind)).toEqual(['reversal'])
    expect((await list('amount_from=2000&amount_to=3000')).list.map((i: any) => i.gross_amount)).toEqual([2_380])
    expect((await list(`query=${encodeURIComponent(a.payer.email as string)}`)).list.map((i: any) => i.order_id)).toEqual([a.orderId])
    expect((await list('invoice_created_from=2000-01-01T00:00:00.000Z&invoice_created_till=2001-01-01T00:00:00.000Z')).total_count).toBe(0)
    expect((await list('created_from_time=2000-01-01T00:00:00.000Z&sort_key=number&sort_dir=asc')).list.map((i: any) => i.number)).toEqual(['INV-1', 'INV-2', 'INV-3'])

    const csv = await t.request({ method: 'GET', url: '/api/v1/cabinet/invoices/export.csv?kind=reversal', token: s.accessToken })
    expect(csv.statusCode).toBe(200)
    const [header, row, ...rest] = csv.body.trim().split('\n')
    expect(header).toBe('id,number,kind,issued_at,order_id,transfer_id,reversed_invoice_number,product_id,product_name,payer_name,payer_email,payer_company,payer_country,payer_vat,net,vat,gross,currency_key,vat_note,note')
    expect(rest).toEqual([])
    expect(row).toContain(',INV-3,reversal,')
    expect(row).toContain(',-10.00,-1.90,-11.90,eur,')

    // another seller: an empty list, 404 for the PDF
    expect((await list('', other.accessToken)).list.filter((i: any) => i.order_id === a.orderId)).toEqual([])
    const theirs = all.list[0].id
    expect((await t.request({ method: 'GET', url: `/api/v1/cabinet/invoices/${theirs}/pdf`, token: other.accessToken })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: `/api/v1/cabinet/invoices/${theirs}/pdf` })).statusCode).toBe(401)
  })

  test('transfers: the seller\'s payments with filters, counts per state and CSV; another seller\'s are not listed', async () => {
    const s = await createSeller(t)
    const a = await buy(s, 2_000)
    const b = await buy(s, 3_000, { ...fullPayer(), country_code: 'AT' })
    const refund = await payment(b.orderId, s.sellerId, { kind: 'refund', amount: 500, parent: b.paymentId })
    await payment(a.orderId, s.sellerId, { kind: 'charge', amount: 2_000, state: 'denied' })
    const list = async (query: string, token = s.accessToken) => {
      const res = await t.request({ method: 'GET', url: `/api/v1/cabinet/transfers?${query}`, token })
      expect(res.statusCode, res.body).toBe(200)
      return res.json()
    }
    const all = await list('counts=true')
    expect(all.total_count).toBe(4)
    expect(all.counts).toEqual({ successful: 3, denied: 1 })
    expect((await list('transferable_type=refund')).list).toMatchObject([{ id: refund, kind: 'refund', parent_payment_id: b.paymentId, amount: 500, order_id: b.orderId }])
    expect((await list('state=denied')).list.map((x: any) => x.order_id)).toEqual([a.orderId])
    expect((await list('transfer_country_code=AT')).list.map((x: any) => x.order_id)).toEqual([b.orderId, b.orderId])
    expect((await list(`order_id=${a.orderId}&state=successful`)).list).toMatchObject([{ id: a.paymentId, provider: 'sandbox', payment_method: 'card', payer_country: 'DE' }])
    expect((await list(`product_id=${b.productId}&transferable_type=charge`)).list.map((x: any) => x.id)).toEqual([b.paymentId])
    expect((await list('provider=stripe')).total_count).toBe(0)
    expect((await list('payment_method=card&amount=3000')).list.map((x: any) => x.id)).toEqual([b.paymentId])
    expect((await list('amount_from=1000&amount_to=2500&state=successful')).list.map((x: any) => x.id)).toEqual([a.paymentId])
    expect((await list('created_till_time=2000-01-01T00:00:00.000Z')).total_count).toBe(0)

    const csv = await t.request({ method: 'GET', url: '/api/v1/cabinet/transfers/export.csv?transferable_type=refund', token: s.accessToken })
    const [header, row] = csv.body.trim().split('\n')
    expect(header?.startsWith('id,transferable_type,state,created_at,completed_at,order_id,rate_number,parent_transfer_id,')).toBe(true)
    expect(row).toContain(`${refund},refund,successful,`)
    expect(row).toContain(',5.00,0.00,eur,')

    expect((await list('', other.accessToken)).list.filter((x: any) => x.order_id === a.orderId || x.order_id === b.orderId)).toEqual([])
    expect((await list(`order_id=${a.orderId}`, other.accessToken)).total_count).toBe(0)
  })

  test('settings: prefix and start number; once invoices exist the start can only be raised; the mail to the payer carries the PDF', async () => {
    const s = await createSeller(t)
    const put = (payload: Record<string, unknown>) => t.request({ method: 'PUT', url: '/api/v1/cabinet/invoice_settings', token: s.accessToken, payload })
    const fresh = await t.request({ method: 'GET', url: '/api/v1/cabinet/invoice_settings', token: s.accessToken })
    expect(fresh.json()).toMatchObject({ prefix: 'INV-', start_number: 1, next_number: 1, min_start_number: 1, next_invoice_number: 'INV-1', email_to_payer: false })
    let res = await put({ prefix: 'RE-2025-', start_number: 100, footer: 'Thank you! Payable at once.', email_to_payer: true })
    expect(res.json()).toMatchObject({ prefix: 'RE-2025-', start_number: 100, next_number: 100, next_invoice_number: 'RE-2025-100' })
    expect((await put({ prefix: 'bad prefix!', start_number: 1 })).statusCode).toBe(400)
    expect((await put({ prefix: 'X', start_number: 1, unknown: 1 })).statusCode).toBe(400)

    const bought = await buy(s, 2_000)
    await issueInvoice(t.deps, { paymentId: bought.paymentId })
    expect((await invoiceOf(bought.paymentId))!.number).toBe('RE-2025-100')
    res = await put({ prefix: 'RE-2025-', start_number: 50 })
    expect(res.statusCode).toBe(422)
    expect(res.json().error.fields).toEqual([{ path: 'start_number', message: 'too_small' }])
    res = await put({ prefix: 'RE-2025-', start_number: 100, footer: 'Thank you! Payable at once.' }) // unchanged start: kept
    expect(res.json()).toMatchObject({ next_number: 101, min_start_number: 101 })
    res = await put({ prefix: 'RE-2025-', start_number: 200 })
    expect(res.json()).toMatchObject({ next_number: 200, next_invoice_number: 'RE-2025-200' })

    const [mail] = await sql<{ id: number; subject: string; kind: string }>('select id, subject, kind from email_logs where "to" = $1 and kind = $2', [bought.payer.email, 'invoice_issued'])
    expect(mail).toMatchObject({ subject: `Your invoice RE-2025-100 from ${s.username}` })
    const [file] = await sql<{ filename: string; content_type: string }>('select filename, content_type from email_attachments where email_log_id = $1', [mail!.id])
    expect(file).toEqual({ filename: 'RE-2025-100.pdf', content_type: 'application/pdf' })
    const text = await pdfText(`/api/v1/cabinet/invoices/${(await invoiceOf(bought.paymentId))!.id}/pdf`, s.accessToken)
    expect(text).toContain('Thank you! Payable at once.')
  })
})

describe('the payer\'s invoices', () => {
  test('the payer lists their invoices and reversals with PDFs; another payer gets 404', async () => {
    const bought = await buy(seller, 4_000)
    await issueInvoice(t.deps, { paymentId: bought.paymentId })
    const refund = await payment(bought.orderId, seller.sellerId, { kind: 'refund', amount: 4_000, parent: bought.paymentId })
    await issueReversal(t.deps, { refundPaymentId: refund })
    const token = await signInPayer(bought.payer.email as string)
    const res = await t.request({ method: 'GET', url: `/api/v1/payer/invoices?seller_id=${seller.sellerId}`, token })
    expect(res.statusCode, res.body).toBe(200)
    const list = res.json().list
    expect(list.map((i: any) => [i.kind, i.gross_amount])).toEqual([['reversal', -4_000], ['invoice', 4_000]])
    expect(list[0].reversed_invoice_number).toBe(list[1].number)
    const text = await pdfText(list[1].pdf_url, token)
    expect(text).toContain(list[1].number)
    expect(text).toContain('40,00 EUR')

    const stranger = await buy(seller, 1_000)
    const strangerToken = await signInPayer(stranger.payer.email as string)
    expect((await t.request({ method: 'GET', url: list[1].pdf_url, token: strangerToken })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: '/api/v1/payer/invoices', token: strangerToken })).json().list.map((i: any) => i.id)).not.toContain(list[1].id)
    // a seller's token does not open the payer route for someone else's invoice either
    expect((await t.request({ method: 'GET', url: list[1].pdf_url, token: other.accessToken })).statusCode).toBe(404)
  })
})
