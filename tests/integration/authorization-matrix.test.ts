import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { routesOf } from '../../src/server/plugins/openapi'
import { cabinetRouteActions } from '../../src/server/auth/cabinet-route-actions.table'
import { teamAreaActions } from '../../src/server/auth/permissions'
import { teamAreas, type TeamArea, type TeamPermissions } from '../../src/shared/schemas/teams'
import { createSeller, signInManager, type TestSeller } from '../factories/catalog'
import { actAsTeamMember, createTeamMember } from '../factories/teams'
import { createSalesTeamMember } from '../factories/deals'
import { signUpUser } from '../factories/users'
import { createTestApp, type TestApp } from '../helpers/test-app'

// The authorization matrix (docs/decisions/0053-team-members.md): every seller route (/api/v1/cabinet) of
// fastify's own route list, for every role, answers the class the matrix says. Generated from the route
// table, so a new route cannot be forgotten: a route missing from src/server/auth/cabinet-route-actions.table.ts
// fails here (and is closed to team members until it is added). A sales team member passes the deals routes only. Requests carry an empty body and ids that
// do not exist: the matrix judges who gets past the gate, not what the route does.

type Expected = 'allowed' | 'unauthenticated' | 'forbidden' | 'not_found'

const levels = (level: 'none' | 'read' | 'write', except?: TeamArea): TeamPermissions =>
  Object.fromEntries(teamAreas.map((area) => [area, area === except ? 'none' : level])) as TeamPermissions

const areaOfAction = (action: string): TeamArea | null =>
  teamAreas.find((area) => [...teamAreaActions[area].read, ...teamAreaActions[area].write].includes(action as never)) ?? null
const isRead = (action: string) => action.endsWith('.read')

let t: TestApp
let seller: TestSeller
const tokens: Record<string, string> = {}
/** Per area: a team member writing everywhere but there. */
const withoutArea: Partial<Record<TeamArea, string>> = {}
let foreignMember = ''
let adminModeCookie = ''

beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  const otherSeller = await createSeller(t)
  tokens.seller = seller.accessToken
  tokens.member_none = (await createTeamMember(t, seller, levels('none'))).accessToken
  tokens.member_read = await actAsTeamMember(t, await createTeamMember(t, seller, levels('read')))
  tokens.member_write = await actAsTeamMember(t, await createTeamMember(t, seller, levels('write')))
  for (const area of teamAreas) withoutArea[area] = await actAsTeamMember(t, await createTeamMember(t, seller, levels('write', area)))
  const removed = await createTeamMember(t, seller, levels('write'))
  tokens.removed_member = await actAsTeamMember(t, removed)
  const removal = await t.request({ method: 'DELETE', url: `/api/v1/cabinet/team_members/${removed.teamMemberId}`, token: seller.accessToken })
  if (removal.statusCode !== 200) throw new Error(removal.body)
  foreignMember = (await createTeamMember(t, otherSeller, levels('write'))).accessToken
  // A sales team member reaches the deals routes only (their own deals; docs/decisions/0054-sales-team-and-deals.md).
  tokens.sales_team_member = (await createSalesTeamMember(t, seller)).token
  tokens.payer = (await signUpUser(t, { profile_type: 'payer' })).accessToken
  tokens.publisher = (await signUpUser(t, { profile_type: 'publisher' })).accessToken
  tokens.manager = await signInManager(t)
  // the manager acting as the seller (docs/decisions/0056-managers-admin-mode.md): the seller's answers
  const adminMode = await t.request({ method: 'POST', url: `/api/v1/admin/users/${seller.userId}/admin_mode`, token: tokens.manager })
  if (adminMode.statusCode !== 200) throw new Error(adminMode.body)
  adminModeCookie = `admin_access_token=${adminMode.cookies.find((c) => c.name === 'admin_access_token')!.value}`
})
afterAll(async () => { await t.close() })

function classOf(status: number): Expected | 'server_error' | 'other' {
  if (status >= 500) return 'server_error'
  if (status === 401) return 'unauthenticated'
  if (status === 403) return 'forbidden'
  if (status === 404) return 'not_found'
  return status < 500 ? 'allowed' : 'other'
}

const cabinetRoutes = () => routesOf(t.app).filter((r) => r.url.startsWith('/api/v1/cabinet/') && r.method !== 'HEAD')

describe('authorization matrix of the seller routes', () => {
  test('every /cabinet route names its action in the route table, and the table names no route that is gone', () => {
    const registered = cabinetRoutes().map((r) => `${r.method} ${r.url}`)
    expect(registered.length).toBeGreaterThan(150)
    expect(registered.filter((key) => !(key in cabinetRouteActions)), 'routes missing from src/server/auth/cabinet-route-actions.table.ts').toEqual([])
    expect(Object.keys(cabinetRouteActions).filter((key) => !registered.includes(key)), 'table entries without a route').toEqual([])
  })

  test('every route answers each role as the matrix says', { timeout: 300_000 }, async () => {
    const failures: string[] = []
    for (const route of cabinetRoutes()) {
      const key = `${route.method} ${route.url}` as keyof typeof cabinetRouteActions
      const action = cabinetRouteActions[key] as string | undefined
      if (!action) continue
      const area = areaOfAction(action)
      // seller only (team.manage) when the action is in no area
      const expectations: Array<[string, string | undefined, Expected, Record<string, string>?]> = [
        ['anonymous', undefined, 'unauthenticated'],
        ['seller', tokens.seller, 'allowed'],
        ['team member, none', tokens.member_none, 'forbidden', { 'x-seller-id': String(seller.sellerId) }],
        ['team member, read', tokens.member_read, area && isRead(action) ? 'allowed' : 'forbidden'],
        ['team member, write', tokens.member_write, area ? 'allowed' : 'forbidden'],
        ['removed team member', tokens.removed_member, 'not_found'],
        ['removed team member naming the seller', tokens.removed_member, 'not_found', { 'x-seller-id': String(seller.sellerId) }],
        ['another seller\'s team member naming this seller', foreignMember, 'not_found', { 'x-seller-id': String(seller.sellerId) }],
        ['sales team member', tokens.sales_team_member, action.startsWith('deals.') ? 'allowed' : 'forbidden'],
        ['payer', tokens.payer, 'forbidden'],
        ['publisher', tokens.publisher, 'forbidden'],
        ['manager', tokens.manager, 'forbidden'],
        ['manager in admin mode as the seller', tokens.manager, 'allowed', { cookie: adminModeCookie }],
      ]
      if (area) expectations.push([`team member, write except ${area}`, withoutArea[area], 'forbidden'])
      const url = route.url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => (name === 'kind' ? 'terms' : '999999'))
      const body = route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }
      for (const [role, token, expected, headers] of expectations) {
        const res = await t.request({ method: route.method as 'GET', url, ...body, ...(token ? { token } : {}), ...(headers ? { headers } : {}) })
        const got = classOf(res.statusCode)
        // "allowed" means past the gate: anything but 401, 403 and a 5xx (a 404 is a missing object; a 403
        // feature_disabled is the seller's feature flag answering after the permission check passed)
        const featureOff = res.statusCode === 403 && res.body.includes('"feature_disabled"')
        const ok = expected === 'allowed' ? got === 'allowed' || got === 'not_found' || featureOff : got === expected
        if (!ok) failures.push(`${key} as ${role}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 120)}`)
      }
    }
    expect(failures).toEqual([])
  })
})
