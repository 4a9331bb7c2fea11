import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SMTPServer } from 'smtp-server'
import { simpleParser } from 'mailparser'
import type { AddressInfo } from 'node:net'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { signUpUser } from '../../../../tests/factories/users'
import { systemContext } from '../../context'
import { ensureManager } from '../accounts/accounts.service'
import { unsubscribeToken } from './email.service'

describe('without SMTP: stored mail', () => {
  let t: TestApp
  beforeAll(async () => { t = await createTestApp() })
  afterAll(async () => { await t.close() })

  test('the sign-up mail and its delivery job are written in the same transaction as the user', async () => {
    const user = await signUpUser(t)
    const jobs = await t.deps.database.executeSql(`select data from pgboss.job where name = 'email.deliver'`)
    const logs = await t.deps.database.executeSql('select id from email_logs where lower("to") = lower($1)', [user.email])
    expect(jobs.rows.map((r) => r.data.emailLogId)).toContain(logs.rows[0]!.id)
  })

  test('an unknown mail token answers 404', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/common/email_logs/unknown-token-123' })
    expect(res.statusCode).toBe(404)
  })

  test('the outbox lists stored mails to managers only', async () => {
    const seller = await signUpUser(t)
    const denied = await t.request({ method: 'GET', url: '/api/v1/admin/email_logs', token: seller.accessToken })
    expect(denied.statusCode).toBe(403)
    expect(denied.json().error.type).toBe('forbidden')
    expect((await t.request({ method: 'GET', url: '/api/v1/admin/email_logs' })).statusCode).toBe(401)

    await ensureManager(systemContext(t.deps), { email: 'outbox-manager@example.test', password: 'Manager-pass1!', firstName: 'M', lastName: 'M' })
    const signIn = await t.request({ method: 'POST', url: '/api/v1/app/session', payload: { email: 'outbox-manager@example.test', password: 'Manager-pass1!', fingerprint: 'fp-12345678' } })
    const token = signIn.json().access_token
    const res = await t.request({ method: 'GET', url: `/api/v1/admin/email_logs?per=10&query=${encodeURIComponent(seller.email)}`, token })
    expect(res.statusCode).toBe(200)
    expect(res.json().total_count).toBe(1)
    expect(res.json().total_count_max).toBeGreaterThanOrEqual(2)
    expect(res.json().list[0]).toMatchObject({ to: seller.email, kind: 'confirmation' })
  })

  test('list parameters are validated: per above 500 is refused', async () => {
    // a request without a sign-in learns nothing of the rules (401 first); a manager's is validated
    expect((await t.request({ method: 'GET', url: '/api/v1/admin/email_logs?per=501' })).statusCode).toBe(401)
    const signIn = await t.request({ method: 'POST', url: '/api/v1/app/session', payload: { email: 'outbox-manager@example.test', password: 'Manager-pass1!', fingerprint: 'fp-12345678' } })
    const res = await t.request({ method: 'GET', url: '/api/v1/admin/email_logs?per=501', token: signIn.json().access_token })
    expect(res.statusCode).toBe(400)
  })

  test('an unsubscribe link shows its address and unsubscribes once', async () => {
    const token = await unsubscribeToken(t.deps.db, 'reader@example.test')
    const before = await t.request({ method: 'GET', url: `/api/v1/common/emails/unsubscribe/${token}` })
    expect(before.json()).toEqual({ email: 'reader@example.test', category: 'news', unsubscribed: false })
    expect((await t.request({ method: 'POST', url: `/api/v1/common/emails/unsubscribe/${token}` })).statusCode).toBe(204)
    expect((await t.request({ method: 'POST', url: `/api/v1/common/emails/unsubscribe/${token}` })).statusCode).toBe(204)
    const after = await t.request({ method: 'GET', url: `/api/v1/common/emails/unsubscribe/${token}` })
    expect(after.json().unsubscribed).toBe(true)
  })
})

describe('with SMTP: a real receiver', () => {
  let t: TestApp
  let smtp: SMTPServer
  const received: { to: string; subject: string; text: string }[] = []

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream).then((mail) => {
          received.push({ to: String((mail.to as { text: string }).text), subject: mail.subject ?? '', text: mail.text ?? '' })
          callback()
        }, callback)
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    const port = (smtp.server.address() as AddressInfo).port
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` })
  })
  afterAll(async () => {
    await t.close()
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
  })

  test('the confirmation mail reaches the SMTP server once, even if the job runs twice', async () => {
    const user = await signUpUser(t)
    expect(received).toHaveLength(0)
    await t.deps.jobs.drain()
    expect(received).toHaveLength(1)
    expect(received[0]).toMatchObject({ to: user.email, subject: 'Confirm your email address' })
    expect(received[0]!.text).toContain('/users/confirmation?confirmation_token=')
    const { deliverEmail } = await import('./email.service')
    const row = await t.deps.database.executeSql('select id, state from email_logs where lower("to") = lower($1)', [user.email])
    expect(row.rows[0]!.state).toBe('sent')
    await deliverEmail(t.deps, { emailLogId: row.rows[0]!.id })
    expect(received).toHaveLength(1)
  })

  test('a German user gets the German mail', async () => {
    const user = await signUpUser(t, { locale: 'de' })
    await t.deps.jobs.drain()
    expect(received.find((m) => m.to === user.email)?.subject).toBe('Bestätige deine E-Mail-Adresse')
  })
})
