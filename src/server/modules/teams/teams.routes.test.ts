import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { createProduct, createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { actAsTeamMember, createTeamMember } from '../../../../tests/factories/teams'
import { signUpUser } from '../../../../tests/factories/users'
import { noTeamPermissions } from '../../../shared/schemas/teams'

// docs/decisions/0053-team-members.md: the contract, acting for a seller (X-Seller-Id or the selected
// profile), levels per area, removal ending access at once, and the audit log.

let t: TestApp
let seller: TestSeller
let other: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
})
afterAll(async () => { await t.close() })

const members = '/api/v1/cabinet/team_members'
const asSeller = (sellerId: number) => ({ 'x-seller-id': String(sellerId) })

describe('inviting, accepting, declining', () => {
  test('POST answers 201 { team_member: { id, state: invited } } and mails the invitation; the invitee accepts with the confirmed address', async () => {
    const invitee = await signUpUser(t, { profile_type: 'payer' })
    const res = await t.request({ method: 'POST', url: members, token: seller.accessToken, payload: { email: invitee.email.toUpperCase(), permissions: { orders: 'read' } } })
    expect(res.statusCode).toBe(201)
    const member = res.json().team_member
    expect(member).toMatchObject({ id: expect.any(Number), state: 'invited', permissions: { ...noTeamPermissions(), orders: 'read' }, name: null })
    const { rows } = await t.deps.database.executeSql("select subject from email_logs where kind = 'team_member_invited' and lower(\"to\") = lower($1)", [invitee.email])
    expect(rows).toHaveLength(1)

    const again = await t.request({ method: 'POST', url: members, token: seller.accessToken, payload: { email: invitee.email, permissions: {} } })
    expect(again.statusCode).toBe(409)

    const invites = await t.request({ method: 'GET', url: '/api/v1/team_member/invites', token: invitee.accessToken })
    expect(invites.json().list).toEqual([expect.objectContaining({ id: member.id, state: 'invited', seller: expect.objectContaining({ id: seller.sellerId }), profile_id: null })])

    const unconfirmed = await t.request({ method: 'POST', url: `/api/v1/team_member/invites/${member.id}/accept`, token: invitee.accessToken })
    expect(unconfirmed.statusCode).toBe(403)
    expect(unconfirmed.json().error.type).toBe('email_not_confirmed')
    await t.deps.database.executeSql('update users set confirmed_at = now() where id = $1', [invitee.userId])
    const accepted = await t.request({ method: 'POST', url: `/api/v1/team_member/invites/${member.id}/accept`, token: invitee.accessToken })
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json().team_member).toMatchObject({ id: member.id, state: 'active', profile_id: expect.any(Number) })

    const read = await t.request({ method: 'GET', url: `${members}/${member.id}`, token: seller.accessToken })
    expect(read.json().team_member).toMatchObject({ state: 'active', name: expect.stringContaining('Test'), accepted_at: expect.any(String) })
    const list = await t.request({ method: 'GET', url: `${members}?state=active`, token: seller.accessToken })
    expect(list.json().list.map((m: { id: number }) => m.id)).toContain(member.id)
  })

  test('an invitation is answered only by its address, once; unknown areas and levels are refused', async () => {
    const invitee = await signUpUser(t, { profile_type: 'payer' })
    const stranger = await signUpUser(t, { profile_type: 'payer' })
    const member = (await t.request({ method: 'POST', url: members, token: seller.accessToken, payload: { email: invitee.email, permissions: {} } })).json().team_member
    expect((await t.request({ method: 'POST', url: `/api/v1/team_member/invites/${member.id}/accept`, token: stranger.accessToken })).statusCode).toBe(404)
    expect((await t.request({ method: 'POST', url: `/api/v1/team_member/invites/${member.id}/decline`, token: invitee.accessToken })).json().team_member.state).toBe('declined')
    expect((await t.request({ method: 'POST', url: `/api/v1/team_member/invites/${member.id}/accept`, token: invitee.accessToken })).statusCode).toBe(404)
    expect((await t.request({ method: 'POST', url: members, token: seller.accessToken, payload: { email: 'x@example.test', permissions: { admin: 'write' } } })).statusCode).toBe(400)
    expect((await t.request({ method: 'POST', url: members, token: seller.accessToken, payload: { email: 'x@example.test', permissions: { orders: 'all' } } })).statusCode).toBe(400)
    expect((await t.request({ method: 'POST', url: members, token: seller.accessToken, payload: { email: seller.email, permissions: {} } })).statusCode).toBe(409)
  })

  test('another seller cannot read, change or remove this seller\'s team members', async () => {
    const member = await createTeamMember(t, seller, { orders: 'read' })
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await t.request({ method, url: `${members}/${member.teamMemberId}`, token: other.accessToken })).statusCode).toBe(404)
    }
    expect((await t.request({ method: 'PATCH', url: `${members}/${member.teamMemberId}`, token: other.accessToken, payload: { permissions: { orders: 'write' } } })).statusCode).toBe(404)
  })
})

