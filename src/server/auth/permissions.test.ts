import { describe, expect, test } from 'vitest'
import { noTeamPermissions } from '../../shared/schemas/teams'
import { actingSellerId, can, sellerActions, teamMemberActions, type Actor } from './permissions'

const base: Actor = { userId: 1, sessionId: 's', profileId: 1, profileType: 'seller', sellerId: 10, permissions: [], confirmed: true }

describe('authz edges', () => {
  test('a seller may do every seller action for their own seller', () => {
    expect(can(base, 'products.write')).toBe(true)
    expect(actingSellerId(base, 'orders.read')).toBe(10)
  })
  test('a team member with an empty permission list is denied everything', () => {
    expect(can({ ...base, profileType: 'team_member', permissions: [] }, 'products.read')).toBe(false)
  })
  test('a team member may do only the listed actions, for their employer', () => {
    const member: Actor = { ...base, profileType: 'team_member', sellerId: 22, permissions: ['orders.read'] }
    expect(can(member, 'orders.read')).toBe(true)
    expect(can(member, 'orders.write')).toBe(false)
    expect(actingSellerId(member, 'orders.read')).toBe(22)
  })
  test('a missing seller denies seller actions', () => {
    expect(can({ ...base, sellerId: null }, 'products.read')).toBe(false)
  })
  test('a null actor is denied and asked to sign in', () => {
    expect(can(null, 'products.read')).toBe(false)
    expect(() => actingSellerId(null, 'products.read')).toThrow(expect.objectContaining({ type: 'missing_access_token' }))
  })
  test('payers and publishers are denied seller actions; only managers hold admin actions', () => {
    expect(can({ ...base, profileType: 'payer', sellerId: null }, 'orders.read')).toBe(false)
    expect(can({ ...base, profileType: 'publisher', sellerId: null }, 'orders.read')).toBe(false)
    expect(can(base, 'admin.read')).toBe(false)
    expect(can({ ...base, profileType: 'manager', sellerId: null }, 'admin.read')).toBe(true)
    expect(() => actingSellerId({ ...base, profileType: 'payer' }, 'orders.read')).toThrow(expect.objectContaining({ type: 'forbidden' }))
  })
  test('a team member never holds team.manage, even when listed: only the seller manages the team', () => {
    expect(can({ ...base, profileType: 'team_member', permissions: [...sellerActions] }, 'team.manage')).toBe(false)
  })
})

describe('team member levels', () => {
  test('none everywhere is an empty list; write includes read; finance holds payouts and the dashboard figures', () => {
    expect(teamMemberActions(noTeamPermissions())).toEqual([])
    // the orders area holds the deals too (docs/decisions/0054-sales-team-and-deals.md)
    expect(teamMemberActions({ ...noTeamPermissions(), orders: 'read' })).toEqual(['orders.read', 'deals.read'])
    expect(teamMemberActions({ ...noTeamPermissions(), tickets_check_in: 'write' })).toEqual(['tickets.read', 'tickets.write'])
    expect(teamMemberActions({ ...noTeamPermissions(), finance: 'read' })).toEqual(['payouts.read', 'dashboard.read'])
  })
  test('every level of every area together never grants team.manage', () => {
    const all = teamMemberActions(Object.fromEntries(Object.keys(noTeamPermissions()).map((a) => [a, 'write'])) as ReturnType<typeof noTeamPermissions>)
    expect(all).not.toContain('team.manage')
    expect(new Set([...all, 'team.manage'])).toEqual(new Set(sellerActions))
  })
})
