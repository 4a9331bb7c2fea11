import { describe, expect, test } from 'vitest'
import { areaOfPath, destinationAfterSignIn, entryPath, profileForArea, profileTypesOfArea, safeReturnTo } from './profiles'

const user = {
  currentProfileId: 2,
  profiles: [
    { id: 1, type: 'payer' as const },
    { id: 2, type: 'publisher' as const },
    { id: 3, type: 'seller' as const },
  ],
}

describe('profiles and areas', () => {
  test('each area lists the profile types that work there', () => {
    expect(profileTypesOfArea('cabinet')).toEqual(['seller', 'shop'])
    expect(profileTypesOfArea('publish')).toEqual(['publisher', 'platform_affiliate'])
    expect(profileTypesOfArea('reseller')).toEqual(['reseller'])
    expect(profileTypesOfArea('team_member')).toEqual(['team_member', 'sales_team_member'])
    expect(profileTypesOfArea('admin')).toEqual(['manager'])
  })
  test('the entry is the current profile area, else the first profile in entry order', () => {
    expect(entryPath(user)).toBe('/publish')
    expect(entryPath({ ...user, currentProfileId: null })).toBe('/cabinet')
    expect(entryPath({ profiles: [], currentProfileId: null })).toBe('/')
  })
  test('an area uses the current profile when it fits, else the first that fits', () => {
    expect(profileForArea(user, 'publish')?.id).toBe(2)
    expect(profileForArea(user, 'cabinet')?.id).toBe(3)
    expect(profileForArea(user, 'admin')).toBeNull()
    const twoSellers = { currentProfileId: 1, profiles: [{ id: 1, type: 'payer' as const }, { id: 4, type: 'seller' as const }, { id: 5, type: 'seller' as const }] }
    expect(profileForArea(twoSellers, 'cabinet', 5)?.id).toBe(5)
    expect(profileForArea(twoSellers, 'cabinet', 1)?.id).toBe(4)
  })
  test('a team member acting for a seller stays in that seller\'s cabinet; otherwise the cabinet is the own seller\'s', () => {
    const member = { currentProfileId: 7, profiles: [{ id: 3, type: 'seller' as const }, { id: 7, type: 'team_member' as const }] }
    expect(profileForArea(member, 'cabinet')?.id).toBe(7)
    expect(profileForArea({ ...member, currentProfileId: 3 }, 'cabinet')?.id).toBe(3)
    expect(profileForArea({ currentProfileId: 1, profiles: [{ id: 1, type: 'payer' as const }, { id: 7, type: 'team_member' as const }] }, 'cabinet')).toBeNull()
  })
  test('return_to is followed only inside the app', () => {
    expect(safeReturnTo('/cabinet/orders?page=2')).toBe('/cabinet/orders?page=2')
    expect(safeReturnTo('https://evil.example')).toBeNull()
    expect(safeReturnTo('//evil.example')).toBeNull()
    expect(safeReturnTo('/\\evil.example')).toBeNull()
    expect(safeReturnTo('/users/sign_in?return_to=/x')).toBeNull()
    expect(safeReturnTo(42)).toBeNull()
    expect(destinationAfterSignIn(user, '/payer')).toBe('/payer')
    expect(destinationAfterSignIn(user, undefined)).toBe('/publish')
  })
  test('paths map to their area', () => {
    expect(areaOfPath('/team_member/payouts')).toBe('team_member')
    expect(areaOfPath('/plans')).toBeNull()
  })
})
