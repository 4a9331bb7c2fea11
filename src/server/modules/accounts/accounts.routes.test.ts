import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { signUpUser } from '../../../../tests/factories/users'

let t: TestApp
beforeAll(async () => { t = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: '60' }) })
afterAll(async () => { await t.close() })

const linkToken = (html: string, param: string) => new RegExp(`${param}=([A-Za-z0-9_-]+)`).exec(html)?.[1]

async function latestMailTo(address: string) {
  const rows = await t.deps.database.executeSql('select token, kind, html from email_logs where lower("to") = lower($1) order by id desc limit 1', [address])
  return rows.rows[0] as { token: string; kind: string; html: string } | undefined
}

describe('sign up', () => {
  test('creates the user, answers tokens, and stores a confirmation mail', async () => {
    const res = await t.request({
      method: 'POST', url: '/api/v1/app/user',
      payload: { email: 'Anna@Example.test', password: 'Secret-pass1!', first_name: 'Anna', last_name: 'Berg', profile_type: 'seller', fingerprint: 'fp-anna-123456' },
    })
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body).toMatchObject({ user: { email: 'Anna@Example.test', confirmed: false, account_state: 'active' } })
    expect(body.user.profiles.map((p: { type: string }) => p.type)).toEqual(['seller'])
    expect(body.user.seller.can_sell).toBe(false)
    for (const key of ['access_token', 'expires_at', 'refresh_token', 'refresh_expires_at']) expect(body[key]).toBeTruthy()
    const mail = await latestMailTo('anna@example.test')
    expect(mail?.kind).toBe('confirmation')
  })

  test('a taken email, in any case, answers 422 email_taken', async () => {
    const first = await signUpUser(t)
    const res = await t.request({
      method: 'POST', url: '/api/v1/app/user',
      payload: { email: first.email.toUpperCase(), password: 'Secret-pass1!', first_name: 'A', last_name: 'B', profile_type: 'seller', fingerprint: 'fp-dup-123456' },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().error.type).toBe('email_taken')
  })

  test('unknown body keys are refused with INVALID_INPUT', async () => {
    const res = await t.request({
      method: 'POST', url: '/api/v1/app/user',
      payload: { email: 'x@example.test', password: 'Secret-pass1!', first_name: 'A', last_name: 'B', profile_type: 'seller', fingerprint: 'fp-12345678', is_admin: true },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.type).toBe('INVALID_INPUT')
    expect(res.json().error.fields[0].path).toContain('is_admin')
  })

  test('a password without a special character is refused with the field named', async () => {
    const res = await t.request({
      method: 'POST', url: '/api/v1/app/user',
      payload: { email: 'weak@example.test', password: 'abcdefgh1', first_name: 'A', last_name: 'B', profile_type: 'seller', fingerprint: 'fp-12345678' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toContainEqual(expect.objectContaining({ path: 'password' }))
  })

  test('a payer signs up with a payer profile and no seller', async () => {
    const payer = await signUpUser(t, { profile_type: 'payer' })
    expect(payer.body.user.profiles.map((p: { type: string }) => p.type)).toEqual(['payer'])
    expect(payer.body.user.seller).toBeNull()
  })

  test('the confirmation mail link confirms the email once', async () => {
    const user = await signUpUser(t)
    const mail = await latestMailTo(user.email)
    const token = linkToken(mail!.html, 'confirmation_token')!
    const page = await t.request({ method: 'GET', url: `/api/v1/common/email_logs/${mail!.token}` })
    expect(page.statusCode).toBe(200)
    expect(page.json().subject).toBe('Confirm your email address')
    const ok = await t.request({ method: 'POST', url: '/api/v1/app/user/confirmation', payload: { token } })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().confirmed).toBe(true)
    const again = await t.request({ method: 'POST', url: '/api/v1/app/user/confirmation', payload: { token } })
    expect(again.statusCode).toBe(422)
    expect(again.json().error.type).toBe('invalid_token')
  })

  test('the confirmation mail is delivered by its job (stored without SMTP)', async () => {
    const user = await signUpUser(t)
    await t.deps.jobs.drain()
    const rows = await t.deps.database.executeSql('select state from email_logs where lower("to") = lower($1)', [user.email])
    expect(rows.rows.map((r) => r.state)).toEqual(['stored'])
  })
})

describe('availability', () => {
  test('check_email answers whether an address is free, without regard to case', async () => {
    const user = await signUpUser(t)
    const taken = await t.request({ method: 'POST', url: '/api/v1/app/user/check_email', payload: { email: user.email.toUpperCase() } })
    expect(taken.json()).toEqual({ available: false })
    const free = await t.request({ method: 'POST', url: '/api/v1/app/user/check_email', payload: { email: 'nobody-here@example.test' } })
    expect(free.json()).toEqual({ available: true })
  })

  test('check_username refuses taken names (lowercased) and invalid ones', async () => {
    await signUpUser(t, { username: 'Maria_Shop' })
    const taken = await t.request({ method: 'POST', url: '/api/v1/app/user/check_username', payload: { username: 'maria_shop' } })
    expect(taken.json()).toEqual({ available: false, message: 'username_taken' })
    const invalid = await t.request({ method: 'POST', url: '/api/v1/app/user/check_username', payload: { username: '1abc' } })
    expect(invalid.json().available).toBe(false)
    const free = await t.request({ method: 'POST', url: '/api/v1/app/user/check_username', payload: { username: 'fresh-name' } })
    expect(free.json()).toEqual({ available: true })
  })
})

describe('sessions', () => {
  test('sign in answers tokens; wrong credentials answer the same 401 whether or not the email exists', async () => {
    const user = await signUpUser(t)
    const ok = await t.request({ method: 'POST', url: '/api/v1/app/session', payload: { email: user.email, password: user.password, fingerprint: user.fingerprint } })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().user.id).toBe(user.userId)
    const wrong = await t.request({ method: 'POST', url: '/api/v1/app/session', payload: { email: user.email, password: 'Wrong-pass1!', fingerprint: 'fp-12345678' } })
    const unknown = await t.request({ method: 'POST', url: '/api/v1/app/session', payload: { email: 'ghost@example.test', password: 'Wrong-pass1!', fingerprint: 'fp-12345678' } })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual(unknown.json())
    expect(wrong.json().error.type).toBe('invalid_credentials')
  })

  test('me needs a valid access token and names the token error', async () => {
    const user = await signUpUser(t)
    const me = await t.request({ method: 'GET', url: '/api/v1/app/user/me', token: user.accessToken })
    expect(me.statusCode).toBe(200)
    expect(me.json().profiles[0]).toMatchObject({ type: 'seller' })
    expect((await t.request({ method: 'GET', url: '/api/v1/app/user/me' })).json().error.type).toBe('missing_access_token')
    const bad = await t.request({ method: 'GET', url: '/api/v1/app/user/me', token: 'not.a.jwt' })
    expect(bad.statusCode).toBe(401)
    expect(bad.json().error.type).toBe('invalid_access_token')
  })

  test('an access token past its expiry answers expired_access_token; renewal gives a working one', async () => {
    const user = await signUpUser(t)
    t.clock.advance(61)
    const expired = await t.request({ method: 'GET', url: '/api/v1/app/user/me', token: user.accessToken })
    expect(expired.statusCode).toBe(401)
    expect(expired.json().error.type).toBe('expired_access_token')
    const renewed = await t.request({ method: 'POST', url: '/api/v1/app/session/renew_token', payload: { refresh_token: user.refreshToken, fingerprint: user.fingerprint } })
    expect(renewed.statusCode).toBe(200)
    expect(renewed.json().refresh_token).not.toBe(user.refreshToken)
    const me = await t.request({ method: 'GET', url: '/api/v1/app/user/me', token: renewed.json().access_token })
    expect(me.statusCode).toBe(200)
  })

  test('a reused refresh token revokes the whole family', async () => {
    const user = await signUpUser(t)
    const first = await t.request({ method: 'POST', url: '/api/v1/app/session/renew_token', payload: { refresh_token: user.refreshToken, fingerprint: user.fingerprint } })
    expect(first.statusCode).toBe(200)
    const reuse = await t.request({ method: 'POST', url: '/api/v1/app/session/renew_token', payload: { refresh_token: user.refreshToken, fingerprint: user.fingerprint } })
    expect(reuse.statusCode).toBe(401)
    expect(reuse.json().error.type).toBe('invalid_refresh_token')
    // The newer token of the same family is dead too, and so is its access token.
    const newer = await t.request({ method: 'POST', url: '/api/v1/app/session/renew_token', payload: { refresh_token: first.json().refresh_token, fingerprint: user.fingerprint } })
    expect(newer.json().error.type).toBe('invalid_refresh_token')
    const me = await t.request({ method: 'GET', url: '/api/v1/app/user/me', token: first.json().access_token })
    expect(me.json().error.type).toBe('invalid_access_token')
  })

  test('renewal names missing, foreign-fingerprint and expired refresh tokens', async () => {
    const user = await signUpUser(t)
    const missing = await t.request({ method: 'POST', url: '/api/v1/app/session/renew_token', payload: { fingerprint: user.fingerprint } })
    expect(missing.json().error.type).toBe('missing_refresh_token')
    const foreign = await t.request({ method: 'POST', url: '/api/v1/app/session/renew_token', payload: { refresh_token: user.refreshToken, fingerprint: 'another-client-fp' } })
    expect(foreign.json().error.type).toBe('invalid_refresh_token')
    t.clock.advance(31 * 86400)
    const expired = await t.request({ method: 'POST', url: '/api/v1/app/session/renew_token', payload: { refresh_token: user.refreshToken, fingerprint: user.fingerprint } })
    expect(expired.statusCode).toBe(401)
    expect(expired.json().error.type).toBe('expired_refresh_token')
  })

  test('sign out ends the session: its access and refresh tokens stop working', async () => {
    const user = await signUpUser(t)
    const out = await t.request({ method: 'DELETE', url: '/api/v1/app/session', token: user.accessToken })
    expect(out.statusCode).toBe(204)
    expect((await t.request({ method: 'GET', url: '/api/v1/app/user/me', token: user.accessToken })).json().error.type).toBe('invalid_access_token')
    const renew = await t.request({ method: 'POST', url: '/api/v1/app/session/renew_token', payload: { refresh_token: user.refreshToken, fingerprint: user.fingerprint } })
    expect(renew.json().error.type).toBe('invalid_refresh_token')
  })

  test('ten failed sign-ins for one email lock it for the window (429), even with the right password', async () => {
    const limited = await createTestApp({ RATE_LIMIT_AUTH_EMAIL_FAILURES: '10' })
    try {
      const user = await signUpUser(limited)
      for (let i = 0; i < 10; i++) {
        const res = await limited.request({ method: 'POST', url: '/api/v1/app/session', payload: { email: user.email, password: 'Wrong-pass1!', fingerprint: 'fp-12345678' } })
        expect(res.statusCode).toBe(401)
      }
      const locked = await limited.request({ method: 'POST', url: '/api/v1/app/session', payload: { email: user.email, password: user.password, fingerprint: 'fp-12345678' } })
      expect(locked.statusCode).toBe(429)
      expect(locked.json().error.type).toBe('MS_MAX_CONCURRENT_REQ')
      expect(locked.headers['retry-after']).toBeDefined()
    } finally {
      await limited.close()
    }
  })

  test('sign-in attempts per IP are limited with Retry-After', async () => {
    const limited = await createTestApp({ RATE_LIMIT_AUTH_IP_MAX: '3' })
    try {
      const codes: number[] = []
      for (let i = 0; i < 4; i++) {
        const res = await limited.request({ method: 'POST', url: '/api/v1/app/session', payload: { email: `n${i}@example.test`, password: 'Wrong-pass1!', fingerprint: 'fp-12345678' } })
        codes.push(res.statusCode)
        if (res.statusCode === 429) {
          expect(res.headers['retry-after']).toBeDefined()
          expect(res.json().error.type).toBe('MS_MAX_CONCURRENT_REQ')
        }
      }
      expect(codes).toEqual([401, 401, 401, 429])
    } finally {
      await limited.close()
    }
  })

  test('RATE_LIMIT=off lets a trusted load test through', async () => {
    const open = await createTestApp({ RATE_LIMIT: 'off', RATE_LIMIT_AUTH_IP_MAX: '1' })
    try {
      for (let i = 0; i < 3; i++) {
        const res = await open.request({ method: 'POST', url: '/api/v1/app/session', payload: { email: 'x@example.test', password: 'Wrong-pass1!', fingerprint: 'fp-12345678' } })
        expect(res.statusCode).toBe(401)
      }
    } finally {
      await open.close()
    }
  })
})

describe('profiles', () => {
  test('a payer becomes a seller and switches to that profile; the token then acts for the seller', async () => {
    const payer = await signUpUser(t, { profile_type: 'payer' })
    const created = await t.request({ method: 'POST', url: '/api/v1/app/user/profiles', token: payer.accessToken, payload: { type: 'seller' } })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ type: 'seller' })
    expect(created.json().seller_id).toEqual(expect.any(Number))
    const twice = await t.request({ method: 'POST', url: '/api/v1/app/user/profiles', token: payer.accessToken, payload: { type: 'seller' } })
    expect(twice.statusCode).toBe(409)
    const switched = await t.request({ method: 'PUT', url: '/api/v1/app/session/profile', token: payer.accessToken, payload: { profile_id: created.json().id } })
    expect(switched.statusCode).toBe(200)
    expect(switched.json().user.current_profile_id).toBe(created.json().id)
    const me = await t.request({ method: 'GET', url: '/api/v1/app/user/me', token: switched.json().access_token })
    expect(me.json().current_profile_id).toBe(created.json().id)
  })

  test("switching to another user's profile answers 404", async () => {
    const a = await signUpUser(t)
    const b = await signUpUser(t)
    const res = await t.request({ method: 'PUT', url: '/api/v1/app/session/profile', token: a.accessToken, payload: { profile_id: b.body.user.profiles[0].id } })
    expect(res.statusCode).toBe(404)
  })

  test('about you saves the business details on the seller', async () => {
    const user = await signUpUser(t)
    const res = await t.request({
      method: 'PATCH', url: '/api/v1/app/user/about_you', token: user.accessToken,
      payload: { business_type: 'entity', company: 'Berg Media GmbH', country_code: 'DE', employees: '1-5' },
    })
    expect(res.statusCode).toBe(200)
    const rows = await t.deps.database.executeSql('select company, business_type from sellers where user_id = $1', [user.userId])
    expect(rows.rows[0]).toEqual({ company: 'Berg Media GmbH', business_type: 'entity' })
  })
})

