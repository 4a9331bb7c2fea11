import { describe, expect, test } from 'vitest'
import { isTrackingId } from './tracking'

describe('tracking IDs (docs/reference/catalogue-and-selling.md §5)', () => {
  test('Universal Analytics: UA-12345678-1 passes; G- or missing parts fail', () => {
    expect(isTrackingId('google_analytics', 'UA-12345678-1')).toBe(true)
    for (const value of ['G-ABC123', 'UA-12345678', 'UA--1', 'ua-12345678-1', 'UA-1234567A-1']) {
      expect(isTrackingId('google_analytics', value)).toBe(false)
    }
  })
  test('GA4: G-ABC123XYZ9 passes; UA-, GTM-, a bare G- and lowercase fail', () => {
    expect(isTrackingId('google_analytics_4', 'G-ABC123XYZ9')).toBe(true)
    for (const value of ['UA-12345678-1', 'GTM-ABC1234', 'G-', 'g-abc123', 'G-ABC 123']) {
      expect(isTrackingId('google_analytics_4', value)).toBe(false)
    }
  })
  test('tag manager: GTM-ABC1234 passes; G- and a bare GTM- fail', () => {
    expect(isTrackingId('google_tag_manager', 'GTM-ABC1234')).toBe(true)
    for (const value of ['G-ABC1234', 'GTM-', 'GTM_ABC1234']) expect(isTrackingId('google_tag_manager', value)).toBe(false)
  })
  test('facebook pixel of 16 digits passes, 15 and 17 digits fail', () => {
    expect(isTrackingId('facebook_pixel', '1234567890123456')).toBe(true)
    expect(isTrackingId('facebook_pixel', '123456789012345')).toBe(false)
    expect(isTrackingId('facebook_pixel', '12345678901234567')).toBe(false)
  })
  test('facebook pixel of 16 characters that are not all digits fails', () => {
    expect(isTrackingId('facebook_pixel', '123456789012345A')).toBe(false)
  })
})
