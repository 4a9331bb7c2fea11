// docs/reference/catalogue-and-selling.md and accounts-and-orders.md §5: # then 3 or 6 hex digits (#fff, #ffc107). No alpha channel.
const hexColor = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

/** The same rule as the API document states it (a JSON Schema pattern has no `i` flag). */
export const hexColorPattern = '^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$'

export function isHexColor(value: string): boolean {
  return hexColor.test(value)
}