describe('password and email', () => {
  test('a reset link sets a new password and ends every session', async () => {
    const user = await signUpUser(t)
    expect((await t.request({ method: 'POST', url: '/api/v1/app/user/password/reset', payload: { email: user.email } })).statusCode).toBe(204)
    const mail = await latestMailTo(user.email)
    expect(mail?.kind).toBe('reset_password')
    const token = linkToken(mail!.html, 'reset_password_token')!
    const reset = await t.request({ method: 'PUT', url: '/api/v1/app/user/password', payload: { token, password: 'Brand-new-pass2?' } })
    expect(reset.statusCode).toBe(204)
    expect((await t.request({ method: 'GET', url: '/api/v1/app/user/me', token: user.accessToken })).statusCode).toBe(401)
    const signIn = await t.request({ method: 'POST', url: '/api/v1/app/session', payload: { email: user.email, password: 'Brand-new-pass2?', fingerprint: 'fp-12345678' } })
    expect(signIn.statusCode).toBe(200)
  })

  test('a reset request for an unknown address answers the same 204 and sends nothing', async () => {
    const res = await t.request({ method: 'POST', url: '/api/v1/app/user/password/reset', payload: { email: 'nobody@example.test' } })
    expect(res.statusCode).toBe(204)
    expect(await latestMailTo('nobody@example.test')).toBeUndefined()
  })

  test('a magic link signs in once and confirms the address', async () => {
    const user = await signUpUser(t)
    expect((await t.request({ method: 'POST', url: '/api/v1/app/user/send_magic_link', payload: { email: user.email } })).statusCode).toBe(204)
    const token = linkToken((await latestMailTo(user.email))!.html, 'magic_link_token')!
    const res = await t.request({ method: 'POST', url: '/api/v1/app/session/magic_link', payload: { token, fingerprint: 'fp-magic-1234' } })
    expect(res.statusCode).toBe(200)
    expect(res.json().user.confirmed).toBe(true)
    const again = await t.request({ method: 'POST', url: '/api/v1/app/session/magic_link', payload: { token, fingerprint: 'fp-magic-1234' } })
    expect(again.statusCode).toBe(422)
  })

  test('changing the email waits for the new address to confirm it', async () => {
    const user = await signUpUser(t)
    const res = await t.request({ method: 'POST', url: '/api/v1/app/user/change_email', token: user.accessToken, payload: { email: 'new-address@example.test', password: user.password } })
    expect(res.statusCode).toBe(204)
    const me = await t.request({ method: 'GET', url: '/api/v1/app/user/me', token: user.accessToken })
    expect(me.json()).toMatchObject({ email: user.email, unconfirmed_email: 'new-address@example.test' })
    const token = linkToken((await latestMailTo('new-address@example.test'))!.html, 'change_email_token')!
    const accepted = await t.request({ method: 'POST', url: '/api/v1/app/user/accept_change_email', payload: { token } })
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json()).toMatchObject({ email: 'new-address@example.test', unconfirmed_email: null, confirmed: true })
  })

  test('changing the email needs the password', async () => {
    const user = await signUpUser(t)
    const res = await t.request({ method: 'POST', url: '/api/v1/app/user/change_email', token: user.accessToken, payload: { email: 'other@example.test', password: 'Wrong-pass1!' } })
    expect(res.statusCode).toBe(401)
  })
})

