import type { ProfileType } from '../../shared/accounts'
import { AppError } from '../../shared/errors'
import { teamAreas, type TeamPermissions } from '../../shared/schemas/teams'

// One check per action (docs/DESIGN.md "Actors, acting for"). A seller owns every seller action; team members
// hold an explicit list, and an empty list denies; managers hold the admin actions.

export const sellerActions = [
  'dashboard.read', 'products.read', 'products.write', 'orders.read', 'orders.write', 'payers.read',
  'settings.read', 'settings.write', 'payouts.read', 'payouts.write', 'affiliates.read', 'affiliates.write',
  'tickets.read', 'tickets.write', 'courses.read', 'courses.write', 'pages.write', 'team.manage',
  // deals (docs/decisions/0054-sales-team-and-deals.md)
  'deals.read', 'deals.write',
] as const
export const adminActions = ['admin.read', 'admin.write', 'admin.emails.read'] as const
export type Action = (typeof sellerActions)[number] | (typeof adminActions)[number]
export type SellerAction = (typeof sellerActions)[number]

/**
 * The actions a team member's level in an area grants (docs/decisions/0053-team-members.md); write includes
 * read. The dashboard's figures are revenue, so they are finance's. `team.manage` is in no area: only the
 * seller manages the team, so a team member can never raise their own permissions.
 */
export const teamAreaActions: Record<(typeof teamAreas)[number], { read: SellerAction[]; write: SellerAction[] }> = {
  products: { read: ['products.read'], write: ['products.write', 'pages.write'] },
  // A team member with the orders area works on the seller's deals too (docs/decisions/0054-sales-team-and-deals.md).
  orders: { read: ['orders.read', 'deals.read'], write: ['orders.write', 'deals.write'] },
  payers: { read: ['payers.read'], write: [] },
  courses: { read: ['courses.read'], write: ['courses.write'] },
  tickets_check_in: { read: ['tickets.read'], write: ['tickets.write'] },
  affiliates: { read: ['affiliates.read'], write: ['affiliates.write'] },
  settings: { read: ['settings.read'], write: ['settings.write'] },
  finance: { read: ['payouts.read', 'dashboard.read'], write: ['payouts.write'] },
}

/** The action list a team member profile holds for these levels. */
export function teamMemberActions(permissions: TeamPermissions): SellerAction[] {
  return teamAreas.flatMap((area) => {
    const level = permissions[area]
    if (level === 'read') return teamAreaActions[area].read
    if (level === 'write') return [...teamAreaActions[area].read, ...teamAreaActions[area].write]
    return []
  })
}

/** What a sales team member's profile holds: their own deals, nothing else (docs/decisions/0054-sales-team-and-deals.md). */
export const salesTeamActions: SellerAction[] = ['deals.read', 'deals.write']

export type Actor = {
  userId: number
  sessionId: string
  profileId: number | null
  profileType: ProfileType | null
  /** The seller the request acts for: the seller themself, or a team member's employer. */
  sellerId: number | null
  permissions: readonly string[]
  confirmed: boolean
  /**
   * Set while a manager acts as this user (admin mode, docs/decisions/0056-managers-admin-mode.md): the
   * request is the user's, `sessionId` is the manager's session, and the manager is named here.
   */
  adminMode?: { managerUserId: number; adminSessionId: string } | undefined
  /**
   * Set when the request carries a seller's API key (docs/decisions/0073-seller-api-keys.md): the actor is
   * the seller, and the /cabinet routes it reaches are limited to these scopes (`<area>:read|write`).
   */
  apiKey?: { id: number; scopes: readonly string[] } | undefined
}

export function can(actor: Actor | null | undefined, action: Action): boolean {
  if (!actor || !actor.profileType) return false
  if ((adminActions as readonly string[]).includes(action)) return actor.profileType === 'manager'
  if (actor.sellerId == null) return false
  switch (actor.profileType) {
    case 'seller':
      return true
    case 'team_member':
    case 'sales_team_member':
      return action !== 'team.manage' && actor.permissions.length > 0 && actor.permissions.includes(action)
    default:
      return false
  }
}

export function assertCan(actor: Actor | null | undefined, action: Action): asserts actor is Actor {
  if (!actor) throw new AppError('missing_access_token', 'Sign in to continue')
  if (!can(actor, action)) throw new AppError('forbidden', 'You may not do this')
}

/** The seller a cabinet request acts for; never taken from the request body or URL. */
export function actingSellerId(actor: Actor | null | undefined, action: Action): number {
  assertCan(actor, action)
  return actor.sellerId!
}
