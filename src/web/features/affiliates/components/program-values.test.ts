import { describe, expect, test } from 'vitest'
import { createAffiliateProgramInput } from '../../../../shared/schemas/affiliates'
import { moveBlock } from './landing-blocks'
import { initialValues, programInput } from './program-values'

describe('affiliate program form values', () => {
  test('a new program has the spec defaults and passes the shared schema once named', () => {
    const values = { ...initialValues(), name: 'Partners' }
    expect(values.commissions).toEqual(['15'])
    expect(values.cookies_expire).toBe('180')
    const parsed = createAffiliateProgramInput.parse(programInput(values))
    expect(parsed).toMatchObject({ commissions: [15], cookies_expire: 180, lifetime: 'none', bonus: null, bonus_currency: null, landing_theme: 'classic' })
  })

  test('the bonus is typed in major units and sent in minor units with its currency', () => {
    const input = programInput({ ...initialValues(), name: 'P', bonus: '12,50', bonus_currency: 'eur' })
    expect(input).toMatchObject({ bonus: 1250, bonus_currency: 'eur' })
    expect(programInput({ ...initialValues(), name: 'P', bonus: '12.5.0' }).bonus).toBeNaN()
  })

  test('lifetime days are sent only with the days duration, and the schema asks for them then', () => {
    const base = { ...initialValues(), name: 'P', lifetime_days: '30' }
    expect(programInput(base).lifetime_days).toBeNull()
    expect(programInput({ ...base, lifetime: 'days' }).lifetime_days).toBe(30)
    expect(createAffiliateProgramInput.safeParse(programInput({ ...base, lifetime: 'days', lifetime_days: '' })).success).toBe(false)
  })

  test('without a landing page the redirection address is required', () => {
    const values = { ...initialValues(), name: 'P', disable_landing_page: true }
    expect(createAffiliateProgramInput.safeParse(programInput(values)).success).toBe(false)
    expect(createAffiliateProgramInput.safeParse(programInput({ ...values, redirection_url: 'https://example.com/partners' })).success).toBe(true)
  })

  test('blocks move up and down inside the list', () => {
    expect(moveBlock(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b'])
    expect(moveBlock(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c'])
  })
})
