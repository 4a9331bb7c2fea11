import { isPossiblePhoneNumber, isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js'

// docs/reference/accounts-and-orders.md §5: digits with an optional country prefix and groups ("+49 (0)30 123-4567",
// "030/1234567"). International numbers always pass; a national number needs the default country.
// We check the length per country (isPossible), not the number ranges (isValid): the library's author
// advises it, because stale range data would refuse freshly assigned numbers and block a checkout.

export const phoneMaxLength = 32
const phoneShape = /^\+?[0-9 ()./-]+$/

/** The country the number is read in; a country without its own numbering plan reads none. */
function numberingCountry(country: string | undefined): CountryCode | undefined {
  return country !== undefined && isSupportedCountry(country) ? country : undefined
}

/** "0049 ..." is how Europeans dial abroad; read it as "+49 ..." when no country says otherwise. */
function internationalise(value: string, country: CountryCode | undefined): string {
  return country === undefined && value.startsWith('00') ? `+${value.slice(2)}` : value
}

/** `defaultCountry`: ISO 3166-1 alpha-2 code of the country national numbers belong to. */
export function isPhone(value: string, defaultCountry?: string): boolean {
  if (value.length > phoneMaxLength || !phoneShape.test(value)) return false
  const country = numberingCountry(defaultCountry)
  return isPossiblePhoneNumber(internationalise(value, country), country)
}

/** The number in E.164 ("+49301234567") for storage and comparison; undefined when not a phone number. */
export function phoneToE164(value: string, defaultCountry?: string): string | undefined {
  if (!isPhone(value, defaultCountry)) return undefined
  const country = numberingCountry(defaultCountry)
  return parsePhoneNumberFromString(internationalise(value, country), country)?.number
}
