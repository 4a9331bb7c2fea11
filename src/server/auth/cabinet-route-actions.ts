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

/**
 * The seller's routes before the body is read: a profile acting for no seller (payer, publisher, manager) is
 * refused (403), and so is a team member without the route's action; the seller passes to the use case.
 */
export function assertSellerRoute(actor: Actor, method: string, route: string | undefined): void {
  if (actor.sellerId === null) throw new AppError('forbidden', 'You may not do this')
  if (actor.apiKey) return assertApiKeyScope(actor.apiKey.scopes, method, route)
  if (actor.profileType === 'seller') return
  const action = cabinetRouteAction(method, route)
  if (!action || !can(actor, action)) throw new AppError('forbidden', 'You may not do this')
}

/**
 * An API key reaches a /cabinet route when one of its scopes covers the route's area: a GET (or HEAD) needs
 * `<area>:read` or `<area>:write`, any other method `<area>:write` (docs/decisions/0073-seller-api-keys.md).
 * The area is the route action's (`products.write` -> products); `team.manage` routes (the team, API keys)
 * are in no scope, so a key never manages keys or the team.
 */
export function apiKeyAllows(scopes: readonly string[], method: string, route: string | undefined): boolean {
  const action = cabinetRouteAction(method, route)
  if (!action || action === 'team.manage') return false
  const area = action.split('.')[0]!
  const reading = method === 'GET' || method === 'HEAD'
  return scopes.includes(`${area}:write`) || (reading && scopes.includes(`${area}:read`))
}

function assertApiKeyScope(scopes: readonly string[], method: string, route: string | undefined): void {
  if (!apiKeyAllows(scopes, method, route)) throw new AppError('forbidden', 'The API key\'s scopes do not allow this')
}
