import { describe, expect, test } from 'vitest'
import { loadConfig } from '../../config'

// TEST_CLOCK (decision 0026): on by default only in the embedded demo; never in production.

describe('the TEST_CLOCK setting', () => {
  test('unset: on in the embedded demo (development, sandbox on, demo seeded), off elsewhere', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).testClock).toBe(true)
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'false' }).testClock).toBe(false)
    expect(loadConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgres://x@localhost/db' }).testClock).toBe(false)
    expect(loadConfig({ NODE_ENV: 'test' }).testClock).toBe(false)
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).testClock).toBe(false)
  })

  test('on is taken where test payments are on, and refused in production or without them', () => {
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK: 'on' }).testClock).toBe(true)
    expect(loadConfig({ NODE_ENV: 'development', TEST_CLOCK: 'off' }).testClock).toBe(false)
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK: 'on' })).toThrow(/TEST_CLOCK/)
    expect(() => loadConfig({ NODE_ENV: 'development', TEST_CLOCK: 'on', PAYMENTS_TEST_MODE: 'false' })).toThrow(/TEST_CLOCK/)
  })
})
