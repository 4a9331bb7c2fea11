import { afterEach, describe, expect, test, vi } from 'vitest'
import type { z } from 'zod'
import { isMessageKey } from './messages'
import {
  zBic, zBirthday, zCountryCode, zDomain, zEmail, zHexColor, zIban, zIsoDateTime, zPassword, zPersonName, zPhone, zPhoneIn,
  zPlainText, zProductSlug, zProfileName, zShopSlug, zSlug, zTime, zUrl, zUsername, zVatId,
} from './schemas'

/** The message keys of the issues, or the parsed value when it passes. */
function run(schema: z.ZodType, input: unknown): { ok: unknown } | { issues: string[] } {
  const result = schema.safeParse(input)
  return result.success ? { ok: result.data } : { issues: result.error.issues.map((issue) => issue.message) }
}

describe('every schema answers with message keys', () => {
  const schemas: Record<string, z.ZodType> = {
    zEmail, zPassword, zUsername, zPersonName, zProfileName, zPlainText: zPlainText(5), zPhone, zCountryCode, zSlug, zShopSlug,
    zProductSlug, zHexColor, zUrl, zDomain, zIsoDateTime, zVatId, zIban, zBic, zTime, zBirthday,
  }
  test('undefined, a number, empty, spaces, a script tag and 300 characters all give known keys', () => {
    const unknown: string[] = []
    for (const [name, schema] of Object.entries(schemas)) {
      for (const input of [undefined, 42, '', '   ', '<script>x</script>', 'x'.repeat(300)]) {
        for (const issue of schema.safeParse(input).error?.issues ?? []) {
          if (!isMessageKey(issue.message)) unknown.push(`${name}: ${issue.message}`)
        }
      }
    }
    expect(unknown).toEqual([])
  })
  test('a missing value is required, a value of another type invalid_value', () => {
    expect(run(zEmail, undefined)).toEqual({ issues: ['required'] })
    expect(run(zEmail, 42)).toEqual({ issues: ['invalid_value'] })
    expect(run(zCountryCode, undefined)).toEqual({ issues: ['required'] })
  })
})

describe('zEmail', () => {
  test('is trimmed and keeps its case', () => {
    expect(run(zEmail, '  Anna@Example.com ')).toEqual({ ok: 'Anna@Example.com' })
  })
  test('empty is required; not an address is invalid_email', () => {
    expect(run(zEmail, ' ')).toEqual({ issues: ['required'] })
    expect(run(zEmail, 'anna')).toEqual({ issues: ['invalid_email'] })
  })
  test('255 characters is invalid_email, reported once', () => {
    expect(run(zEmail, `${'a'.repeat(243)}@example.com`)).toEqual({ issues: ['invalid_email'] })
  })
})

describe('zPassword', () => {
  test('is not trimmed: spaces count as characters', () => {
    expect(run(zPassword, ' abcde! ')).toEqual({ ok: ' abcde! ' })
  })
  test('7 characters is password_too_short, 41 password_too_long, no special password_needs_special', () => {
    expect(run(zPassword, 'abcde!1')).toEqual({ issues: ['password_too_short'] })
    expect(run(zPassword, `${'a'.repeat(40)}!`)).toEqual({ issues: ['password_too_long'] })
    expect(run(zPassword, 'abcdefgh')).toEqual({ issues: ['password_needs_special'] })
  })
  test('empty is required', () => {
    expect(run(zPassword, '')).toEqual({ issues: ['required'] })
  })
})

describe('zUsername', () => {
  test('is trimmed before its length is counted', () => {
    expect(run(zUsername, '  abc  ')).toEqual({ ok: 'abc' })
    expect(run(zUsername, ' ab ')).toEqual({ issues: ['username_too_short'] })
  })
  test('51 characters is username_too_long, reported once', () => {
    expect(run(zUsername, 'a'.repeat(51))).toEqual({ issues: ['username_too_long'] })
  })
  test('Cyrillic is cyrillic, a digit first invalid_username', () => {
    expect(run(zUsername, 'Иван')).toEqual({ issues: ['cyrillic'] })
    expect(run(zUsername, '1anna')).toEqual({ issues: ['invalid_username'] })
  })
})

describe('names and plain text', () => {
  test('person name: trimmed, 50 characters pass, 51 is name_too_long', () => {
    expect(run(zPersonName, ' Anna ')).toEqual({ ok: 'Anna' })
    expect(run(zPersonName, 'a'.repeat(50))).toEqual({ ok: 'a'.repeat(50) })
    expect(run(zPersonName, 'a'.repeat(51))).toEqual({ issues: ['name_too_long'] })
  })
  test('person name: empty is required, a script tag script_tag', () => {
    expect(run(zPersonName, '')).toEqual({ issues: ['required'] })
    expect(run(zPersonName, 'Anna<script src=x>')).toEqual({ issues: ['script_tag'] })
  })
  test('profile name: 60 characters pass, 61 is name_too_long', () => {
    expect(run(zProfileName, 'a'.repeat(60))).toEqual({ ok: 'a'.repeat(60) })
    expect(run(zProfileName, 'a'.repeat(61))).toEqual({ issues: ['name_too_long'] })
  })
  test('plain text: trimmed, may be empty, max characters after trimming pass, one more is too_long', () => {
    expect(run(zPlainText(5), '  ')).toEqual({ ok: '' })
    expect(run(zPlainText(5), ' abcde ')).toEqual({ ok: 'abcde' })
    expect(run(zPlainText(5), 'abcdef')).toEqual({ issues: ['too_long'] })
  })
  test('plain text: a script tag is script_tag', () => {
    expect(run(zPlainText(500), 'Nice <SCRIPT>alert(1)</SCRIPT>')).toEqual({ issues: ['script_tag'] })
  })
})

