import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'
import { sellers, users } from './accounts'
import { eventTickets, pricingPlanVersions, pricingPlans, products } from './catalog'
import { coupons } from './coupons'

// The orders module's tables: orders with their lines, payments (transfers), the provider events seen and
// the double-entry ledger (docs/decisions/0016-orders-exactly-once.md, 0028-refunds-chargebacks-provider-events.md).
// Amounts are integers of minor units with a lowercase currency id (docs/decisions/0002-money-in-minor-units.md).

export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  /** What the payer holds: 32 url-safe characters from 24 random bytes (192 bits). */
  token: text('token').notNull(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id),
  productId: integer('product_id').notNull().references(() => products.id),
  payerUserId: integer('payer_user_id').references(() => users.id),
  /** standard | bundle | bump | ticket_upgrade (docs/reference/readings.md 8) */
  orderType: text('order_type').notNull().default('standard'),
  /** upsell | downsell for an accepted one-click offer; null otherwise. */
  upsellType: text('upsell_type'),
  parentOrderId: integer('parent_order_id'),
  /** The funnel this order belongs to (funnels.id): the order that led into it, or an offer accepted in it (docs/decisions/0066-funnels.md). */
  funnelId: integer('funnel_id'),
  /** The funnel node whose offer this order is (funnel_nodes.id); null for the order that led into the funnel. */
  funnelNodeId: integer('funnel_node_id'),
  /** ticket_upgrade orders: the payment ticket upgraded (payment_tickets.id; no foreign key: that table references orders). */
  upgradePaymentTicketId: integer('upgrade_payment_ticket_id'),
  pricingPlanId: integer('pricing_plan_id').references(() => pricingPlans.id),
  pricingPlanVersionId: integer('pricing_plan_version_id').references(() => pricingPlanVersions.id),
  /** The plan's terms as bought (planSnapshot), frozen. */
  planSnapshot: jsonb('plan_snapshot').$type<Record<string, unknown>>(),
  ticketId: integer('ticket_id').references(() => eventTickets.id),
  quantity: integer('quantity').notNull().default(1),
  currency: text('currency').notNull(),
  /** gross | net: how the plan's prices were entered. */
  priceKind: text('price_kind').notNull().default('gross'),
  /** Everything owed over the plan (all rates), and what the first payment charges. */
  totalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
  vatAmount: bigint('vat_amount', { mode: 'number' }).notNull().default(0),
  firstAmount: bigint('first_amount', { mode: 'number' }).notNull(),
  paidAmount: bigint('paid_amount', { mode: 'number' }).notNull().default(0),
  discountAmount: bigint('discount_amount', { mode: 'number' }).notNull().default(0),
  couponId: integer('coupon_id').references(() => coupons.id),
  couponCode: text('coupon_code'),
  /** The publisher (level 1), program and participation a sale is attributed to (docs/decisions/0048-affiliates.md). */
  publisherId: integer('publisher_id'),
  affiliateProgramId: integer('affiliate_program_id'),
  affiliateNodeId: integer('affiliate_node_id'),
  /** The reseller that sold this order in its own name and its fee in basis points of the net, frozen at purchase (docs/decisions/0051-resellers.md). */
  resellerId: integer('reseller_id'),
  resellerFeeBps: integer('reseller_fee_bps'),
  // ---- sales team and deals (docs/decisions/0054-sales-team-and-deals.md)
  /** The deal the order was placed through (deals.id). */
  dealId: integer('deal_id'),
  /** The sales team member (team_members.id) whose deal this was, and their fee in basis points of the net, frozen at purchase. */
  salesTeamMemberId: integer('sales_team_member_id'),
  salesTeamFeeBps: integer('sales_team_fee_bps'),
  // ---- end sales team and deals
  /** The product discount counted for this order (its ordersCount went up). */
  productDiscountApplied: boolean('product_discount_applied').notNull().default(false),
  paymentState: text('payment_state').notNull().default('payment_waiting'),
  paymentMethod: text('payment_method').notNull(),
  provider: text('provider').notNull(),
  /** The payer's details as entered (email, names, address, company, vat id). */
  payer: jsonb('payer').$type<Record<string, unknown>>().notNull(),
  attendees: jsonb('attendees').$type<Record<string, unknown>[]>().notNull().default([]),
  answers: jsonb('answers').$type<Record<string, unknown>[]>().notNull().default([]),
  /** The VAT treatment and breakdown shown before paying (src/shared/tax). */
  vat: jsonb('vat').$type<Record<string, unknown>>().notNull().default({}),
  campaignId: text('campaign_id'),
  referrer: text('referrer'),
  successPageUrl: text('success_page_url'),
  termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
  /** The payer's language when the order was made (docs/decisions/0094-storefront-languages.md): its mails and documents use it. */
  locale: text('locale').notNull().default('en'),
  /**
   * A price converted into the payer's currency (docs/decisions/0097-payer-currencies.md): the plan's currency, the rate
   * (units of the order's currency per unit of it, a decimal string), where the rate came from and when it was
   * published. Every amount of the order (later rates included) was converted at this rate once. Null: no conversion.
   */
  exchange: jsonb('exchange').$type<{ base_currency: string; rate: string; source: string; rated_at: string; base_total_amount: number }>(),
  /** Stock held while the payer pays: held | sold | released | none. */
  reservationState: text('reservation_state').notNull().default('none'),
  reservedUntil: timestamp('reserved_until', { withTimezone: true }),
  /** Which counted rows the reservation holds (those with a limit): the product, the ticket type, bump products. */
  heldStock: jsonb('held_stock').$type<{ product: boolean; ticket: boolean; bumps: number[] }>(),
  /** The provider's reference to a saved method (customer and method ids) for later rates and upsells. */
  savedMethod: jsonb('saved_method').$type<Record<string, unknown>>(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  /** What refunds gave back so far (partial refunds included). */
  refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
  /** What chargebacks took back and was not won back. */
  chargebackAmount: bigint('chargeback_amount', { mode: 'number' }).notNull().default(0),
  /**
   * The payment_state the order had when its first open chargeback came (paid, paying, payment_paused,
   * payment_canceled); a won dispute puts it back there, then clears it. Null while no chargeback is open.
   */
  paymentStateBeforeChargeback: text('payment_state_before_chargeback'),
  /** A plan's end: when and by whom (seller, payer, manager, system). */
  canceledAt: timestamp('canceled_at', { withTimezone: true }),
  canceledBy: text('canceled_by'),
  /** The seller paused the plan's charges (payment_paused) at this time. */
  pausedAt: timestamp('paused_at', { withTimezone: true }),
  /** The end of a trial: the first paid charge falls due then (the CSV's test_period). */
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  /** The payer's saved method was revoked (payment authorizations): later rates need the pay link. */
  savedMethodRevokedAt: timestamp('saved_method_revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('orders_token_unique').on(t.token),
  index('orders_seller_state_idx').on(t.sellerId, t.paymentState),
  index('orders_seller_idx').on(t.sellerId, t.createdAt),
  index('orders_payer_idx').on(t.payerUserId),
  index('orders_parent_idx').on(t.parentOrderId),
  index('orders_funnel_idx').on(t.funnelId, t.funnelNodeId),
  index('orders_publisher_idx').on(t.publisherId),
  index('orders_affiliate_program_idx').on(t.affiliateProgramId),
  index('orders_sales_team_member_idx').on(t.salesTeamMemberId),
  index('orders_upgrade_ticket_idx').on(t.upgradePaymentTicketId),
  index('orders_reservation_idx').on(t.reservationState, t.reservedUntil),
  check('orders_amounts_check', sql`${t.totalAmount} >= 0 and ${t.vatAmount} >= 0 and ${t.paidAmount} >= 0 and ${t.firstAmount} >= 0`),
])

