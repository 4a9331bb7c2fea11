import { describe, expect, test } from 'vitest'
import { isMessageKey, messageKeys, messageLocale, messages, translateIssue, translateMessage } from './messages'

const requiredKeys = [
  'required', 'invalid_email', 'invalid_phone', 'invalid_bic', 'invalid_iban', 'invalid_time', 'invalid_date',
  'invalid_birthday', 'invalid_url', 'invalid_domain', 'invalid_slug', 'reserved_slug', 'invalid_username',
  'username_too_short', 'username_too_long', 'username_taken', 'email_taken', 'password_too_short', 'password_too_long',
  'password_needs_special', 'name_too_long', 'script_tag', 'cyrillic', 'wrong_vat', 'invalid_vat', 'invalid_hex_color',
  'out_of_range', 'too_short', 'too_long', 'invalid_country', 'invalid_tracking_id',
]

describe('messages', () => {
  test('every key the rules use has an English and a German text', () => {
    for (const key of requiredKeys) expect(isMessageKey(key)).toBe(true)
    for (const key of messageKeys) {
      expect(messages[key].en.length).toBeGreaterThan(0)
      expect(messages[key].de.length).toBeGreaterThan(0)
      expect(messages[key].de).not.toBe(messages[key].en)
    }
  })
  test('the texts of limits name the limits of the rules', () => {
    expect(translateMessage('password_too_short', 'en')).toContain('8')
    expect(translateMessage('password_too_long', 'de')).toContain('40')
    expect(translateMessage('username_too_short', 'de')).toContain('3')
    expect(translateMessage('invalid_birthday', 'de')).toContain('18')
  })
  test('German locales read German; others fall back to English', () => {
    expect(translateMessage('required', 'de')).toBe('Dieses Feld ist ein Pflichtfeld.')
    expect(translateMessage('required', 'de-AT')).toBe(messages.required.de)
    expect(translateMessage('required', 'de_CH')).toBe(messages.required.de)
    expect(translateMessage('required', 'en')).toBe('This field is required.')
    expect(translateMessage('required', 'fr')).toBe(messages.required.en)
    expect(translateMessage('required', 'pt_br')).toBe(messages.required.en)
    expect(messageLocale('DE')).toBe('de')
  })
  test('a string that is not a key is shown as it is', () => {
    expect(translateMessage('Something went wrong', 'de')).toBe('Something went wrong')
    expect(translateMessage('toString', 'en')).toBe('toString')
  })
  test('parameters fill the text; numbers are formatted for the locale', () => {
    expect(translateMessage('too_long', 'en', { max: 500 })).toBe('Please enter at most 500 characters.')
    expect(translateMessage('out_of_range', 'de', { min: 1, max: 1_000_000 })).toBe('Bitte gib einen Wert von 1 bis 1.000.000 ein.')
    expect(translateMessage('out_of_range', 'en', { min: 1, max: 1_000_000 })).toBe('Please enter a value from 1 to 1,000,000.')
  })
  test('with a parameter missing, the text without parameters is used', () => {
    expect(translateMessage('out_of_range', 'en', { min: 0 })).toBe(messages.out_of_range.en)
    expect(translateMessage('too_long', 'de')).toBe('Das ist zu lang.')
  })
  test('a zod too_big issue fills {max} from its maximum', () => {
    expect(translateIssue({ message: 'name_too_long', maximum: 50 }, 'de')).toBe('Dieser Name darf höchstens 50 Zeichen lang sein.')
    expect(translateIssue({ message: 'too_short', minimum: 2 }, 'en')).toBe('Please enter at least 2 characters.')
  })
  test('a custom issue fills placeholders from its params', () => {
    expect(translateIssue({ message: 'out_of_range', params: { min: 0, max: 365 } }, 'en')).toBe('Please enter a value from 0 to 365.')
  })
})
