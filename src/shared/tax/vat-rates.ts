import { isCountryCode, vatPrefixOf, type CountryCode } from '../validation/countries'

// The one table of VAT rates, each with its source and date. Rates are
// basis points (1 % = 100, docs/STYLE.md "Money is exact"), so 25.5 % is 2550 and no float is ever stored.
//
// Keyed by the address country code: Greece is GR here and EL only in VAT ids (docs/reference/readings.md 22); the two
// helpers at the end map between them so callers never special-case Greece themselves.
//
// A rate change is a new row of this file with a new `asOf`, reviewed against the source; orders store
// the rate they were charged at, so changing the table never rewrites a past order.

export const euMemberStates = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU',
  'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const satisfies readonly CountryCode[]
export type EuMemberState = (typeof euMemberStates)[number]

/** Countries outside the EU whose sellers the platform serves with a domestic rate of their own (docs/reference/readings.md 22). */
export const nonEuVatCountries = ['CH', 'GB'] as const satisfies readonly CountryCode[]
export type VatCountry = EuMemberState | (typeof nonEuVatCountries)[number]

export const vatRateTable = Object.freeze({
  source:
    'European Commission, "VAT rates in the EU" (taxation-customs.ec.europa.eu, VAT rates applied in the Member States); ' +
    'CH: Swiss Federal Tax Administration; GB: HMRC',
  // The date the rates below reflect, to the best of our knowledge when the table was written. Changes in
  // the last two years that it includes: FI 25.5 % (2024-09-01), SK 23 % (2025-01-01), EE 24 % (2025-07-01),
  // RO 21 % (2025-08-01), CH 8.1 % (2024-01-01). Check the source for anything announced after this date.
  asOf: '2025-08-01',
  standardBps: Object.freeze({
    AT: 2000, BE: 2100, BG: 2000, CY: 1900, CZ: 2100, DE: 1900, DK: 2500, EE: 2400, ES: 2100, FI: 2550,
    FR: 2000, GR: 2400, HR: 2500, HU: 2700, IE: 2300, IT: 2200, LT: 2100, LU: 1700, LV: 2100, MT: 1800,
    NL: 2100, PL: 2300, PT: 2300, RO: 2100, SE: 2500, SI: 2200, SK: 2300,
    CH: 810, GB: 2000,
  } satisfies Record<VatCountry, number>),
  // Reduced rates for e-books (allowed for electronically supplied publications since Directive (EU)
  // 2018/1713). Only the member states we know confidently are listed; every other country, including
  // ones that may well have a reduced e-book rate (PL, CZ, HR, HU, SI...), falls back to its standard
  // rate in `vatRateBps` until someone checks the source. That fallback can overcharge, never undercharge.
  ebookBps: Object.freeze({
    AT: 1000, BE: 600, DE: 700, ES: 400, FR: 550, IE: 0, IT: 400, LU: 300, NL: 900, PT: 600, SE: 600,
  } satisfies Partial<Record<EuMemberState, number>>),
})

/** The rate category of a line: `ebook` only where the seller marks the product as an e-book. */
export type VatRateCategory = 'standard' | 'ebook'

export function isEuMemberState(country: string): country is EuMemberState {
  return (euMemberStates as readonly string[]).includes(country)
}

export function hasVatRate(country: string): country is VatCountry {
  return Object.hasOwn(vatRateTable.standardBps, country)
}

/** The rate of a country in basis points; an e-book without a known reduced rate gets the standard rate. */
export function vatRateBps(country: VatCountry, category: VatRateCategory = 'standard'): number {
  if (category === 'ebook') {
    const ebook = (vatRateTable.ebookBps as Partial<Record<string, number>>)[country]
    if (ebook !== undefined) return ebook
  }
  return vatRateTable.standardBps[country]
}

/** docs/reference/readings.md 22: the prefix of a country's VAT ids (GR -> EL; every other country keeps its code). */
export function vatIdPrefixOfCountry(country: CountryCode): string {
  return vatPrefixOf(country)
}

/** The address country of a VAT id prefix (EL -> GR); undefined for a prefix that is no country. */
export function countryOfVatIdPrefix(prefix: string): CountryCode | undefined {
  const upper = prefix.toUpperCase()
  // GR is the address code, never a VAT prefix: an id written "GR..." is not a Greek id (validation: wrong_vat).
  if (upper === 'GR') return undefined
  const country = upper === 'EL' ? 'GR' : upper
  return isCountryCode(country) ? country : undefined
}
