import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools'

// Bank details for payouts. ibantools checks the country part of a BIC and the country length and
// check digits of an IBAN.

const bicShape = /^[A-Za-z0-9]{8}(?:[A-Za-z0-9]{3})?$/

/** docs/reference/accounts-and-orders.md §5: 8 or 11 letters or digits, with a real country code in it. */
export function isBic(value: string): boolean {
  return bicShape.test(value) && isValidBIC(value.toUpperCase())
}

/** "DE89 3704 0044 0532 0130 00" -> "DE89370400440532013000": how an IBAN is stored and compared. */
export function ibanToElectronicFormat(value: string): string {
  return electronicFormatIBAN(value) ?? ''
}

/** Accepts the printed form with spaces (or hyphens), in any case. */
export function isIban(value: string): boolean {
  return isValidIBAN(ibanToElectronicFormat(value))
}
