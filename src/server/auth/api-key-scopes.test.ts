import { describe, expect, test } from 'vitest'
import { apiKeyAreas } from '../../shared/schemas/api-keys'
import { apiKeyAllows } from './cabinet-route-actions'
import { cabinetRouteActions } from './cabinet-route-actions.table'
import { sellerActions } from './permissions'

// API key scopes (docs/decisions/0073-seller-api-keys.md): the areas are the seller actions' prefixes but the
// team's, and the route-action table decides each /cabinet route's area.

describe('API key scopes', () => {
  test('every seller action\'s area but team is a scope area, and every scope area has actions', () => {
    const areas = new Set(sellerActions.map((action) => action.split('.')[0]!))
    areas.delete('team')
    expect([...apiKeyAreas].sort()).toEqual([...areas].sort())
  })

  test('a GET needs read or write of its area, any other method write; team.manage routes never', () => {
    expect(apiKeyAllows(['products:read'], 'GET', '/api/v1/cabinet/products')).toBe(true)
    expect(apiKeyAllows(['products:read'], 'HEAD', '/api/v1/cabinet/products')).toBe(true)
    expect(apiKeyAllows(['products:write'], 'GET', '/api/v1/cabinet/products')).toBe(true)
    expect(apiKeyAllows(['products:read'], 'POST', '/api/v1/cabinet/products')).toBe(false)
    expect(apiKeyAllows(['products:write'], 'POST', '/api/v1/cabinet/products')).toBe(true)
    expect(apiKeyAllows(['orders:write'], 'GET', '/api/v1/cabinet/products')).toBe(false)
    expect(apiKeyAllows(['dashboard:read'], 'POST', '/api/v1/cabinet/notifications/read_all')).toBe(false)
    expect(apiKeyAllows(['products:write'], 'GET', '/api/v1/cabinet/not_a_route')).toBe(false)
    const teamRoutes = Object.entries(cabinetRouteActions).filter(([, action]) => action === 'team.manage')
    expect(teamRoutes.length).toBeGreaterThan(4)
    const everything = apiKeyAreas.map((area) => `${area}:write`)
    for (const [key] of teamRoutes) {
      const [method, route] = key.split(' ') as [string, string]
      expect(apiKeyAllows(everything, method, route), key).toBe(false)
    }
  })
})