describe('deactivation and deletion', () => {
  test('deactivating ends sessions; signing in again reactivates', async () => {
    const user = await signUpUser(t)
    const status = await t.request({ method: 'GET', url: '/api/v1/app/user/deletion', token: user.accessToken })
    expect(status.json()).toMatchObject({ start_step: 0, can_delete: true, account_state: 'active' })
    const res = await t.request({ method: 'POST', url: '/api/v1/app/user/deactivate', token: user.accessToken, payload: { password: user.password, reason: 'not_using' } })
    expect(res.statusCode).toBe(204)
    expect((await t.request({ method: 'GET', url: '/api/v1/app/user/me', token: user.accessToken })).statusCode).toBe(401)
    const signIn = await t.request({ method: 'POST', url: '/api/v1/app/session', payload: { email: user.email, password: user.password, fingerprint: 'fp-12345678' } })
    expect(signIn.statusCode).toBe(200)
    expect(signIn.json().user.account_state).toBe('active')
  })

  test('deleting scrambles the personal data and the address can sign up again', async () => {
    const user = await signUpUser(t)
    const res = await t.request({ method: 'POST', url: '/api/v1/app/user/delete', token: user.accessToken, payload: { password: user.password, reason: 'privacy', comment: 'bye' } })
    expect(res.statusCode).toBe(204)
    const rows = await t.deps.database.executeSql('select email, first_name, account_state, data_handling from users where id = $1', [user.userId])
    expect(rows.rows[0]).toEqual({ email: `deleted-${user.userId}@deleted.invalid`, first_name: 'Deleted', account_state: 'deleted', data_handling: 'data_scrambled' })
    const signIn = await t.request({ method: 'POST', url: '/api/v1/app/session', payload: { email: user.email, password: user.password, fingerprint: 'fp-12345678' } })
    expect(signIn.statusCode).toBe(401)
    await signUpUser(t, { email: user.email })
  })

  test('the last manager cannot delete their account (questionnaire starts at step -1)', async () => {
    const { systemContext } = await import('../../context')
    const { ensureManager } = await import('./accounts.service')
    await ensureManager(systemContext(t.deps), { email: 'boss@example.test', password: 'Manager-pass1!', firstName: 'Boss', lastName: 'One' })
    const signIn = await t.request({ method: 'POST', url: '/api/v1/app/session', payload: { email: 'boss@example.test', password: 'Manager-pass1!', fingerprint: 'fp-12345678' } })
    const token = signIn.json().access_token
    const status = await t.request({ method: 'GET', url: '/api/v1/app/user/deletion', token })
    expect(status.json()).toMatchObject({ start_step: -1, can_delete: false, blockers: ['last_manager'] })
    const res = await t.request({ method: 'POST', url: '/api/v1/app/user/delete', token, payload: { password: 'Manager-pass1!', reason: 'other' } })
    expect(res.statusCode).toBe(409)
    expect(res.json().error.type).toBe('deletion_not_possible')
  })
})

