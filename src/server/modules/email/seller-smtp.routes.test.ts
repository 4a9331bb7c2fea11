import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, signInManager, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { queueEmail } from './email.service'

// A seller's own mail server (docs/decisions/0084-custom-smtp-and-double-opt-in.md) against two local SMTP
// stand-ins, the seller's (which checks the user name and password) and the platform's: settings stored with the
// password sealed and never answered, a test mail through the seller's server verifying them, a purchase's
// payer mails going out through it, a failing server falling back to the platform's sender with one notice
// per run of failures, the flag off sending through the platform, and a private address refused.

type Received = { from: string; to: string; subject: string; text: string }

async function startSmtp(options: { auth?: { user: string; pass: string } } = {}) {
  const received: Received[] = []
  const state = { reject: null as string | null }
  const server = new SMTPServer({
    authOptional: !options.auth, allowInsecureAuth: true, disabledCommands: ['STARTTLS'], logger: false,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) callback(null, { user: auth.username })
      else callback(new Error('535 5.7.8 Authentication credentials invalid'))
    },
    onMailFrom(_address, _session, callback) {
      if (state.reject) {
        const error = new Error(state.reject) as Error & { responseCode: number }
        error.responseCode = 554
        callback(error)
      } else callback()
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push({ from: String(mail.from?.text ?? ''), to: String((mail.to as { text: string }).text), subject: mail.subject ?? '', text: mail.text ?? '' })
        callback()
      }, callback)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    received, state, port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

let t: TestApp
let sellerSmtp: Awaited<ReturnType<typeof startSmtp>>
let platformSmtp: Awaited<ReturnType<typeof startSmtp>>
let seller: TestSeller
let manager: string
const password = 'seller-smtp-Pass-0451'

