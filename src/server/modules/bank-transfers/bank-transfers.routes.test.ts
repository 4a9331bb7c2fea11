import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, signInManager, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, submitOrder } from '../../../../tests/factories/checkout'
import { multipart } from '../../../../tests/factories/media'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

// A seller's bank statements through the API (docs/decisions/0078-virtual-iban-bank-statements.md): a bank wire
// order placed at checkout is paid by an uploaded camt.053 line naming its reference (the order paid, the
// ledger balanced), an unmatched line is assigned to another order by hand and pays it, one is ignored; the
// same file again changes nothing; an MT940 file works the same; another account's statement is refused;
// another seller's reference pays nothing; without the virtual_iban flag the routes answer 403.

let t: TestApp
let seller: TestSeller
let other: TestSeller
let manager: string
let product: { id: number; pricing_plans: { id: number }[] }
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
  manager = await signInManager(t)
  const wire = { account_holder: 'Erika Mustermann', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', bank_name: 'Commerzbank' }
  for (const s of [seller, other]) {
    const saved = await t.request({ method: 'PUT', url: '/api/v1/cabinet/payment_providers/bank_wire', token: s.accessToken, payload: { ...wire, iban: s === seller ? wire.iban : 'DE02 1203 0000 0000 2020 51' } })
    expect(saved.statusCode, saved.body).toBe(200)
  }
  // The flag is off by default: a manager turns it on for the seller.
  const flagged = await t.request({ method: 'PATCH', url: `/api/v1/admin/sellers/${seller.sellerId}`, token: manager, payload: { features: { virtual_iban: true } } })
  expect(flagged.statusCode, flagged.body).toBe(200)
  product = await publishedProduct(t, seller.accessToken, { pricing_plans: [{ form: 'one_time', currency_id: 'eur', price: 12_000, name: 'Once' }] })
}, 60_000)
afterAll(async () => { await t?.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

/** A bank wire order: its id, its payment's reference and amount. */
async function wireOrder(of = product): Promise<{ orderId: number; reference: string; amount: number }> {
  const res = await submitOrder(t, { product_id: of.id, pricing_plan_id: of.pricing_plans[0]!.id, payment_method: 'bank_wire', payer: fullPayer(), terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  const [payment] = await sql<{ order_id: number; provider_ref: string; amount: string }>(
    'select p.order_id, p.provider_ref, p.amount from payments p join orders o on o.id = p.order_id where o.token = $1', [res.json().order.token])
  return { orderId: payment!.order_id, reference: payment!.provider_ref, amount: Number(payment!.amount) }
}

const euros = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`
function camt(id: string, entries: { ref: string; amount: number; text: string }[], iban = 'DE89370400440532013000'): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>${id}</Id>
  <Acct><Id><IBAN>${iban}</IBAN></Id></Acct>${entries.map((e) => `<Ntry><Amt Ccy="EUR">${euros(e.amount)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
  <BookgDt><Dt>2026-11-28</Dt></BookgDt><AcctSvcrRef>${e.ref}</AcctSvcrRef><NtryDtls><TxDtls><RmtInf><Ustrd>${e.text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`).join('')}
  </Stmt></BkToCstmrStmt></Document>`
}

const upload = (content: string, filename = 'statement.xml', token = seller.accessToken) =>
  t.request({ method: 'POST', url: '/api/v1/cabinet/bank_statements', token, ...multipart([{ name: 'file', filename, content, contentType: 'application/octet-stream' }]) })
const paymentStateOf = async (orderId: number) => (await sql<{ payment_state: string }>('select payment_state from orders where id = $1', [orderId]))[0]!.payment_state
const ledgerSum = async () => Number((await sql<{ n: string }>('select coalesce(sum(amount), 0) as n from ledger_entries'))[0]!.n)

describe('bank statements', () => {
  test('a line naming an order\'s reference pays it; an unknown one is assigned by hand and pays its order; one is ignored; a re-upload changes nothing', async () => {
    const first = await wireOrder()
    const second = await wireOrder()
    expect(first.reference).toMatch(/^SF-[0-9A-Z]{5}-[0-9A-Z]{5}-\d{2}$/)
    const file = camt('STMT-A', [
      { ref: 'A-1', amount: first.amount, text: `Bestellung ${first.reference.toLowerCase()}` },
      { ref: 'A-2', amount: second.amount, text: 'Payment for my course, sorry I lost the number' },
      { ref: 'A-3', amount: 4_200, text: 'Rückerstattung Lieferant' },
    ])
    const imported = await upload(file)
    expect(imported.statusCode, imported.body).toBe(201)
    expect(imported.json()).toMatchObject({ created: true, bank_statement: { format: 'camt053', statement_id: 'STMT-A', line_count: 3 } })
    expect(imported.json().lines.map((l: { decision: string }) => l.decision)).toEqual(['exact', 'unmatched', 'unmatched'])
    await t.deps.jobs.drain()
    expect(await paymentStateOf(first.orderId)).toBe('paid')
    expect(await paymentStateOf(second.orderId)).not.toBe('paid')

    const unmatched = await t.request({ method: 'GET', url: '/api/v1/cabinet/bank_transfers?state=unmatched&counts=true', token: seller.accessToken })
    expect(unmatched.statusCode, unmatched.body).toBe(200)
    expect(unmatched.json().list.map((l: { bank_ref: string }) => l.bank_ref)).toEqual(['A-3', 'A-2'])
    expect(unmatched.json().counts).toMatchObject({ matched: 1, unmatched: 2 })
    const [supplier, lost] = unmatched.json().list as { id: number }[]

    // another currency's or a closed order is refused; the right order is paid
    expect((await t.request({ method: 'POST', url: `/api/v1/cabinet/bank_transfers/${lost!.id}/assign`, token: seller.accessToken, payload: { order_id: first.orderId } })).statusCode).toBe(409)
    const assigned = await t.request({ method: 'POST', url: `/api/v1/cabinet/bank_transfers/${lost!.id}/assign`, token: seller.accessToken, payload: { order_id: second.orderId, note: 'payer wrote without the reference' } })
    expect(assigned.statusCode, assigned.body).toBe(200)
    expect(assigned.json().bank_transfer).toMatchObject({ state: 'assigned', order_id: second.orderId, overpaid_amount: 0 })
    await t.deps.jobs.drain()
    expect(await paymentStateOf(second.orderId)).toBe('paid')
    expect((await t.request({ method: 'POST', url: `/api/v1/cabinet/bank_transfers/${lost!.id}/assign`, token: seller.accessToken, payload: { order_id: second.orderId } })).statusCode).toBe(409)

    const ignored = await t.request({ method: 'POST', url: `/api/v1/cabinet/bank_transfers/${supplier!.id}/ignore`, token: seller.accessToken, payload: { note: 'a supplier refund' } })
    expect(ignored.json().bank_transfer).toMatchObject({ state: 'ignored' })
    expect((await t.request({ method: 'POST', url: `/api/v1/cabinet/bank_transfers/${supplier!.id}/ignore`, token: seller.accessToken, payload: {} })).statusCode).toBe(409)

    const again = await upload(file)
    expect(again.statusCode).toBe(201)
    expect(again.json()).toMatchObject({ created: false })
    expect(again.json().lines.every((l: { decision: string }) => l.decision === 'already_imported')).toBe(true)
    expect(await ledgerSum()).toBe(0)
    expect((await sql('select count(*)::int as n from bank_transfer_lines'))[0].n).toBe(3)
  })

  test('less than the amount marks the payment partially_paid; a later statement completes it; the order waits meanwhile', async () => {
    const order = await wireOrder()
    const part = await upload(camt('STMT-P1', [{ ref: 'P-1', amount: 5_000, text: order.reference }]))
    expect(part.json().lines).toEqual([{ bank_ref: 'P-1', state: 'matched', decision: 'partial' }])
    await t.deps.jobs.drain()
    const stateOfPayment = async () => (await sql<{ state: string }>('select state from payments where order_id = $1', [order.orderId]))[0]!.state
    expect([await stateOfPayment(), await paymentStateOf(order.orderId)]).toEqual(['partially_paid', 'payment_pending'])
    const rest = await upload(camt('STMT-P2', [{ ref: 'P-2', amount: order.amount - 5_000, text: `Rest ${order.reference}` }]))
    expect(rest.json().lines).toEqual([{ bank_ref: 'P-2', state: 'matched', decision: 'exact' }])
    await t.deps.jobs.drain()
    expect([await stateOfPayment(), await paymentStateOf(order.orderId)]).toEqual(['successful', 'paid'])
    expect(await ledgerSum()).toBe(0)
  })

  test('two statements racing to pay one order: decided one after the other, paid once, the second half completes or overpays', async () => {
    const halves = await wireOrder()
    const whole = await wireOrder()
    const half = halves.amount / 2
    const [a, b, c, d] = await Promise.all([
      upload(camt('STMT-R1', [{ ref: 'R-1', amount: half, text: halves.reference }])),
      upload(camt('STMT-R2', [{ ref: 'R-2', amount: halves.amount - half, text: halves.reference }])),
      upload(camt('STMT-R3', [{ ref: 'R-3', amount: whole.amount, text: whole.reference }])),
      upload(camt('STMT-R4', [{ ref: 'R-4', amount: whole.amount, text: whole.reference }])),
    ])
    const decisions = (r: typeof a) => r.json().lines.map((l: { decision: string }) => l.decision)
    expect([...decisions(a), ...decisions(b)].sort()).toEqual(['exact', 'partial'])
    // The second whole transfer is an overpayment when it was decided before the first was recorded, else it
    // finds the payment closed and stays unmatched for the seller: never a second payment.
    const [exact, second] = [...decisions(c), ...decisions(d)].sort()
    expect(exact).toBe('exact')
    expect(['over', 'unmatched']).toContain(second)
    await t.deps.jobs.drain()
    expect([await paymentStateOf(halves.orderId), await paymentStateOf(whole.orderId)]).toEqual(['paid', 'paid'])
    const kept = await sql<{ state: string; overpaid_amount: string; unmatched_reason: string | null }>(
      "select state, overpaid_amount, unmatched_reason from bank_transfer_lines where bank_ref in ('R-3', 'R-4') order by state")
    expect(kept.map((r) => [r.state, Number(r.overpaid_amount), r.unmatched_reason])).toEqual(second === 'over'
      ? [['matched', 0, null], ['matched', whole.amount, null]]
      : [['matched', 0, null], ['unmatched', 0, 'payment_closed']])
    // paid once: one sale in the ledger per order
    const sales = await sql<{ n: number }>("select count(*)::int as n from payments where order_id = any($1) and state = 'successful'", [[halves.orderId, whole.orderId]])
    expect(sales[0]!.n).toBe(2)
    expect(await ledgerSum()).toBe(0)
  })

  test('an MT940 file pays the order its line names; a file of neither format is refused', async () => {
    const order = await wireOrder()
    const amount = euros(order.amount).replace('.', ',')
    const mt940 = [':20:STARTUMS', ':25:37040044/0532013000', ':28C:00002/001', ':60F:C261127EUR0,00',
      `:61:2611281128C${amount}NTRFNONREF//MT-1`, `:86:166?00GUTSCHRIFT?20${order.reference}?32Anna Payer`, `:62F:C261128EUR${amount}`, ''].join('\r\n')
    const imported = await upload(mt940, 'statement.sta')
    expect(imported.statusCode, imported.body).toBe(201)
    expect(imported.json()).toMatchObject({ bank_statement: { format: 'mt940' }, lines: [{ bank_ref: 'MT-1', decision: 'exact' }] })
    await t.deps.jobs.drain()
    expect(await paymentStateOf(order.orderId)).toBe('paid')
    const refused = await upload('name;amount\nx;1', 'statement.csv')
    expect([refused.statusCode, refused.json().error.type]).toEqual([400, 'invalid_upload'])
  })

  test('another account\'s statement is refused; another seller\'s reference pays nothing; without the flag 403', async () => {
    const theirs = await publishedProduct(t, other.accessToken, { pricing_plans: [{ form: 'one_time', currency_id: 'eur', price: 5_000, name: 'Theirs' }] })
    const foreign = await wireOrder(theirs)
    const wrongAccount = await upload(camt('STMT-B', [{ ref: 'B-1', amount: 100, text: 'x' }], 'DE02120300000000202051'))
    expect([wrongAccount.statusCode, wrongAccount.json().error.type]).toEqual([400, 'invalid_upload'])
    const named = await upload(camt('STMT-C', [{ ref: 'C-1', amount: foreign.amount, text: foreign.reference }]))
    expect(named.json().lines).toEqual([{ bank_ref: 'C-1', state: 'unmatched', decision: 'unmatched' }])
    await t.deps.jobs.drain()
    expect(await paymentStateOf(foreign.orderId)).not.toBe('paid')
    const line = (await t.request({ method: 'GET', url: '/api/v1/cabinet/bank_transfers?statement_id=' + named.json().bank_statement.id, token: seller.accessToken })).json().list[0]
    expect((await t.request({ method: 'POST', url: `/api/v1/cabinet/bank_transfers/${line.id}/assign`, token: seller.accessToken, payload: { order_id: foreign.orderId } })).statusCode).toBe(404)
    // the other seller (flag off) reaches nothing, and sees none of these transfers with it on either
    expect((await upload(camt('STMT-D', []), 'x.xml', other.accessToken)).json().error).toMatchObject({ type: 'feature_disabled' })
    expect((await t.request({ method: 'PATCH', url: `/api/v1/admin/sellers/${other.sellerId}`, token: manager, payload: { features: { virtual_iban: true } } })).statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/bank_transfers', token: other.accessToken })).json().total_count).toBe(0)
    expect((await t.request({ method: 'POST', url: `/api/v1/cabinet/bank_transfers/${line.id}/ignore`, token: other.accessToken, payload: {} })).statusCode).toBe(404)
  })
})
