import { describe, expect, test } from 'vitest'
import { defaultDunningSettings, dunningSettingsInput, nextStepAt, scheduleOf } from './dunning'

const start = new Date('2030-01-10T08:00:00.000Z')
const day = (n: number) => new Date(start.getTime() + n * 86_400_000).toISOString()

describe('the dunning schedule', () => {
  test('retry k runs retry_days[k] days after the first failure; none is left after the last', () => {
    const days = [...defaultDunningSettings.retry_days]
    expect(days).toEqual([3, 7, 14])
    expect(nextStepAt(start, days, 0)?.toISOString()).toBe(day(3))
    expect(nextStepAt(start, days, 1)?.toISOString()).toBe(day(7))
    expect(nextStepAt(start, days, 2)?.toISOString()).toBe(day(14))
    expect(nextStepAt(start, days, 3)).toBeNull()
  })

  test('the schedule lists each retry and marks the last', () => {
    expect(scheduleOf([3, 7, 14])).toEqual([{ day: 3, retry: 1, last: false }, { day: 7, retry: 2, last: false }, { day: 14, retry: 3, last: true }])
  })

  test('settings: retry days go up, 1..90 each, 1..10 of them; unknown keys are refused', () => {
    const ok = { enabled: true, retry_days: [1, 5, 30], pause_access: false, create_claims: true }
    expect(dunningSettingsInput.safeParse(ok).success).toBe(true)
    expect(dunningSettingsInput.safeParse({ ...ok, retry_days: [5, 5] }).success).toBe(false)
    expect(dunningSettingsInput.safeParse({ ...ok, retry_days: [7, 3] }).success).toBe(false)
    expect(dunningSettingsInput.safeParse({ ...ok, retry_days: [] }).success).toBe(false)
    expect(dunningSettingsInput.safeParse({ ...ok, retry_days: [0] }).success).toBe(false)
    expect(dunningSettingsInput.safeParse({ ...ok, retry_days: [91] }).success).toBe(false)
    expect(dunningSettingsInput.safeParse({ ...ok, retry_days: Array.from({ length: 11 }, (_, i) => i + 1) }).success).toBe(false)
    expect(dunningSettingsInput.safeParse({ ...ok, extra: 1 }).success).toBe(false)
  })
})
