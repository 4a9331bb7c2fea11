import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadConfig } from '../../config'
import { signUpUser } from '../../../../tests/factories/users'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

// Mail preview mode (decision 0041): without a mail server, in development, the requests that send a mail
// name the stored mail's page; with SMTP or in production they never do, and the answers stay as documented.

describe('the MAIL_PREVIEW setting', () => {
  test('unset: on in development without SMTP_URL, off in tests, with SMTP and in production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).mailPreview).toBe(true)
    expect(loadConfig({ NODE_ENV: 'development', SMTP_URL: 'smtp://mail.example.test:587' }).mailPreview).toBe(false)
    expect(loadConfig({ NODE_ENV: 'test' }).mailPreview).toBe(false)
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).mailPreview).toBe(false)
  })

  test('on is refused in production and with SMTP_URL', () => {
    expect(loadConfig({ NODE_ENV: 'test', MAIL_PREVIEW: 'on' }).mailPreview).toBe(true)
    expect(loadConfig({ NODE_ENV: 'development', MAIL_PREVIEW: 'off' }).mailPreview).toBe(false)
    expect(() => loadConfig({ NODE_ENV: 'production', MAIL_PREVIEW: 'on' })).toThrow(/MAIL_PREVIEW/)
    expect(() => loadConfig({ NODE_ENV: 'development', MAIL_PREVIEW: 'on', SMTP_URL: 'smtp://mail.example.test:587' })).toThrow(/MAIL_PREVIEW/)
  })
})

describe('answers in mail preview mode', () => {
  let t: TestApp
  beforeAll(async () => { t = await createTestApp({ MAIL_PREVIEW: 'on' }) })
  afterAll(async () => { await t.close() })

  const tokenOf = (url: string) => /\/email_logs\/([A-Za-z0-9_-]+)$/.exec(url)?.[1]
  async function storedMail(url: string) {
    expect(url.startsWith('http://localhost:3000/email_logs/')).toBe(true)
    const res = await t.request({ method: 'GET', url: `/api/v1/common/email_logs/${tokenOf(url)}` })
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { to: string; kind: string }
  }

  test('sign-up names the confirmation mail; resend, reset and magic link answer 200 naming theirs', async () => {
    const res = await t.request({
      method: 'POST', url: '/api/v1/app/user',
      payload: { email: 'preview@example.test', password: 'Secret-pass1!', first_name: 'Pia', last_name: 'View', profile_type: 'seller', fingerprint: 'fp-preview-123456' },
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(await storedMail(res.json().preview_url)).toMatchObject({ to: 'preview@example.test', kind: 'confirmation' })

    const cases = [
      ['/api/v1/app/user/confirmation/resend', { email: 'preview@example.test' }, 'confirmation'],
      ['/api/v1/app/user/password/reset', { email: 'preview@example.test' }, 'reset_password'],
      ['/api/v1/app/user/send_magic_link', { email: 'preview@example.test' }, 'magic_link'],
    ] as const
    for (const [url, payload, kind] of cases) {
      const sent = await t.request({ method: 'POST', url, payload })
      expect(sent.statusCode, sent.body).toBe(200)
      expect(await storedMail(sent.json().preview_url)).toMatchObject({ kind })
    }
  })

  test('an address without an account still answers 204', async () => {
    const res = await t.request({ method: 'POST', url: '/api/v1/app/user/password/reset', payload: { email: 'nobody-preview@example.test' } })
    expect(res.statusCode).toBe(204)
  })
})

describe('answers without mail preview mode', () => {
  let t: TestApp
  beforeAll(async () => { t = await createTestApp() })
  afterAll(async () => { await t.close() })

  test('sign-up has no preview_url and the mail requests answer 204', async () => {
    const user = await signUpUser(t)
    const res = await t.request({
      method: 'POST', url: '/api/v1/app/user',
      payload: { email: 'no-preview@example.test', password: 'Secret-pass1!', first_name: 'No', last_name: 'View', profile_type: 'seller', fingerprint: 'fp-nopreview-123456' },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json().preview_url).toBeUndefined()
    for (const url of ['/api/v1/app/user/confirmation/resend', '/api/v1/app/user/password/reset', '/api/v1/app/user/send_magic_link']) {
      const sent = await t.request({ method: 'POST', url, payload: { email: user.email } })
      expect(sent.statusCode).toBe(204)
    }
  })
})