describe('acting for the seller', () => {
  test('X-Seller-Id names a seller the user works for; another seller, a malformed id or none of theirs answers 404', async () => {
    const member = await createTeamMember(t, seller, { orders: 'read' })
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/orders', token: member.accessToken, headers: asSeller(seller.sellerId) })).statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/orders', token: member.accessToken, headers: asSeller(other.sellerId) })).statusCode).toBe(404)
    for (const value of ['abc', '0', '-1', '99999999999', ' 1']) {
      expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/orders', token: member.accessToken, headers: { 'x-seller-id': value } })).statusCode).toBe(404)
    }
    // without the header the session's own profile (payer) acts: no seller
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/orders', token: member.accessToken })).statusCode).toBe(403)
    // a seller naming another seller is refused as well; naming themself is their own cabinet
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/orders', token: other.accessToken, headers: asSeller(seller.sellerId) })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/orders', token: other.accessToken, headers: asSeller(other.sellerId) })).statusCode).toBe(200)
  })

  test('the team member path of a seller\'s API is that seller\'s route: /team_member/sellers/<id>/cabinet/...', async () => {
    const member = await createTeamMember(t, seller, { orders: 'read' })
    const path = (sellerId: number, rest: string) => `/api/v1/team_member/sellers/${sellerId}/cabinet${rest}`
    expect((await t.request({ method: 'GET', url: path(seller.sellerId, '/orders?per=5'), token: member.accessToken })).statusCode).toBe(200)
    // the path's seller wins over a header naming another
    expect((await t.request({ method: 'GET', url: path(seller.sellerId, '/orders'), token: member.accessToken, headers: asSeller(other.sellerId) })).statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: path(other.sellerId, '/orders'), token: member.accessToken })).statusCode).toBe(404)
    const refused = await t.request({ method: 'GET', url: path(seller.sellerId, '/courses/comments'), token: member.accessToken })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.type).toBe('forbidden')
  })

  test('the selected profile acts for its seller without a header', async () => {
    const member = await createTeamMember(t, seller, { orders: 'read' })
    const token = await actAsTeamMember(t, member)
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/orders', token })).statusCode).toBe(200)
  })

  test('levels: none 403, read reads but does not write (403 before the body is read), write writes', async () => {
    const member = await createTeamMember(t, seller, { orders: 'read', products: 'write' })
    const headers = asSeller(seller.sellerId)
    const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.request({ method, url, token: member.accessToken, headers, ...(payload ? { payload } : {}) })
    expect((await call('GET', '/api/v1/cabinet/courses/comments')).statusCode).toBe(403)
    expect((await call('GET', '/api/v1/cabinet/orders')).statusCode).toBe(200)
    const refund = await call('POST', '/api/v1/cabinet/orders/1/refund', {})
    expect(refund.statusCode).toBe(403)
    expect(refund.json().error.type).toBe('forbidden')
    expect((await call('POST', '/api/v1/cabinet/products', { form: 'digital', name: 'Made by the team', pricing_plans: [{ form: 'one_time', currency_id: 'eur', price: 990 }] })).statusCode).toBe(201)
    const { rows } = await t.deps.database.executeSql("select seller_id from products where name = 'Made by the team'")
    expect(rows).toEqual([{ seller_id: seller.sellerId }])
  })

  test('finance: balances, payouts and the dashboard\'s figures need finance', async () => {
    const without = await createTeamMember(t, seller, { orders: 'write', settings: 'write' })
    const withFinance = await createTeamMember(t, seller, { finance: 'read' })
    for (const url of ['/api/v1/cabinet/payouts_balance', '/api/v1/cabinet/payouts', '/api/v1/cabinet/dashboard']) {
      expect((await t.request({ method: 'GET', url, token: without.accessToken, headers: asSeller(seller.sellerId) })).statusCode).toBe(403)
      expect((await t.request({ method: 'GET', url, token: withFinance.accessToken, headers: asSeller(seller.sellerId) })).statusCode).toBe(200)
    }
    expect((await t.request({ method: 'POST', url: '/api/v1/cabinet/payouts', token: withFinance.accessToken, headers: asSeller(seller.sellerId), payload: {} })).statusCode).toBe(403)
  })
})

