// A bank wire's payment reference, such as 'SF-7A8NR-1Z29C-68': ten Crockford base32 characters in two groups
// of five (50 bits, so two payments sharing one is out of reach) and two ISO 7064 mod 97-10 check digits (the
// IBAN's check). Short and typable from paper; a typo in the body or
// the check digits is caught (one wrong or two swapped characters always), so a mistyped reference never
// lands on another order. Found again in a bank statement's remittance text whatever the bank did to it
// (spaces, line breaks, lower case, dashes dropped, O for 0, I or L for 1).

/** Crockford's base32: no I, L, O or U. */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/**
 * ISO 7064 mod 97-10 over the body read as a base32 number: a changed character changes the rest by
 * (a - b) * 32^i, never 0 mod 97 (97 is prime, |a - b| < 97), and two swapped ones by (a - b)(32^i - 32^j),
 * never 0 either (32's order mod 97 is 48, longer than the body).
 */
function checkDigits(body: string): string {
  let rest = 0
  for (const char of body) rest = (rest * 32 + alphabet.indexOf(char)) % 97
  rest = (rest * 100) % 97
  return String(98 - rest).padStart(2, '0')
}

/** The reference of 7 bytes (or more; the first 50 bits are used). */
export function formatWireReference(bytes: Uint8Array): string {
  if (bytes.length < 7) throw new Error('a wire reference needs 7 bytes')
  let bits = 0n
  for (let i = 0; i < 7; i++) bits = (bits << 8n) | BigInt(bytes[i] ?? 0)
  bits >>= 6n
  let body = ''
  for (let i = 9; i >= 0; i--) body += alphabet[Number((bits >> BigInt(i * 5)) & 31n)]
  return `SF-${body.slice(0, 5)}-${body.slice(5)}-${checkDigits(body)}`
}

export const wireReferencePattern = /^SF-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}-\d{2}$/

/** Whether a reference in the canonical form has valid check digits. */
export function isValidWireReference(reference: string): boolean {
  if (!wireReferencePattern.test(reference)) return false
  const body = reference.slice(3, 8) + reference.slice(9, 14)
  return checkDigits(body) === reference.slice(15)
}

/**
 * The valid references in a statement line's remittance text, canonical and without repeats. Separators
 * (spaces, line breaks, dashes, dots, slashes) are ignored; a candidate whose check digits do not validate
 * is not one.
 */
export function findWireReferences(text: string): string[] {
  const squeezed = text.toUpperCase().replace(/[\s\-./_:]+/g, '')
  const found = new Set<string>()
  const readable = (chars: string) => chars.replace(/O/g, '0').replace(/[IL]/g, '1')
  for (const match of squeezed.matchAll(/SF(?=([0-9A-Z]{10})([0-9OIL]{2}))/g)) {
    const body = readable(match[1] ?? '')
    if ([...body].some((c) => !alphabet.includes(c))) continue
    const reference = `SF-${body.slice(0, 5)}-${body.slice(5)}-${readable(match[2] ?? '')}`
    if (isValidWireReference(reference)) found.add(reference)
  }
  return [...found]
}
