// docs/reference/accounts-and-orders.md §4 status colours (kept as listed, docs/reference/readings.md 5: paused red; canceled and refunded amber).
export const statusColorGroups = {
  green: ['active', 'successful', 'paid', 'paying', 'published'],
  red: ['error', 'expired', 'payment_not_completed', 'paused'],
  amber: ['pending', 'waiting', 'canceled', 'refunded'],
} as const

export type StatusTone = keyof typeof statusColorGroups | 'neutral'

/** Mantine colour per tone; Mantine has no amber, its yellow is the amber shade. */
export const toneColor: Record<StatusTone, string> = { green: 'green', red: 'red', amber: 'yellow', neutral: 'gray' }

/** The family prefixes of state names that the list leaves off (an order's payment_waiting, a course's publish_paused). */
const statePrefixes = ['payment_', 'publish_'] as const

/**
 * The tone of a state. States of a family carry a prefix the list leaves off (docs/reference/readings.md 6: "waiting,
 * pending" are payment_waiting, payment_pending), so payment_paused is red like paused and publish_pending amber like
 * pending; a listed name (payment_not_completed) is taken as it stands.
 */
export function statusTone(status: string): StatusTone {
  const listed = (name: string) => (Object.entries(statusColorGroups) as [keyof typeof statusColorGroups, readonly string[]][]).find(([, list]) => list.includes(name))?.[0]
  const prefix = statePrefixes.find((p) => status.startsWith(p))
  return listed(status) ?? (prefix ? listed(status.slice(prefix.length)) : undefined) ?? 'neutral'
}

/** "payment_not_completed" -> "Payment not completed", for statuses without a translation. */
export function humanizeStatus(status: string): string {
  const text = status.replace(/_/g, ' ').trim()
  return text.charAt(0).toUpperCase() + text.slice(1)
}