describe('what a team member can never do', () => {
  test('manage the team: not their own levels, not invites, not the audit log, whatever levels they hold', async () => {
    const member = await createTeamMember(t, seller, Object.fromEntries(Object.keys(noTeamPermissions()).map((a) => [a, 'write'])))
    const headers = asSeller(seller.sellerId)
    const patch = await t.request({ method: 'PATCH', url: `${members}/${member.teamMemberId}`, token: member.accessToken, headers, payload: { permissions: { finance: 'write' } } })
    expect(patch.statusCode).toBe(403)
    expect((await t.request({ method: 'POST', url: members, token: member.accessToken, headers, payload: { email: 'friend@example.test', permissions: {} } })).statusCode).toBe(403)
    expect((await t.request({ method: 'GET', url: members, token: member.accessToken, headers })).statusCode).toBe(403)
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/team_audit_log', token: member.accessToken, headers })).statusCode).toBe(403)
  })

  test('a changed level applies from the next request', async () => {
    const member = await createTeamMember(t, seller, { orders: 'read' })
    const headers = asSeller(seller.sellerId)
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/orders', token: member.accessToken, headers })).statusCode).toBe(200)
    const patched = await t.request({ method: 'PATCH', url: `${members}/${member.teamMemberId}`, token: seller.accessToken, payload: { permissions: { products: 'read' } } })
    expect(patched.json().team_member.permissions).toMatchObject({ orders: 'none', products: 'read' })
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/orders', token: member.accessToken, headers })).statusCode).toBe(403)
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/products', token: member.accessToken, headers })).statusCode).toBe(200)
  })
})

