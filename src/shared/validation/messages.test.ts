import { describe, expect, test } from 'vitest'
import { localeCode, type LocaleCode } from '../schemas/accounts'
import {
  isMessageKey, messageKeys, messageLocale, messages, registerMessageTexts, registeredMessageLocales, translateIssue,
  translateMessage, type MessageText, type MessageTexts,
} from './messages'
import en from './message-texts/en'
import fr from './message-texts/fr'

const requiredKeys = [
  'required', 'invalid_email', 'invalid_phone', 'invalid_bic', 'invalid_iban', 'invalid_time', 'invalid_date',
  'invalid_birthday', 'invalid_url', 'invalid_domain', 'invalid_slug', 'reserved_slug', 'invalid_username',
  'username_too_short', 'username_too_long', 'username_taken', 'email_taken', 'password_too_short', 'password_too_long',
  'password_needs_special', 'name_too_long', 'script_tag', 'cyrillic', 'wrong_vat', 'invalid_vat', 'invalid_hex_color',
  'out_of_range', 'too_short', 'too_long', 'invalid_country', 'invalid_tracking_id',
]

// Every locale file, read as a test reads files (not through the registry, which all.ts fills below).
const localeFiles = import.meta.glob<MessageTexts>(['./message-texts/*.ts', '!./message-texts/all.ts'], { eager: true, import: 'default' })
const texts = Object.fromEntries(
  Object.entries(localeFiles).map(([path, file]) => [/\/([a-z_]+)\.ts$/.exec(path)![1]!, file]),
) as Record<LocaleCode, MessageTexts>

/** Every `{placeholder}`, `{{placeholder}}` and `{type:size}` in a text, sorted. */
const placeholders = (text: string) => (text.match(/\{+[\w:]+\}+/g) ?? []).sort()
const plain = (message: MessageText) => (typeof message === 'string' ? message : message.text)
const withParams = (message: MessageText) => (typeof message === 'string' ? undefined : message.withParams)

describe('messages', () => {
  test('every key the rules use has an English text', () => {
    for (const key of requiredKeys) expect(isMessageKey(key)).toBe(true)
    for (const key of messageKeys) expect(plain(messages[key]).length).toBeGreaterThan(0)
  })
  test('every one of the 20 locales has a file with every key, and no other', () => {
    expect(Object.keys(texts).sort()).toEqual([...localeCode.options].sort())
    for (const locale of localeCode.options) expect(Object.keys(texts[locale]).sort(), locale).toEqual([...messageKeys].sort())
  })
  test('every text is translated and keeps the placeholders of English, in its text and its withParams', () => {
    for (const locale of localeCode.options) {
      for (const key of messageKeys) {
        const english = en[key] as MessageText
        const message = texts[locale][key] as MessageText
        const where = `${locale} ${key}`
        expect(typeof message, where).toBe(typeof english)
        expect(plain(message).trim().length, where).toBeGreaterThan(0)
        expect(placeholders(plain(message)), where).toEqual(placeholders(plain(english)))
        expect(placeholders(withParams(message) ?? ''), where).toEqual(placeholders(withParams(english) ?? ''))
        if (locale !== 'en') expect(plain(message), where).not.toBe(plain(english))
      }
    }
  })
  test('the literal examples of English stay as they are', () => {
    const examples: [string, string][] = [
      ['invalid_phone', '+49 30 1234567'], ['invalid_time', '09:30'], ['invalid_domain', 'shop.example.com'],
      ['invalid_hex_color', '#ffc107'], ['https_url_required', 'https://www.youtube.com/live/abc123'],
      ['invalid_url', 'https://'], ['license_key_format_invalid', '{alphanumeric:5}-{numeric:4}'],
    ]
    for (const locale of localeCode.options) {
      for (const [key, example] of examples) expect(plain(texts[locale][key as keyof MessageTexts]), `${locale} ${key}`).toContain(example)
    }
  })
  test('the texts of limits name the limits of the rules', () => {
    expect(translateMessage('password_too_short', 'en')).toContain('8')
    expect(plain(texts.de.password_too_long)).toContain('40')
    expect(plain(texts.de.username_too_short)).toContain('3')
    expect(plain(texts.de.invalid_birthday)).toContain('18')
    for (const locale of localeCode.options) {
      expect(plain(texts[locale].password_too_short), locale).toContain('8')
      expect(plain(texts[locale].password_too_long), locale).toContain('40')
      expect(plain(texts[locale].username_too_short), locale).toContain('3')
      expect(plain(texts[locale].username_too_long), locale).toContain('50')
    }
  })
  test('a tag reads as its locale; an unknown one as English', () => {
    expect(messageLocale('DE')).toBe('de')
    expect(messageLocale('de-AT')).toBe('de')
    expect(messageLocale('de_CH')).toBe('de')
    expect(messageLocale('pt-BR')).toBe('pt_br')
    expect(messageLocale('pt_pt')).toBe('pt_pt')
    expect(messageLocale('nb')).toBe('no')
    expect(messageLocale('xx')).toBe('en')
    expect(messageLocale('')).toBe('en')
  })
  test('a string that is not a key is shown as it is', () => {
    expect(translateMessage('Something went wrong', 'de')).toBe('Something went wrong')
    expect(translateMessage('toString', 'en')).toBe('toString')
  })
  test('parameters fill the text; numbers are formatted for the locale', () => {
    expect(translateMessage('too_long', 'en', { max: 500 })).toBe('Please enter at most 500 characters.')
    expect(translateMessage('out_of_range', 'en', { min: 1, max: 1_000_000 })).toBe('Please enter a value from 1 to 1,000,000.')
  })
  test('with a parameter missing, the text without parameters is used', () => {
    expect(translateMessage('out_of_range', 'en', { min: 0 })).toBe(plain(messages.out_of_range))
    expect(translateMessage('too_long', 'en')).toBe('This is too long.')
  })
  test('a zod too_big issue fills {max} from its maximum', () => {
    expect(translateIssue({ message: 'too_short', minimum: 2 }, 'en')).toBe('Please enter at least 2 characters.')
    expect(translateIssue({ message: 'name_too_long', maximum: 50 }, 'en')).toBe('This name may be at most 50 characters long.')
  })
  test('a custom issue fills placeholders from its params', () => {
    expect(translateIssue({ message: 'out_of_range', params: { min: 0, max: 365 } }, 'en')).toBe('Please enter a value from 0 to 365.')
  })
})

