// docs/reference/catalogue-and-selling.md and accounts-and-orders.md §5: # then 3 or 6 hex digits (#fff, #ffc107). No alpha channel.
const hexColor = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

export function isHexColor(value: string): boolean {
  return hexColor.test(value)
}
