import { describe, expect, test } from 'vitest'
import { checkoutTheme, checkoutThemeInput } from '../../../../shared/schemas/checkout-settings'
import { colorIssue, previewTheme, themeChange, themeValues } from './theme-values'

describe('checkout theme form values', () => {
  test('the defaults round-trip to a change of nulls only (nothing stored but what the seller changed)', () => {
    const change = themeChange(themeValues(checkoutTheme({})))
    expect(Object.values(change).every((v) => v === null)).toBe(true)
    expect(checkoutThemeInput.safeParse(change).success).toBe(true)
  })

  test('changed values are sent typed; empty texts as null', () => {
    const values = { ...themeValues(checkoutTheme({})), buy_button_color: '#000000', buy_button_radius: '4', buy_button_text: '  Pay  ' }
    expect(themeChange(values)).toMatchObject({ buy_button_color: '#000000', buy_button_radius: 4, buy_button_text: 'Pay', get_for_free_text: null, page_color: null })
  })

  test('the preview keeps the default for a value that is not valid yet', () => {
    const values = { ...themeValues(checkoutTheme({})), buy_button_color: '#12', page_color: '#eeeeee' }
    expect(previewTheme(values)).toMatchObject({ buy_button_color: '#ffc107', page_color: '#eeeeee', buy_button_radius: 22 })
    expect(colorIssue('#12')).toBe('invalid_hex_color')
    expect(colorIssue('#fff')).toBeUndefined()
  })
})
