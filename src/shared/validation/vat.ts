import {
  austria, belgium, bulgaria, checkVAT, croatia, cyprus, czechRepublic, denmark, estonia, finland, france, germany, greece,
  hungary, ireland, italy, latvia, lithuania, luxembourg, malta, netherlands, poland, portugal, romania, slovakiaRepublic,
  slovenia, spain, sweden, switzerland, unitedKingdom, type Country,
} from 'jsvat'
import type { MessageKey } from './messages'

// docs/reference/accounts-and-orders.md §5: a VAT id holds letters, digits, underscores and hyphens; for the listed countries it
// must also match that country's pattern, else 'wrong_vat'. Only the format is checked here (docs/reference/readings.md
// 26: an online VIES check, where configured, is the server's). jsvat also knows checksums; we do not
// refuse on them, so a number the tax office issued never fails on stale check-digit rules.

export const vatIdMaxLength = 30
const vatIdShape = /^[A-Za-z0-9_-]+$/

/**
 * The countries with a pattern, by the prefix their VAT ids start with. Greece's ids start with EL
 * (docs/reference/readings.md 22); an id starting with GR is matched against Greece's pattern so it fails as wrong_vat.
 */
const vatCountries: Readonly<Record<string, Country>> = {
  AT: austria, BE: belgium, BG: bulgaria, CY: cyprus, CZ: czechRepublic, DE: germany, DK: denmark, EE: estonia,
  EL: greece, GR: greece, ES: spain, FI: finland, FR: france, GB: unitedKingdom, HR: croatia, HU: hungary,
  IE: ireland, IT: italy, LT: lithuania, LU: luxembourg, LV: latvia, MT: malta, NL: netherlands, PL: poland,
  PT: portugal, RO: romania, SE: sweden, SI: slovenia, SK: slovakiaRepublic, CH: switzerland,
}
export const vatPatternPrefixes = Object.keys(vatCountries)

/** Spaces and dots are how ids are printed ("CHE-123.456.789", "DE 123 456 789"); they are not stored. */
export function normalizeVatId(value: string): string {
  return value.replace(/[\s.]/g, '').toUpperCase()
}

export type VatIdIssue = Extract<MessageKey, 'invalid_vat' | 'wrong_vat'>

export function vatIdIssue(value: string): VatIdIssue | undefined {
  const id = normalizeVatId(value)
  if (id.length > vatIdMaxLength || !vatIdShape.test(id)) return 'invalid_vat'
  const country = vatCountries[id.slice(0, 2)]
  if (country !== undefined && !checkVAT(id, [country]).isValidFormat) return 'wrong_vat'
  return undefined
}

export function isVatId(value: string): boolean {
  return vatIdIssue(value) === undefined
}
