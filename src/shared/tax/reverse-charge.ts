import { normalizeVatId, vatIdIssue } from '../validation/vat'
import { countryOfVatIdPrefix } from './vat-rates'

// What a reverse charge rests on, said the same way on the invoice and on the order (docs/reference/readings.md
// 26): the payer's VAT id, whether its format is valid, the member state that issued it, and how far it was
// checked. Without an online VIES check the id was checked for format only, and both documents say so.

export type ReverseChargeCheck = {
  vat_id: string
  /** The id matches its country's pattern (docs/reference/accounts-and-orders.md §5). */
  format_valid: boolean
  /** The member state that issued the id (EL -> GR). */
  country: string | null
  /** format_only unless an online VIES check answered at checkout. */
  verification: 'format_only' | 'vies_valid' | 'vies_invalid'
}

const verificationText = {
  format_only: 'checked for format only (no online VIES check was made)',
  vies_valid: 'checked for format and confirmed as valid in VIES',
  vies_invalid: 'checked for format; VIES reported it as not registered',
} as const

/** The check and the note of a reverse charge, from the payer's VAT id as entered and the order's stored verification. */
export function reverseChargeOf(rawVatId: string | null | undefined, storedVerification: unknown): { check: ReverseChargeCheck; note: string } {
  const raw = rawVatId ?? ''
  const id = normalizeVatId(raw)
  const verification = storedVerification === 'vies_valid' || storedVerification === 'vies_invalid' ? storedVerification : 'format_only'
  const check: ReverseChargeCheck = { vat_id: id, format_valid: raw !== '' && vatIdIssue(raw) === undefined, country: countryOfVatIdPrefix(id.slice(0, 2)) ?? null, verification }
  const note = `Reverse charge: the recipient is liable for the VAT (Art. 196 VAT Directive). Recipient's VAT id ${id || 'missing'}`
    + `${check.country ? ` (issued by ${check.country})` : ''}, ${verificationText[verification]}.`
  return { check, note }
}
