// Status colours (docs/reference/accounts-and-orders.md §4), kept exactly as listed even where they look odd (docs/reference/readings.md 5:
// paused is red; canceled and refunded are amber). Any other status is neutral.

export const statusColors = ['green', 'red', 'amber', 'neutral'] as const
export type StatusColor = (typeof statusColors)[number]

const listed: Readonly<Record<string, StatusColor>> = Object.freeze({
  active: 'green', successful: 'green', paid: 'green', paying: 'green', published: 'green',
  error: 'red', expired: 'red', payment_not_completed: 'red', paused: 'red',
  pending: 'amber', waiting: 'amber', canceled: 'amber', refunded: 'amber',
})

/**
 * The colour of a status badge. An order payment state `payment_<word>` that is not listed itself takes
 * the colour of its word, as docs/reference/readings.md 6 reads the spec's short names ("waiting, pending") as
 * payment_waiting and payment_pending: payment_pending amber, payment_paused red, payment_refunded amber.
 */
export function statusColor(state: string): StatusColor {
  if (Object.hasOwn(listed, state)) return listed[state] as StatusColor
  if (state.startsWith('payment_')) {
    const word = state.slice('payment_'.length)
    if (Object.hasOwn(listed, word)) return listed[word] as StatusColor
  }
  return 'neutral'
}
