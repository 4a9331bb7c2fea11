import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { createSeller, signInManager, type TestSeller } from '../../../../tests/factories/catalog'

// The managers' users and admin mode (docs/decisions/0056-managers-admin-mode.md).

let t: TestApp
let manager: string
let active: TestSeller
let deactivated: TestSeller
let deleting: TestSeller
beforeAll(async () => {
  // admin mode shorter than the access token, so its expiry is seen with the manager's token still valid
  t = await createTestApp({ ADMIN_MODE_TTL_SECONDS: '600' })
  manager = await signInManager(t)
  active = await createSeller(t)
  deactivated = await createSeller(t)
  deleting = await createSeller(t)
  await t.deps.database.executeSql('update users set first_name = $1, last_name = $2 where id = $3', ['Rosa', 'Quellwasser', active.userId])
  expect((await post(`/api/v1/admin/users/${deactivated.userId}/deactivate`)).statusCode).toBe(200)
  expect((await post(`/api/v1/admin/users/${deleting.userId}/start_deletion`)).statusCode).toBe(200)
})
afterAll(async () => { await t.close() })

const get = (url: string, token = manager, cookie?: string) => t.request({ method: 'GET', url, token, ...(cookie ? { cookies: { admin_access_token: cookie } } : {}) })
const post = (url: string, token = manager, cookie?: string, payload?: unknown) =>
  t.request({ method: 'POST', url, token, ...(payload ? { payload } : {}), ...(cookie ? { cookies: { admin_access_token: cookie } } : {}) })
const ids = (res: { json(): any; body: string }) => (res.json().list ?? expect.fail(res.body)).map((item: { id: number }) => item.id) as number[]
const mine = [() => active.userId, () => deactivated.userId, () => deleting.userId]
const only = (res: { json(): any; body: string }) => ids(res).filter((id) => mine.some((m) => m() === id)).sort((a, b) => a - b)

async function startAdminMode(userId: number, token = manager): Promise<string> {
  const res = await post(`/api/v1/admin/users/${userId}/admin_mode`, token)
  expect(res.statusCode, res.body).toBe(200)
  const cookie = res.cookies.find((c) => c.name === 'admin_access_token')!
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' })
  return cookie.value
}

describe('GET /admin/users', () => {
  test('managers only; search by name, email or username', async () => {
    expect((await get('/api/v1/admin/users', active.accessToken)).statusCode).toBe(403)
    expect(ids(await get('/api/v1/admin/users?query=rosa%20quell'))).toEqual([active.userId])
    expect(ids(await get(`/api/v1/admin/users?query=${encodeURIComponent(deactivated.email.toUpperCase())}`))).toEqual([deactivated.userId])
    expect(ids(await get(`/api/v1/admin/users?query=${deleting.username}`))).toEqual([deleting.userId])
  })

  test('account state, deletion_state and the deactivated_at range filter', async () => {
    const all = [active.userId, deactivated.userId, deleting.userId].sort((a, b) => a - b)
    expect(only(await get('/api/v1/admin/users?account_state=active&per=500'))).toEqual([active.userId])
    expect(only(await get('/api/v1/admin/users?account_state=deactivated&per=500'))).toEqual([deactivated.userId, deleting.userId].sort((a, b) => a - b))
    expect(only(await get('/api/v1/admin/users?deletion_state=deletion_requested&per=500'))).toEqual([deleting.userId])
    expect(only(await get('/api/v1/admin/users?deletion_state=inactive_plan&per=500'))).toEqual([deactivated.userId])
    const from = new Date(Date.now() - 3600_000).toISOString()
    expect(only(await get(`/api/v1/admin/users?deactivated_from_time=${encodeURIComponent(from)}&per=500`))).toEqual([deactivated.userId, deleting.userId].sort((a, b) => a - b))
    expect(only(await get(`/api/v1/admin/users?deactivated_till_time=${encodeURIComponent(from)}&per=500`))).toEqual([])
    expect(only(await get('/api/v1/admin/users?profile_type=seller&per=500'))).toEqual(all)
    expect(only(await get('/api/v1/admin/users?profile_type=manager&per=500'))).toEqual([])
    expect((await get('/api/v1/admin/users?deletion_state=gone')).statusCode).toBe(400)
  })

  test('the detail names profiles, states, sessions and the actions allowed', async () => {
    const res = await get(`/api/v1/admin/users/${deleting.userId}`)
    expect(res.statusCode).toBe(200)
    const user = res.json().user
    expect(user).toMatchObject({ account_state: 'deactivated', deletion_state: 'deletion_requested', blocked: false, power_seller: false })
    expect(user.profile_types).toEqual(['seller'])
    expect(user.sessions[0].revoked_reason).toBe('deletion_requested')
    expect(user.actions).toEqual(['block', 'reactivate', 'complete_deletion'])
  })
})