beforeAll(async () => {
  sellerSmtp = await startSmtp({ auth: { user: 'shop-mailer', pass: password } })
  platformSmtp = await startSmtp()
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${platformSmtp.port}`, SELLER_SMTP_ALLOW_LOOPBACK: 'true', SELLER_SMTP_TIMEOUT_MS: '3000' })
  seller = await createSeller(t)
  manager = await signInManager(t)
  const flagged = await t.request({ method: 'PATCH', url: `/api/v1/admin/sellers/${seller.sellerId}`, token: manager, payload: { features: { custom_smtp: true } } })
  expect(flagged.statusCode, flagged.body).toBe(200)
  await t.deps.jobs.drain()
  platformSmtp.received.length = 0
}, 60_000)
afterAll(async () => {
  await t?.close()
  await sellerSmtp?.close()
  await platformSmtp?.close()
})

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, token = seller.accessToken) =>
  t.request({ method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) })
const settings = (overrides: object = {}) => ({
  host: '127.0.0.1', port: sellerSmtp.port, security: 'none', username: 'shop-mailer', password, from_email: 'hello@shop.example.test', from_name: 'Shop of Erika', ...overrides,
})

/** A payer mail of the seller, queued as the payer mails' senders queue it (with the seller's id), then delivered. */
async function payerMail(subject: string, sellerId: number | null = seller.sellerId): Promise<{ sent_via: string | null; state: string }> {
  const row = await t.deps.db.transaction((tx) => queueEmail(t.deps, tx, {
    to: 'pia.payer@example.test', kind: 'order_delivery', locale: 'en', firstName: 'Pia', sellerId,
    rendered: { subject, html: `<p>${subject}</p>`, text: subject },
  }))
  await t.deps.jobs.drain()
  return (await sql<{ sent_via: string | null; state: string }>('select sent_via, state from email_logs where id = $1', [row.id]))[0]!
}

describe('settings and the test mail', () => {
  test('nothing set: configured false', async () => {
    const res = await call('GET', '/cabinet/smtp_settings')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ configured: false, password_set: false, verified: false })
  })

  test('the password is sealed at rest and never answered; the settings start unverified', async () => {
    const saved = await call('PUT', '/cabinet/smtp_settings', settings())
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ configured: true, host: '127.0.0.1', username: 'shop-mailer', password_set: true, verified: false })
    expect(saved.body).not.toContain(password)
    expect((await call('GET', '/cabinet/smtp_settings')).body).not.toContain(password)
    const [row] = await sql<{ password_encrypted: string }>('select password_encrypted from seller_smtp_settings where seller_id = $1', [seller.sellerId])
    expect(row!.password_encrypted).toMatch(/^v1:/)
    expect(row!.password_encrypted).not.toContain(password)
  })

  test('unverified settings carry no payer mail: it goes through the platform', async () => {
    expect(await payerMail('Before the test')).toEqual({ sent_via: 'platform', state: 'sent' })
    expect(sellerSmtp.received).toHaveLength(0)
    expect(platformSmtp.received.map((m) => m.subject)).toContain('Before the test')
  })

  test('a wrong password: the test answers the server\'s words and the settings stay unverified', async () => {
    expect((await call('PUT', '/cabinet/smtp_settings', settings({ password: 'wrong-password' }))).statusCode).toBe(200)
    const res = await call('POST', '/cabinet/smtp_settings/test', {})
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ ok: false, settings: { verified: false } })
    expect(res.json().error).toContain('Authentication credentials invalid')
    expect(sellerSmtp.received).toHaveLength(0)
  })

  test('the right password (left out on a later save keeps it): the test mail arrives and verifies the settings', async () => {
    expect((await call('PUT', '/cabinet/smtp_settings', settings())).statusCode).toBe(200)
    const { password: _, ...withoutPassword } = settings({ from_name: 'Erika\'s Shop' })
    const kept = await call('PUT', '/cabinet/smtp_settings', withoutPassword)
    expect(kept.json()).toMatchObject({ password_set: true, from_name: 'Erika\'s Shop' })
    const res = await call('POST', '/cabinet/smtp_settings/test', { to: 'erika@shop.example.test' })
    expect(res.json(), res.body).toMatchObject({ ok: true, error: null, settings: { verified: true, last_test_error: null } })
    expect(sellerSmtp.received).toEqual([expect.objectContaining({ to: 'erika@shop.example.test', subject: 'Test mail from Sellfront' })])
    expect(sellerSmtp.received[0]!.from).toContain('hello@shop.example.test')
    // A later save of a field that does not touch the server keeps the verification.
    const again = await call('PUT', '/cabinet/smtp_settings', withoutPassword)
    expect(again.json().verified).toBe(true)
  })

  test('a server on a private address is refused without connecting', async () => {
    const other = await createSeller(t)
    await t.request({ method: 'PATCH', url: `/api/v1/admin/sellers/${other.sellerId}`, token: manager, payload: { features: { custom_smtp: true } } })
    expect((await call('PUT', '/cabinet/smtp_settings', settings({ host: '10.1.2.3', port: 25 }), other.accessToken)).statusCode).toBe(200)
    const res = await call('POST', '/cabinet/smtp_settings/test', {}, other.accessToken)
    expect(res.json()).toMatchObject({ ok: false, settings: { verified: false } })
    expect(res.json().error).toContain('private')
  })
})

describe('delivery', () => {
  test('a purchase\'s payer mails go out through the seller\'s server', async () => {
    const product = await publishedProduct(t, seller.accessToken, { name: 'Mail course' })
    const email = 'buyer.smtp@example.test'
    const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer: fullPayer(email), terms_accepted: true })
    expect(res.statusCode, res.body).toBe(201)
    expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
    await t.deps.jobs.drain()
    const toPayer = sellerSmtp.received.filter((m) => m.to === email)
    expect(toPayer.map((m) => m.subject)).toContain('Your order: Mail course')
    expect(toPayer.every((m) => m.from.includes('hello@shop.example.test'))).toBe(true)
    expect(platformSmtp.received.filter((m) => m.to === email)).toHaveLength(0)
    const logs = await sql<{ kind: string; sent_via: string; seller_id: number }>('select kind, sent_via, seller_id from email_logs where "to" = $1', [email])
    expect(logs.find((l) => l.kind === 'order_confirmation')).toMatchObject({ sent_via: 'seller_smtp', seller_id: seller.sellerId })
    // The seller's own mails (here: the new order's notification) stay with the platform.
    expect(sellerSmtp.received.some((m) => m.to === seller.email)).toBe(false)
  })

  test('the seller\'s server fails: the mail goes through the platform, and the seller is told once per run of failures', async () => {
    sellerSmtp.state.reject = '554 5.7.1 Relay access denied'
    const before = platformSmtp.received.length
    expect(await payerMail('Failure one')).toEqual({ sent_via: 'platform_fallback', state: 'sent' })
    expect(await payerMail('Failure two')).toEqual({ sent_via: 'platform_fallback', state: 'sent' })
    const platform = platformSmtp.received.slice(before)
    expect(platform.filter((m) => m.to === 'pia.payer@example.test').map((m) => m.subject)).toEqual(['Failure one', 'Failure two'])
    const notices = platform.filter((m) => m.to === seller.email)
    expect(notices).toHaveLength(1)
    expect(notices[0]!.subject).toBe('Your mail server failed to send a mail')
    expect(notices[0]!.text).toContain('Relay access denied')
    const state = (await call('GET', '/cabinet/smtp_settings')).json()
    expect(state).toMatchObject({ failing_since: expect.any(String), verified: true })
    expect(state.last_error).toContain('Relay access denied')
  })

  test('the server sends again: the run ends, and a new failure is told again', async () => {
    sellerSmtp.state.reject = null
    expect(await payerMail('Recovered')).toEqual({ sent_via: 'seller_smtp', state: 'sent' })
    expect((await call('GET', '/cabinet/smtp_settings')).json()).toMatchObject({ failing_since: null, last_sent_at: expect.any(String) })
    sellerSmtp.state.reject = '451 4.3.0 Try again later'
    const before = platformSmtp.received.length
    expect((await payerMail('Failure three')).sent_via).toBe('platform_fallback')
    expect(platformSmtp.received.slice(before).filter((m) => m.to === seller.email)).toHaveLength(1)
    sellerSmtp.state.reject = null
  })

  test('platform mail (no seller) never uses the seller\'s server', async () => {
    const count = sellerSmtp.received.length
    expect(await payerMail('Platform news', null)).toEqual({ sent_via: 'platform', state: 'sent' })
    expect(sellerSmtp.received).toHaveLength(count)
  })

  test('with the flag off, the routes answer 403 and payer mails go through the platform', async () => {
    await t.request({ method: 'PATCH', url: `/api/v1/admin/sellers/${seller.sellerId}`, token: manager, payload: { features: { custom_smtp: false } } })
    const res = await call('GET', '/cabinet/smtp_settings')
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toMatchObject({ type: 'feature_disabled' })
    const count = sellerSmtp.received.length
    expect(await payerMail('Flag off')).toEqual({ sent_via: 'platform', state: 'sent' })
    expect(sellerSmtp.received).toHaveLength(count)
    await t.request({ method: 'PATCH', url: `/api/v1/admin/sellers/${seller.sellerId}`, token: manager, payload: { features: { custom_smtp: true } } })
  })

  test('removing the settings sends through the platform again', async () => {
    expect((await call('DELETE', '/cabinet/smtp_settings')).statusCode).toBe(204)
    expect((await call('DELETE', '/cabinet/smtp_settings')).statusCode).toBe(404)
    expect((await payerMail('After removal')).sent_via).toBe('platform')
  })
})
