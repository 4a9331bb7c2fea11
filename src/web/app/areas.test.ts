import { describe, expect, test } from 'vitest'
import { areaConfigs, mayOpen, navEntryOfPath } from './areas'

// The cabinet as a team member sees it (docs/decisions/0053-team-members.md): entries and pages by action.

const cabinet = areaConfigs.cabinet
const member = (permissions: string[]) => ({ type: 'team_member', permissions })

describe('the cabinet for a team member', () => {
  test('a path belongs to its entry, the longest match winning; the dashboard only to itself', () => {
    expect(navEntryOfPath(cabinet, '/cabinet')?.key).toBe('dashboard')
    expect(navEntryOfPath(cabinet, '/cabinet/orders/12')?.key).toBe('orders')
    expect(navEntryOfPath(cabinet, '/cabinet/payment_tickets/check_in')?.key).toBe('paymentTickets')
    expect(navEntryOfPath(cabinet, '/cabinet/payouts_settings')?.key).toBe('payouts')
    expect(navEntryOfPath(cabinet, '/cabinet/team/audit_log')?.key).toBe('team')
    expect(navEntryOfPath(cabinet, '/cabinet/settings/payment_providers')?.key).toBe('paymentProviders')
  })
  test('a team member opens what their actions allow, never the team; a seller opens everything', () => {
    const tickets = member(['tickets.read', 'tickets.write'])
    expect(mayOpen(navEntryOfPath(cabinet, '/cabinet/payment_tickets/check_in'), tickets)).toBe(true)
    expect(mayOpen(navEntryOfPath(cabinet, '/cabinet/orders'), tickets)).toBe(false)
    expect(mayOpen(navEntryOfPath(cabinet, '/cabinet'), tickets)).toBe(false)
    expect(mayOpen(navEntryOfPath(cabinet, '/cabinet/team'), member(['team.manage']))).toBe(false)
    expect(mayOpen(navEntryOfPath(cabinet, '/cabinet/profile/edit'), tickets)).toBe(true)
    expect(mayOpen(navEntryOfPath(cabinet, '/cabinet/team'), { type: 'seller', permissions: [] })).toBe(true)
  })
})