describe('profile switch and renewal', () => {
  test('a token issued before a switch acts with the switched profile (the session holds the profile)', async () => {
    const payer = await signUpUser(t, { profile_type: 'payer' })
    const created = await t.request({ method: 'POST', url: '/api/v1/app/user/profiles', token: payer.accessToken, payload: { type: 'seller' } })
    const renewed = await t.request({ method: 'POST', url: '/api/v1/app/session/renew_token', payload: { refresh_token: payer.refreshToken, fingerprint: payer.fingerprint } })
    await t.request({ method: 'PUT', url: '/api/v1/app/session/profile', token: payer.accessToken, payload: { profile_id: created.json().id } })
    const me = await t.request({ method: 'GET', url: '/api/v1/app/user/me', token: renewed.json().access_token })
    expect(me.json().current_profile_id).toBe(created.json().id)
  })
})

describe('account settings', () => {
  test('PATCH me changes names, username and locale; a taken username is refused', async () => {
    const other = await signUpUser(t, { username: 'taken-name' })
    void other
    const user = await signUpUser(t)
    const ok = await t.request({ method: 'PATCH', url: '/api/v1/app/user/me', token: user.accessToken, payload: { first_name: 'Greta', username: 'greta-shop', locale: 'de' } })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ first_name: 'Greta', username: 'greta-shop', locale: 'de' })
    const taken = await t.request({ method: 'PATCH', url: '/api/v1/app/user/me', token: user.accessToken, payload: { username: 'Taken-Name' } })
    expect(taken.statusCode).toBe(422)
    expect(taken.json().error.type).toBe('username_taken')
    const script = await t.request({ method: 'PATCH', url: '/api/v1/app/user/me', token: user.accessToken, payload: { last_name: '<script>alert(1)</script>' } })
    expect(script.statusCode).toBe(400)
  })

  test('changing the password needs the current one, keeps this session and ends the others', async () => {
    const user = await signUpUser(t)
    const other = await t.request({ method: 'POST', url: '/api/v1/app/session', payload: { email: user.email, password: user.password, fingerprint: 'fp-other-device' } })
    const wrong = await t.request({ method: 'POST', url: '/api/v1/app/user/password/change', token: user.accessToken, payload: { current_password: 'Wrong-pass1!', password: 'Next-pass2?' } })
    expect(wrong.statusCode).toBe(401)
    const ok = await t.request({ method: 'POST', url: '/api/v1/app/user/password/change', token: user.accessToken, payload: { current_password: user.password, password: 'Next-pass2?' } })
    expect(ok.statusCode).toBe(204)
    expect((await t.request({ method: 'GET', url: '/api/v1/app/user/me', token: user.accessToken })).statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: '/api/v1/app/user/me', token: other.json().access_token })).statusCode).toBe(401)
    expect((await latestMailTo(user.email))?.kind).toBe('password_changed')
  })

  test('resending the confirmation replaces the old link; confirmed or unknown addresses get the same 204 and no mail', async () => {
    const user = await signUpUser(t)
    const first = linkToken((await latestMailTo(user.email))!.html, 'confirmation_token')!
    expect((await t.request({ method: 'POST', url: '/api/v1/app/user/confirmation/resend', payload: { email: user.email } })).statusCode).toBe(204)
    const second = linkToken((await latestMailTo(user.email))!.html, 'confirmation_token')!
    expect(second).not.toBe(first)
    expect((await t.request({ method: 'POST', url: '/api/v1/app/user/confirmation', payload: { token: first } })).statusCode).toBe(422)
    expect((await t.request({ method: 'POST', url: '/api/v1/app/user/confirmation', payload: { token: second } })).statusCode).toBe(200)
    const before = await t.deps.database.executeSql('select count(*)::int as n from email_logs where lower("to") = lower($1)', [user.email])
    expect((await t.request({ method: 'POST', url: '/api/v1/app/user/confirmation/resend', payload: { email: user.email } })).statusCode).toBe(204)
    expect((await t.request({ method: 'POST', url: '/api/v1/app/user/confirmation/resend', payload: { email: 'nobody-else@example.test' } })).statusCode).toBe(204)
    const after = await t.deps.database.executeSql('select count(*)::int as n from email_logs where lower("to") = lower($1)', [user.email])
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n)
  })

  test('a confirmation link past its 3 days answers expired_token', async () => {
    const user = await signUpUser(t)
    const token = linkToken((await latestMailTo(user.email))!.html, 'confirmation_token')!
    t.clock.advance(3 * 86400 + 1)
    const res = await t.request({ method: 'POST', url: '/api/v1/app/user/confirmation', payload: { token } })
    expect(res.statusCode).toBe(422)
    expect(res.json().error.type).toBe('expired_token')
  })

  test('an unconfirmed user can sign in and use the cabinet, and cannot sell yet (docs/reference/readings.md 23)', async () => {
    const user = await signUpUser(t)
    const me = await t.request({ method: 'GET', url: '/api/v1/app/user/me', token: user.accessToken })
    expect(me.json()).toMatchObject({ confirmed: false, seller: { can_sell: false } })
  })
})
