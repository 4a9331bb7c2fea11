import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { actAsTeamMember, createTeamMember } from '../../../../tests/factories/teams'
import { signUpUser } from '../../../../tests/factories/users'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { appliedThemeOf } from './themes.service'

// Themes (docs/decisions/0061-fonts-and-themes.md): CRUD, the template hub, copy, apply, shared links, and
// that one seller never reads or changes another's private theme.

let t: TestApp
let seller: TestSeller
let other: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
})
afterAll(async () => { await t.close() })

const url = '/api/v1/cabinet/themes'
const create = (payload: object, token = seller.accessToken) => t.request({ method: 'POST', url, token, payload })
const ids = (list: { id: number }[]) => list.map((x) => x.id)

describe('themes', () => {
  test('create (private by default), read, update, list by kind, delete', async () => {
    const res = await create({ kind: 'ShopTheme', name: 'Bright', settings: { backgroundColor: '#ffffff', buttonColor: '#ffc107', productSize: 18, blocks: [{ type: 'header' }] } })
    expect(res.statusCode).toBe(201)
    const theme = res.json().theme
    expect(theme).toMatchObject({ kind: 'ShopTheme', name: 'Bright', visibility: 'private', applied: false, share_url: null, settings: { backgroundColor: '#ffffff', blocks: [{ type: 'header' }] } })
    const member = await create({ kind: 'MembershipTheme', name: 'Members', settings: { menuColor: '#123456' } })
    expect(member.statusCode).toBe(201)

    const patched = await t.request({ method: 'PATCH', url: `${url}/${theme.id}`, token: seller.accessToken, payload: { name: 'Brighter', settings: { fontColor: '#000' } } })
    expect(patched.statusCode).toBe(200)
    expect(patched.json().theme).toMatchObject({ name: 'Brighter', settings: { fontColor: '#000' } })
    expect(patched.json().theme.settings.backgroundColor).toBeUndefined()
    expect((await t.request({ method: 'GET', url: `${url}/${theme.id}`, token: seller.accessToken })).json()).toEqual(patched.json())

    const shops = (await t.request({ method: 'GET', url, token: seller.accessToken, query: { kind: 'ShopTheme' } })).json()
    expect(ids(shops.list)).toContain(theme.id)
    expect(ids(shops.list)).not.toContain(member.json().theme.id)

    expect((await t.request({ method: 'DELETE', url: `${url}/${theme.id}`, token: seller.accessToken })).statusCode).toBe(204)
    expect((await t.request({ method: 'GET', url: `${url}/${theme.id}`, token: seller.accessToken })).statusCode).toBe(404)
  })

  test('refuses an unknown kind, a colour that is no hex, a font size out of range and settings over the size bound', async () => {
    expect((await create({ kind: 'Page', name: 'x' })).statusCode).toBe(400)
    const colour = await create({ kind: 'ShopTheme', name: 'x', settings: { backgroundColor: 'red;}' } })
    expect(colour.statusCode).toBeGreaterThanOrEqual(400)
    expect(colour.statusCode).toBeLessThan(500)
    expect((await create({ kind: 'MembershipTheme', name: 'x', settings: { productSize: 900 } })).statusCode).toBeGreaterThanOrEqual(400)
    const huge = await create({ kind: 'Funnel', name: 'x', settings: { text: 'a'.repeat(70 * 1024) } })
    expect(huge.statusCode).toBeGreaterThanOrEqual(400)
    expect(huge.statusCode).toBeLessThan(500)
    expect((await create({ kind: 'Funnel', name: 'x', settings: { text: 'a\u0000b' } })).statusCode).toBeLessThan(500)
    expect((await create({ kind: 'Funnel', name: 'x', settings: [] })).statusCode).toBeGreaterThanOrEqual(400)
  })

  test('apply: one applied theme per kind; applying another moves it; deleting the applied one leaves none', async () => {
    const fresh = await createSeller(t)
    const a = (await create({ kind: 'PaymentPageTemplate', name: 'A' }, fresh.accessToken)).json().theme
    const b = (await create({ kind: 'PaymentPageTemplate', name: 'B' }, fresh.accessToken)).json().theme
    const shop = (await create({ kind: 'ShopTheme', name: 'S' }, fresh.accessToken)).json().theme
    expect((await t.request({ method: 'POST', url: `${url}/${a.id}/apply`, token: fresh.accessToken })).json().theme.applied).toBe(true)
    await t.request({ method: 'POST', url: `${url}/${shop.id}/apply`, token: fresh.accessToken })
    await t.request({ method: 'POST', url: `${url}/${b.id}/apply`, token: fresh.accessToken })
    const list = (await t.request({ method: 'GET', url, token: fresh.accessToken })).json().list as { id: number; applied: boolean }[]
    expect(list.filter((x) => x.applied).map((x) => x.id).sort()).toEqual([b.id, shop.id].sort())
    expect((await appliedThemeOf(t.deps.db, fresh.sellerId, 'PaymentPageTemplate'))?.id).toBe(b.id)
    await t.request({ method: 'DELETE', url: `${url}/${b.id}`, token: fresh.accessToken })
    expect(await appliedThemeOf(t.deps.db, fresh.sellerId, 'PaymentPageTemplate')).toBeNull()
    // Another seller cannot apply it.
    expect((await t.request({ method: 'POST', url: `${url}/${a.id}/apply`, token: other.accessToken })).statusCode).toBe(404)
  })

  test('the hub lists public themes of every seller, never a private one; another seller\'s private theme is 404 everywhere', async () => {
    const pub = (await create({ kind: 'AffiliateLanding', name: 'Public landing', visibility: 'public', settings: { headline: 'Hi' } })).json().theme
    const priv = (await create({ kind: 'AffiliateLanding', name: 'Private landing' })).json().theme
    const hub = await t.request({ method: 'GET', url: `${url}/hub`, token: other.accessToken, query: { kind: 'AffiliateLanding', per: '100' } })
    expect(hub.statusCode).toBe(200)
    const listed = hub.json().list as { id: number; own: boolean; seller: { id: number; name: string } }[]
    expect(ids(listed)).toContain(pub.id)
    expect(ids(listed)).not.toContain(priv.id)
    expect(listed.find((x) => x.id === pub.id)).toMatchObject({ own: false, seller: { id: seller.sellerId, name: seller.username } })
    expect(hub.json().list[0]).not.toHaveProperty('share_token')
    const other404 = [
      { method: 'GET' as const, url: `${url}/${priv.id}` },
      { method: 'PATCH' as const, url: `${url}/${priv.id}`, payload: { name: 'Mine now' } },
      { method: 'DELETE' as const, url: `${url}/${priv.id}` },
      { method: 'POST' as const, url: `${url}/${priv.id}/copy`, payload: {} },
      { method: 'POST' as const, url: `${url}/${priv.id}/apply` },
      { method: 'POST' as const, url: `${url}/${priv.id}/share`, payload: { enabled: true } },
      // A public theme is copyable, never editable, by another seller.
      { method: 'PATCH' as const, url: `${url}/${pub.id}`, payload: { name: 'Mine now' } },
      { method: 'POST' as const, url: `${url}/${pub.id}/apply` },
    ]
    for (const request of other404) expect((await t.request({ ...request, token: other.accessToken })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: `${url}/${priv.id}`, token: seller.accessToken })).json().theme.name).toBe('Private landing')

    // Made private, it leaves the hub.
    await t.request({ method: 'PATCH', url: `${url}/${pub.id}`, token: seller.accessToken, payload: { visibility: 'private' } })
    const after = (await t.request({ method: 'GET', url: `${url}/hub`, token: other.accessToken, query: { kind: 'AffiliateLanding', per: '100' } })).json()
    expect(ids(after.list)).not.toContain(pub.id)
  })

  test('copy: a public theme from the hub, or an own one, becomes a private theme of the copier', async () => {
    const pub = (await create({ kind: 'AddonTheme', name: 'Addon', visibility: 'public', settings: { buttonColor: '#ff0000' } })).json().theme
    const copy = await t.request({ method: 'POST', url: `${url}/${pub.id}/copy`, token: other.accessToken, payload: {} })
    expect(copy.statusCode).toBe(201)
    expect(copy.json().theme).toMatchObject({ kind: 'AddonTheme', name: 'Addon', visibility: 'private', applied: false, copied_from_id: pub.id, settings: { buttonColor: '#ff0000' } })
    expect(ids((await t.request({ method: 'GET', url, token: other.accessToken })).json().list)).toContain(copy.json().theme.id)
    expect(ids((await t.request({ method: 'GET', url, token: seller.accessToken })).json().list)).not.toContain(copy.json().theme.id)
    const own = await t.request({ method: 'POST', url: `${url}/${pub.id}/copy`, token: seller.accessToken, payload: { name: 'Addon 2' } })
    expect(own.json().theme).toMatchObject({ name: 'Addon 2', visibility: 'private' })
  })

  test('a shared link: read by a signed-in user, copied and applied by a seller; rotated or turned off it stops working', async () => {
    const theme = (await create({ kind: 'MembershipTheme', name: 'Shared', settings: { backgroundColor: '#eeeeee' } })).json().theme
    const shared = await t.request({ method: 'POST', url: `${url}/${theme.id}/share`, token: seller.accessToken, payload: { enabled: true } })
    expect(shared.statusCode).toBe(200)
    const token = shared.json().theme.share_token as string
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(shared.json().theme.share_url).toContain(`/themes/shared/${token}?type=MembershipTheme`)

    expect((await t.request({ method: 'GET', url: `/api/v1/themes/shared/${token}` })).statusCode).toBe(401)
    const payer = await signUpUser(t, { profile_type: 'payer' })
    const seen = await t.request({ method: 'GET', url: `/api/v1/themes/shared/${token}`, token: payer.accessToken })
    expect(seen.statusCode).toBe(200)
    expect(seen.json().theme).toMatchObject({ id: theme.id, kind: 'MembershipTheme', name: 'Shared', own: false })
    // A payer profile cannot apply; a seller profile can.
    expect((await t.request({ method: 'POST', url: `${url}/shared/${token}/apply`, token: payer.accessToken })).statusCode).toBe(403)
    const applied = await t.request({ method: 'POST', url: `${url}/shared/${token}/apply`, token: other.accessToken })
    expect(applied.statusCode).toBe(201)
    expect(applied.json().theme).toMatchObject({ kind: 'MembershipTheme', visibility: 'private', applied: true, copied_from_id: theme.id, settings: { backgroundColor: '#eeeeee' } })
    expect((await appliedThemeOf(t.deps.db, other.sellerId, 'MembershipTheme'))?.id).toBe(applied.json().theme.id)
    // The original stays the sharer's, unchanged and unapplied.
    expect((await t.request({ method: 'GET', url: `${url}/${theme.id}`, token: seller.accessToken })).json().theme.applied).toBe(false)

    const rotated = (await t.request({ method: 'POST', url: `${url}/${theme.id}/share`, token: seller.accessToken, payload: { enabled: true } })).json().theme.share_token
    expect(rotated).not.toBe(token)
    expect((await t.request({ method: 'GET', url: `/api/v1/themes/shared/${token}`, token: other.accessToken })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: `/api/v1/themes/shared/${rotated}`, token: other.accessToken })).statusCode).toBe(200)
    const off = await t.request({ method: 'POST', url: `${url}/${theme.id}/share`, token: seller.accessToken, payload: { enabled: false } })
    expect(off.json().theme).toMatchObject({ share_token: null, share_url: null })
    expect((await t.request({ method: 'GET', url: `/api/v1/themes/shared/${rotated}`, token: other.accessToken })).statusCode).toBe(404)
    expect((await t.request({ method: 'POST', url: `${url}/shared/${rotated}/apply`, token: other.accessToken })).statusCode).toBe(404)
  })

  test('a team member with the settings area reads and writes the seller\'s themes; with read only, writes are refused', async () => {
    const writer = await actAsTeamMember(t, await createTeamMember(t, seller, { settings: 'write' }))
    const made = await create({ kind: 'Product', name: 'By the team' }, writer)
    expect(made.statusCode).toBe(201)
    expect(ids((await t.request({ method: 'GET', url, token: seller.accessToken })).json().list)).toContain(made.json().theme.id)
    const reader = await actAsTeamMember(t, await createTeamMember(t, seller, { settings: 'read' }))
    expect((await t.request({ method: 'GET', url: `${url}/${made.json().theme.id}`, token: reader })).statusCode).toBe(200)
    expect((await create({ kind: 'Product', name: 'No' }, reader)).statusCode).toBe(403)
  })
})
