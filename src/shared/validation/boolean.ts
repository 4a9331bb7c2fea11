/**
 * docs/reference/accounts-and-orders.md §5: 'true' or '1' is true, 'false' or '0' is false (query strings, form data, CSV).
 * Anything else is undefined, so a caller can tell "not given" from false. Booleans pass through.
 */
export function parseBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value
  if (value === 'true' || value === '1') return true
  if (value === 'false' || value === '0') return false
  return undefined
}