describe('zPhone and zPhoneIn', () => {
  test('an international number passes, a national one only with its country', () => {
    expect(run(zPhone, ' +49 30 1234567 ')).toEqual({ ok: '+49 30 1234567' })
    expect(run(zPhone, '030 1234567')).toEqual({ issues: ['invalid_phone'] })
    expect(run(zPhoneIn('DE'), '030 1234567')).toEqual({ ok: '030 1234567' })
  })
})

describe('zCountryCode', () => {
  test('an uppercase ISO code passes; lowercase or unknown is invalid_country', () => {
    expect(run(zCountryCode, 'DE')).toEqual({ ok: 'DE' })
    expect(run(zCountryCode, 'de')).toEqual({ issues: ['invalid_country'] })
    expect(run(zCountryCode, 'EL')).toEqual({ issues: ['invalid_country'] })
  })
})

describe('slugs', () => {
  test('zSlug: 2 characters pass, 1 or 103 are invalid_slug, Cyrillic cyrillic', () => {
    expect(run(zSlug, 'ab')).toEqual({ ok: 'ab' })
    expect(run(zSlug, 'a')).toEqual({ issues: ['invalid_slug'] })
    expect(run(zSlug, 'a'.repeat(103))).toEqual({ issues: ['invalid_slug'] })
    expect(run(zSlug, 'курс')).toEqual({ issues: ['cyrillic'] })
  })
  test('zSlug does not judge reserved words; zShopSlug refuses them', () => {
    expect(run(zSlug, 'cabinet')).toEqual({ ok: 'cabinet' })
    expect(run(zShopSlug, 'cabinet')).toEqual({ issues: ['reserved_slug'] })
    expect(run(zShopSlug, ' my-shop ')).toEqual({ ok: 'my-shop' })
  })
  test('zProductSlug also refuses the seller page segments', () => {
    expect(run(zShopSlug, 'courses')).toEqual({ ok: 'courses' })
    expect(run(zProductSlug, 'courses')).toEqual({ issues: ['reserved_slug'] })
  })
})

describe('web, colour and time', () => {
  test('zHexColor', () => {
    expect(run(zHexColor, '#ffc107')).toEqual({ ok: '#ffc107' })
    expect(run(zHexColor, '#ffc10')).toEqual({ issues: ['invalid_hex_color'] })
  })
  test('zUrl', () => {
    expect(run(zUrl, ' https://example.com/thanks ')).toEqual({ ok: 'https://example.com/thanks' })
    expect(run(zUrl, 'javascript:alert(1)')).toEqual({ issues: ['invalid_url'] })
  })
  test('zDomain is stored in lowercase', () => {
    expect(run(zDomain, 'Shop.Example.COM')).toEqual({ ok: 'shop.example.com' })
    expect(run(zDomain, 'localhost')).toEqual({ issues: ['invalid_domain'] })
  })
  test('zTime: 23:59 passes, 24:00 is invalid_time', () => {
    expect(run(zTime, '23:59')).toEqual({ ok: '23:59' })
    expect(run(zTime, '24:00')).toEqual({ issues: ['invalid_time'] })
  })
  test('zIsoDateTime: with milliseconds and Z passes, without milliseconds is invalid_date', () => {
    expect(run(zIsoDateTime, '2026-11-22T10:00:00.000Z')).toEqual({ ok: '2026-11-22T10:00:00.000Z' })
    expect(run(zIsoDateTime, '2026-11-22T10:00:00Z')).toEqual({ issues: ['invalid_date'] })
  })
})

describe('bank and tax', () => {
  test('zIban is stored in electronic format', () => {
    expect(run(zIban, 'de89 3704 0044 0532 0130 00')).toEqual({ ok: 'DE89370400440532013000' })
    expect(run(zIban, 'DE88 3704 0044 0532 0130 00')).toEqual({ issues: ['invalid_iban'] })
  })
  test('zBic is stored in uppercase', () => {
    expect(run(zBic, 'deutdeff500')).toEqual({ ok: 'DEUTDEFF500' })
    expect(run(zBic, 'DEUTDEF')).toEqual({ issues: ['invalid_bic'] })
  })
  test('zVatId is stored without spaces and dots, in uppercase', () => {
    expect(run(zVatId, 'de 136.695.976')).toEqual({ ok: 'DE136695976' })
  })
  test('zVatId: a country pattern mismatch is wrong_vat, a bad character invalid_vat', () => {
    expect(run(zVatId, 'DE13669597')).toEqual({ issues: ['wrong_vat'] })
    expect(run(zVatId, 'GR094259216')).toEqual({ issues: ['wrong_vat'] })
    expect(run(zVatId, 'DE136695976!')).toEqual({ issues: ['invalid_vat'] })
  })
})

describe('zBirthday', () => {
  afterEach(() => {
    vi.useRealTimers()
  })
  test('judged against the day it is checked: 18 today passes, 18 tomorrow is invalid_birthday', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(2026, 10, 22, 12))
    expect(run(zBirthday, ' 22.11.2008 ')).toEqual({ ok: '22.11.2008' })
    expect(run(zBirthday, '23.11.2008')).toEqual({ issues: ['invalid_birthday'] })
  })
  test('a date that does not exist is invalid_date', () => {
    expect(run(zBirthday, '31.02.1990')).toEqual({ issues: ['invalid_date'] })
  })
})
