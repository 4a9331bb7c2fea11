import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { sellers, users } from './accounts'
import { eventTickets, products } from './catalog'
import { orders } from './orders'

// The design of an eventTickets product's tickets (wizard step "design"): one row per product, with the
// values validated by src/shared/schemas/ticket-designs.ts. The payment tickets come with the delivery.
export const ticketDesigns = pgTable('ticket_designs', {
  productId: integer('product_id').primaryKey().references(() => products.id, { onDelete: 'cascade' }),
  layout: text('layout').notNull(),
  /** custom layout only. */
  widthMm: integer('width_mm'),
  heightMm: integer('height_mm'),
  accentColor: text('accent_color').notNull(),
  textColor: text('text_color').notNull(),
  /** A media upload (kind image) of the product's seller. */
  logoKey: text('logo_key'),
  showQrCode: boolean('show_qr_code').notNull(),
  /** The printed facts, a subset of ticketPrintFields. */
  fields: jsonb('fields').$type<string[]>().notNull(),
  footerText: text('footer_text').notNull().default(''),
  /** The footer in other languages (docs/decisions/0095-product-translations.md "Ticket designs"): { "<locale>": { footer_text } }. */
  translations: jsonb('translations').$type<Record<string, { footer_text?: string }>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
})

/**
 * A payment ticket: one per ticket bought (an order of quantity 3 has positions 1..3). The code is what the
 * QR code carries and what the public ticket URLs take, so it is unguessable: 20 random bytes, base64url
 * (160 bits). State machine: src/shared/states/payment-ticket.ts; a ticket moves only through
 * payment-tickets.repository.ts. Price and event dates are copied at issue so the ticket says what was sold.
 */
export const paymentTickets = pgTable('payment_tickets', {
  id: serial('id').primaryKey(),
  code: text('code').notNull(),
  orderId: integer('order_id').notNull().references(() => orders.id),
  position: integer('position').notNull(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id),
  productId: integer('product_id').notNull().references(() => products.id),
  ticketId: integer('ticket_id').notNull().references(() => eventTickets.id),
  payerUserId: integer('payer_user_id').references(() => users.id),
  attendeeFirstName: text('attendee_first_name'),
  attendeeLastName: text('attendee_last_name'),
  attendeeEmail: text('attendee_email'),
  /** unused | used | refunded | expired | invalidated */
  state: text('state').notNull().default('unused'),
  /** One ticket's share of the order's first payment (gross, minor units); 0 for a free ticket. */
  priceAmount: bigint('price_amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  eventStartsAt: timestamp('event_starts_at', { withTimezone: true }),
  /** After this an unused ticket is expired (docs/decisions/0018-payment-tickets-expire-when-read.md). */
  eventEndsAt: timestamp('event_ends_at', { withTimezone: true }),
  usedAt: timestamp('used_at', { withTimezone: true }),
  checkedInByUserId: integer('checked_in_by_user_id').references(() => users.id),
  /** The ticket this one replaced through a ticket_upgrade order (docs/reference/readings.md 8; payment-tickets.service upgradePaymentTicket). */
  upgradedFromId: integer('upgraded_from_id'),
  stateChangedAt: timestamp('state_changed_at', { withTimezone: true }),
  /**
   * Why a ticket was refunded or invalidated: refund | chargeback | upgrade; null while it is valid. A won
   * dispute gives back only the tickets its chargeback invalidated (docs/decisions/0038-money-edges.md).
   */
  revokedReason: text('revoked_reason'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('payment_tickets_code_unique').on(t.code),
  uniqueIndex('payment_tickets_order_position_unique').on(t.orderId, t.position),
  index('payment_tickets_seller_idx').on(t.sellerId, t.createdAt),
  index('payment_tickets_payer_idx').on(t.payerUserId),
  index('payment_tickets_ticket_idx').on(t.ticketId, t.state),
])