describe('actions through the state machines', () => {
  test('refusals: a move the states do not allow is 409, the own account 403', async () => {
    const seller = await createSeller(t)
    expect((await post(`/api/v1/admin/users/${seller.userId}/reactivate`)).json().error.type).toBe('conflict')
    expect((await post(`/api/v1/admin/users/${seller.userId}/complete_deletion`)).statusCode).toBe(409)
    const me = (await get('/api/v1/app/user/me')).json().id
    expect((await post(`/api/v1/admin/users/${me}/block`)).statusCode).toBe(403)
    expect((await post(`/api/v1/admin/users/${seller.userId}/block`)).statusCode).toBe(200)
    expect((await post(`/api/v1/admin/users/${seller.userId}/block`)).statusCode).toBe(409)
  })

  test('a completed deletion scrambles the data; the deleted account takes no further action', async () => {
    const seller = await createSeller(t)
    await post(`/api/v1/admin/users/${seller.userId}/start_deletion`)
    const done = await post(`/api/v1/admin/users/${seller.userId}/complete_deletion`)
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().user).toMatchObject({ account_state: 'deleted', deletion_state: 'data_scrambled', email: `deleted-${seller.userId}@deleted.invalid`, actions: [] })
    expect((await post(`/api/v1/admin/users/${seller.userId}/reactivate`)).statusCode).toBe(409)
  })

  test('blocking ends the user\'s tokens at once and refuses sign-in until unblocked', async () => {
    const seller = await createSeller(t)
    expect((await get('/api/v1/app/user/me', seller.accessToken)).statusCode).toBe(200)
    await post(`/api/v1/admin/users/${seller.userId}/block`)
    expect((await get('/api/v1/app/user/me', seller.accessToken)).json().error.type).toBe('invalid_access_token')
    const renew = await t.request({ method: 'POST', url: '/api/v1/app/session/renew_token', payload: { refresh_token: seller.refreshToken, fingerprint: seller.fingerprint } })
    expect(renew.statusCode).toBe(401)
    const signIn = () => t.request({ method: 'POST', url: '/api/v1/app/session', payload: { email: seller.email, password: seller.password, fingerprint: seller.fingerprint } })
    expect((await signIn()).json().error.type).toBe('account_blocked')
    await post(`/api/v1/admin/users/${seller.userId}/unblock`)
    expect((await signIn()).statusCode).toBe(200)
  })
})

describe('admin mode', () => {
  test('the manager acts as the seller; writes are audited with the manager; /admin is out of reach; ending clears it', async () => {
    const seller = await createSeller(t)
    const cookie = await startAdminMode(seller.userId)
    const me = await get('/api/v1/app/user/me', manager, cookie)
    expect(me.json()).toMatchObject({ id: seller.userId, admin_mode: { manager_name: 'Mia Manager' } })
    const made = await post('/api/v1/cabinet/products', manager, cookie, { form: 'digital', name: 'Made in admin mode', pricing_plans: [{ form: 'one_time', currency_id: 'eur', price: 990 }] })
    expect(made.statusCode, made.body).toBe(201)
    expect((await get(`/api/v1/cabinet/products/${made.json().id}`, seller.accessToken)).statusCode).toBe(200)
    // /admin is never reached in admin mode (the attempt is audited too), nor the user's sign-in
    expect((await get('/api/v1/admin/users', manager, cookie)).statusCode).toBe(403)
    expect((await post(`/api/v1/admin/users/${active.userId}/block`, manager, cookie)).statusCode).toBe(403)
    expect((await post('/api/v1/app/user/change_email', manager, cookie, { email: 'taken-over@example.test', password: 'x' })).statusCode).toBe(403)
    const ended = await t.request({ method: 'DELETE', url: '/api/v1/app/admin_mode', token: manager, cookies: { admin_access_token: cookie } })
    expect(ended.statusCode).toBe(204)
    expect(ended.cookies.find((c) => c.name === 'admin_access_token')?.value).toBe('')
    const after = await get('/api/v1/app/user/me', manager, cookie)
    expect(after.statusCode).toBe(401)
    expect(after.json().error.type).toBe('admin_mode_ended')
    expect((await get('/api/v1/app/user/me')).json().admin_mode).toBeNull()

    const log = (await get(`/api/v1/admin/admin_audit_log?user_id=${seller.userId}`)).json()
    expect(log.list.map((e: any) => [e.method, e.route, e.status_code])).toEqual([
      ['DELETE', '/api/v1/app/admin_mode', 204],
      ['POST', '/api/v1/app/user/change_email', 403],
      ['POST', '/api/v1/admin/users/:id/block', 403],
      ['POST', '/api/v1/cabinet/products', 201],
    ])
    expect(log.list[2]).toMatchObject({ target: { id: String(active.userId) }, manager_email: expect.stringMatching(/^manager/), user_email: seller.email })
  })

  test('never for a manager; the cookie needs the manager\'s own session; it ends on expiry and with the sign-out', async () => {
    const other = await signInManager(t)
    const otherId = (await get('/api/v1/app/user/me', other)).json().id
    expect((await post(`/api/v1/admin/users/${otherId}/admin_mode`)).statusCode).toBe(403)

    const seller = await createSeller(t)
    const cookie = await startAdminMode(seller.userId, other)
    // another manager's session with this cookie is refused
    expect((await get('/api/v1/app/user/me', manager, cookie)).json().error.type).toBe('admin_mode_ended')
    t.clock.advance(t.deps.config.ADMIN_MODE_TTL_SECONDS + 1)
    const expired = await get('/api/v1/app/user/me', other, cookie)
    expect(expired.json().error.type, expired.body).toBe('admin_mode_ended')

    // a fresh token for the manager after the clock moved, then the sign-out ends admin mode
    const fresh = await signInManager(t)
    const again = await startAdminMode(seller.userId, fresh)
    expect((await get('/api/v1/app/user/me', fresh, again)).json().id).toBe(seller.userId)
    expect((await t.request({ method: 'DELETE', url: '/api/v1/app/session', token: fresh, cookies: { admin_access_token: again } })).statusCode).toBe(204)
    expect((await get('/api/v1/app/user/me', fresh, again)).statusCode).toBe(401)
  })
})
