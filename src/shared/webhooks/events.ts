// The platform's events, as other systems see them: the names of the signed webhooks (docs/decisions, issue
// "Connecting the platform") and of the integrations' triggers. One list, so a form, a schema and the
// server agree on what can be subscribed to.

export const platformEventTypes = [
  'order.created',
  'order.paid',
  'order.refunded',
  'order.chargebacked',
  'order.canceled',
  'rate.paid',
  'rate.failed',
  'payment_ticket.used',
  'access.granted',
  'access.revoked',
  'affiliate_node.changed',
  'payout.changed',
] as const

export type PlatformEventType = (typeof platformEventTypes)[number]