describe('removal', () => {
  test('DELETE ends access at once: the next call for this seller answers 404, by header or by the selected profile', async () => {
    const member = await createTeamMember(t, seller, { orders: 'read' })
    const selected = await actAsTeamMember(t, member)
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/orders', token: selected })).statusCode).toBe(200)
    const removed = await t.request({ method: 'DELETE', url: `${members}/${member.teamMemberId}`, token: seller.accessToken })
    expect(removed.statusCode).toBe(200)
    expect(removed.json().team_member).toMatchObject({ state: 'removed', ended_at: expect.any(String) })
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/orders', token: selected })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/orders', token: member.accessToken, headers: asSeller(seller.sellerId) })).statusCode).toBe(404)
    // the user still signs in to the rest of the platform; the profile is gone from their list
    const me = await t.request({ method: 'GET', url: '/api/v1/app/user/me', token: selected })
    expect(me.statusCode).toBe(200)
    expect(me.json().profiles.map((p: { id: number }) => p.id)).not.toContain(member.profileId)
    expect((await t.request({ method: 'PUT', url: '/api/v1/app/session/profile', token: selected, payload: { profile_id: member.profileId } })).statusCode).toBe(404)
    expect((await t.request({ method: 'DELETE', url: `${members}/${member.teamMemberId}`, token: seller.accessToken })).statusCode).toBe(409)
  })

  test('invited again after removal, the user works again with the new levels', async () => {
    const member = await createTeamMember(t, seller, { orders: 'read' })
    await t.request({ method: 'DELETE', url: `${members}/${member.teamMemberId}`, token: seller.accessToken })
    const again = await t.request({ method: 'POST', url: members, token: seller.accessToken, payload: { email: member.email, permissions: { products: 'read' } } })
    const accepted = await t.request({ method: 'POST', url: `/api/v1/team_member/invites/${again.json().team_member.id}/accept`, token: member.accessToken })
    expect(accepted.json().team_member.profile_id).toBe(member.profileId)
    const headers = asSeller(seller.sellerId)
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/products', token: member.accessToken, headers })).statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/orders', token: member.accessToken, headers })).statusCode).toBe(403)
  })
})

describe('audit log', () => {
  test('a team member\'s write for the seller is recorded with who, what, on what and when; reads and refusals are not', async () => {
    const member = await createTeamMember(t, seller, { products: 'write' })
    const token = await actAsTeamMember(t, member)
    const product = await createProduct(t, token)
    await t.request({ method: 'PATCH', url: `/api/v1/cabinet/products/${product.id}`, token, payload: { name: 'Renamed by the team' } })
    await t.request({ method: 'GET', url: '/api/v1/cabinet/products', token })
    await t.request({ method: 'GET', url: '/api/v1/cabinet/orders', token })
    // refused (no orders rights): not a write that happened
    expect((await t.request({ method: 'POST', url: '/api/v1/cabinet/orders/1/refund', token, payload: {} })).statusCode).toBe(403)
    const log = await t.request({ method: 'GET', url: `/api/v1/cabinet/team_audit_log?team_member_id=${member.teamMemberId}`, token: seller.accessToken })
    expect(log.statusCode).toBe(200)
    expect(log.json().list).toEqual([
      expect.objectContaining({ team_member_id: member.teamMemberId, email: member.email, action: 'PATCH /api/v1/cabinet/products/:id', target: { id: String(product.id) }, status_code: 200, created_at: expect.any(String) }),
      expect.objectContaining({ action: 'POST /api/v1/cabinet/products', target: {}, status_code: 201 }),
    ])
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/team_audit_log', token: other.accessToken })).json().list).toEqual([])
  })
})

describe('money out of a team member', () => {
  test('the /team_member area answers the team member\'s own balance and payouts settings; without a team profile it is refused', async () => {
    const member = await createTeamMember(t, seller, {})
    const token = await actAsTeamMember(t, member)
    const balance = await t.request({ method: 'GET', url: '/api/v1/team_member/payouts_balance', token })
    expect(balance.statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: '/api/v1/team_member/payouts_settings', token })).statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: '/api/v1/team_member/bank_accounts', token })).statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: '/api/v1/team_member/legitimation', token })).statusCode).toBe(200)
    // Their transfers: the ledger movements of their own balance (none yet); a seller has no team member balance.
    expect((await t.request({ method: 'GET', url: '/api/v1/team_member/transfers', token })).json()).toEqual({ list: [], total_count: 0, total_count_max: 0 })
    expect((await t.request({ method: 'GET', url: '/api/v1/team_member/transfers', token: seller.accessToken })).statusCode).toBe(403)
    expect((await t.request({ method: 'GET', url: '/api/v1/team_member/payouts_balance', token: seller.accessToken })).statusCode).toBe(403)
  })
})
