// docs/reference/accounts-and-orders.md §4 status colours (kept as listed, docs/reference/readings.md 5: paused red; canceled and refunded amber).
export const statusColorGroups = {
  green: ['active', 'successful', 'paid', 'paying', 'published'],
  red: ['error', 'expired', 'payment_not_completed', 'paused'],
  amber: ['pending', 'waiting', 'canceled', 'refunded'],
} as const

export type StatusTone = keyof typeof statusColorGroups | 'neutral'

/** Mantine colour per tone; Mantine has no amber, its yellow is the amber shade. */
export const toneColor: Record<StatusTone, string> = { green: 'green', red: 'red', amber: 'yellow', neutral: 'gray' }

export function statusTone(status: string): StatusTone {
  for (const [tone, list] of Object.entries(statusColorGroups) as [keyof typeof statusColorGroups, readonly string[]][]) {
    if (list.includes(status)) return tone
  }
  return 'neutral'
}

/** "payment_not_completed" -> "Payment not completed", for statuses without a translation. */
export function humanizeStatus(status: string): string {
  const text = status.replace(/_/g, ' ').trim()
  return text.charAt(0).toUpperCase() + text.slice(1)
}