/** The sellables of an order: the product bought and each order bump, with its own VAT line. */
export const orderItems = pgTable('order_items', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id),
  /** main | bump */
  kind: text('kind').notNull(),
  pricingPlanVersionId: integer('pricing_plan_version_id').references(() => pricingPlanVersions.id),
  ticketId: integer('ticket_id').references(() => eventTickets.id),
  quantity: integer('quantity').notNull().default(1),
  name: text('name').notNull(),
  /** What the first payment charges for this line: list price, discount, then net + vat = gross. */
  listAmount: bigint('list_amount', { mode: 'number' }).notNull(),
  discountAmount: bigint('discount_amount', { mode: 'number' }).notNull().default(0),
  netAmount: bigint('net_amount', { mode: 'number' }).notNull(),
  vatAmount: bigint('vat_amount', { mode: 'number' }).notNull(),
  grossAmount: bigint('gross_amount', { mode: 'number' }).notNull(),
  vatRateBps: integer('vat_rate_bps').notNull().default(0),
  /** License keys given with this line (filled by delivery). */
  licenseKeyIds: jsonb('license_key_ids').$type<number[]>().notNull().default([]),
}, (t) => [index('order_items_order_idx').on(t.orderId)])

/** A payment (transfer, docs/reference/readings.md 7): one attempt to move money, its state final once reached. */
export const payments = pgTable('payments', {
  id: serial('id').primaryKey(),
  /** Public id for the payment page and the sandbox (unguessable). */
  token: text('token').notNull(),
  orderId: integer('order_id').notNull().references(() => orders.id),
  sellerId: integer('seller_id').notNull().references(() => sellers.id),
  rateNumber: integer('rate_number'),
  /** charge | refund | chargeback | chargeback_reversal */
  kind: text('kind').notNull().default('charge'),
  provider: text('provider').notNull(),
  method: text('method').notNull(),
  state: text('state').notNull().default('waiting'),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  /** The provider's id (payment intent, checkout session, PayPal order); unique per provider. */
  providerRef: text('provider_ref'),
  /** The bank wire reference the payer quotes. */
  reference: text('reference'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  cardExpMonth: integer('card_exp_month'),
  cardExpYear: integer('card_exp_year'),
  failureReason: text('failure_reason'),
  /** Refunds and chargebacks: the charge they reverse. */
  parentPaymentId: integer('parent_payment_id'),
  /** Charges: what refunds and chargebacks took back of it so far. */
  refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
  /**
   * Chargebacks: the dispute fee the provider charged, in the payment's currency (booked once, kind
   * `dispute_fee`); won chargebacks: the part of it the provider gave back (kind `dispute_fee_returned`).
   */
  feeAmount: bigint('fee_amount', { mode: 'number' }).notNull().default(0),
  /** The key the provider got with the call, so a call repeated after a timeout charges once. */
  idempotencyKey: text('idempotency_key'),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('payments_token_unique').on(t.token),
  index('payments_parent_idx').on(t.parentPaymentId),
  uniqueIndex('payments_provider_ref_unique').on(t.provider, t.providerRef),
  index('payments_order_idx').on(t.orderId),
  index('payments_seller_idx').on(t.sellerId, t.createdAt),
])

/**
 * The double-entry ledger (src/shared/ledger): every money movement is a transaction of rows that sum to
 * 0 per currency. Debit positive, credit negative. Balances are sums of rows, never stored counters.
 */
export const ledgerEntries = pgTable('ledger_entries', {
  id: serial('id').primaryKey(),
  transactionId: text('transaction_id').notNull(),
  /** charge | renewal | refund | chargeback | payout | reservation_refund */
  kind: text('kind').notNull(),
  account: text('account').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  /** A converted order's entries also in the plan's currency at the order's rate (docs/decisions/0097-payer-currencies.md); they sum to 0 too. */
  baseAmount: bigint('base_amount', { mode: 'number' }),
  baseCurrency: text('base_currency'),
  orderId: integer('order_id').references(() => orders.id),
  paymentId: integer('payment_id').references(() => payments.id),
  createdAt: createdAt(),
}, (t) => [
  index('ledger_entries_tx_idx').on(t.transactionId),
  index('ledger_entries_account_idx').on(t.account, t.currency),
  index('ledger_entries_order_idx').on(t.orderId),
])

/** The schedule of an installment plan or subscription (its rates); the billing module charges each one when due. */
export const orderRates = pgTable('order_rates', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  number: integer('number').notNull(),
  dueDate: timestamp('due_date', { withTimezone: true }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  /** paid | unpaid | future | skipped | chargebacked | debt | refunded | pending | partly_paid */
  state: text('state').notNull().default('future'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  /** Paid so far (a part payment leaves it partly_paid) and refunded so far. */
  paidAmount: bigint('paid_amount', { mode: 'number' }).notNull().default(0),
  refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
  /** Charge attempts made (the scheduler's and dunning's retries), the next one, and the last failure. */
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  lastFailureReason: text('last_failure_reason'),
  /** The payment that paid it (or the attempt in flight while pending). */
  paymentId: integer('payment_id'),
}, (t) => [
  uniqueIndex('order_rates_order_number_unique').on(t.orderId, t.number),
  // The scheduler's scan: rates due and not yet charged.
  index('order_rates_due_idx').on(t.state, t.dueDate),
])
