import { AppError } from '../../shared/errors'
import { can, type Action, type Actor } from './permissions'
import { cabinetRouteActions } from './cabinet-route-actions.table'

// Team members reach the seller's routes (/api/v1/cabinet) only through this table: each route names the
// action it needs (the first its use case checks), read before the request body is (docs/decisions/0053-team-members.md
// "Acting for a seller"). A route missing here is closed to team members, and the authorization matrix
// test (tests/integration/authorization-matrix.test.ts) fails until it is added.

/** The action a /cabinet route needs, by `METHOD /api/v1/cabinet/...` as registered; HEAD is its GET. */
export function cabinetRouteAction(method: string, route: string | undefined): Action | undefined {
  if (!route) return undefined
  return (cabinetRouteActions as Record<string, Action>)[`${method === 'HEAD' ? 'GET' : method} ${route}`]
}

/** Refuses a team member a /cabinet route they hold no action for (403 forbidden), whatever the body holds. */
export function assertTeamMemberRoute(actor: Actor, method: string, route: string | undefined): void {
  if (actor.profileType !== 'team_member') return
  const action = cabinetRouteAction(method, route)
  if (!action || !can(actor, action)) throw new AppError('forbidden', 'You may not do this')
}