// The order matters: first nothing but English is registered (the back office before it loads a locale), then the
// back office's registration of one locale, then the server's of all of them.
describe('the registry', () => {
  test('an unregistered locale reads English', () => {
    expect(registeredMessageLocales()).toEqual(['en'])
    expect(translateMessage('password_too_short', 'fr')).toBe(translateMessage('password_too_short', 'en'))
    expect(translateMessage('required', 'de')).toBe('This field is required.')
  })
  test('a registered locale reads its own texts; the others still English', () => {
    registerMessageTexts('fr', fr)
    expect(translateMessage('password_too_short', 'fr')).toBe('Votre mot de passe doit comporter au moins 8 caractères.')
    expect(translateMessage('password_too_short', 'fr-CA')).toBe('Votre mot de passe doit comporter au moins 8 caractères.')
    expect(translateMessage('too_long', 'fr', { max: 5000 })).toBe(`Veuillez saisir au maximum ${new Intl.NumberFormat('fr').format(5000)} caractères.`)
    expect(translateMessage('required', 'it')).toBe('This field is required.')
    expect(translateMessage('required', 'xx-YY')).toBe('This field is required.')
  })
  test('on the server (all.ts imported) every locale reads its own texts', async () => {
    await import('./message-texts/all')
    expect([...registeredMessageLocales()].sort()).toEqual([...localeCode.options].sort())
    expect(translateMessage('password_too_short', 'fr')).toBe('Votre mot de passe doit comporter au moins 8 caractères.')
    for (const locale of localeCode.options) expect(translateMessage('required', locale), locale).toBe(plain(texts[locale].required))
    expect(translateMessage('required', 'unknown')).toBe('This field is required.')
    expect(translateMessage('required', 'de-AT')).toBe('Dieses Feld ist ein Pflichtfeld.')
    expect(translateMessage('out_of_range', 'de', { min: 1, max: 1_000_000 })).toBe('Bitte gib einen Wert von 1 bis 1.000.000 ein.')
    expect(translateMessage('out_of_range', 'pt-BR', { min: 1, max: 1_000_000 })).toBe('Digite um valor entre 1 e 1.000.000.')
    expect(translateMessage('too_long', 'de')).toBe('Das ist zu lang.')
    expect(translateIssue({ message: 'name_too_long', maximum: 50 }, 'de')).toBe('Dieser Name darf höchstens 50 Zeichen lang sein.')
  })
})
