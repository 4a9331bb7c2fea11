import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { sellers, users } from './accounts'
import { orders, payments } from './orders'
import { at, createdAt, updatedAt } from './columns'

// The bank-transfers module's tables (docs/decisions/0078-virtual-iban-bank-statements.md): imported bank
// statements and their incoming transfers with the match state (src/shared/states/bank-transfer.ts).

/** One uploaded statement file of a seller's bank wire account; a second upload of the same file is the same row. */
export const bankStatements = pgTable('bank_statements', {
  id: serial('id').primaryKey(),
  /** The seller whose account it is (null only for rows from before statements belonged to sellers). */
  sellerId: integer('seller_id').references(() => sellers.id),
  format: text('format').notNull(),
  statementId: text('statement_id').notNull(),
  accountIban: text('account_iban'),
  fileSha256: text('file_sha256').notNull(),
  lineCount: integer('line_count').notNull(),
  uploadedBy: integer('uploaded_by').references(() => users.id),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('bank_statements_seller_file_unique').on(t.sellerId, t.fileSha256)])

/**
 * One incoming transfer. `bank_ref` (the bank's entry reference, or a hash of the line) is unique per
 * receiving account: importing a statement again, or two statements naming the same entry, adds nothing.
 */
export const bankTransferLines = pgTable('bank_transfer_lines', {
  id: serial('id').primaryKey(),
  statementId: integer('statement_id').notNull().references(() => bankStatements.id),
  sellerId: integer('seller_id').references(() => sellers.id),
  accountIban: text('account_iban').notNull().default(''),
  bankRef: text('bank_ref').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  bookedOn: text('booked_on').notNull(),
  remittance: text('remittance').notNull(),
  payerName: text('payer_name'),
  payerIban: text('payer_iban'),
  reference: text('reference'),
  state: text('state').notNull(),
  unmatchedReason: text('unmatched_reason'),
  orderId: integer('order_id').references(() => orders.id),
  paymentId: integer('payment_id').references(() => payments.id),
  /** What this transfer paid above the payment's amount: for a refund or a manager's attention. */
  overpaidAmount: integer('overpaid_amount').notNull().default(0),
  /** The manager's note when assigning or ignoring it by hand. */
  note: text('note'),
  assignedBy: integer('assigned_by').references(() => users.id),
  assignedAt: at('assigned_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('bank_transfer_lines_ref_unique').on(t.accountIban, t.bankRef),
  index('bank_transfer_lines_state_idx').on(t.state, t.id),
  index('bank_transfer_lines_seller_idx').on(t.sellerId, t.id),
  index('bank_transfer_lines_payment_idx').on(t.paymentId),
  check('bank_transfer_lines_amount_positive', sql`${t.amount} > 0`),
  check('bank_transfer_lines_state_check', sql`${t.state} in ('unmatched', 'matched', 'assigned', 'ignored')`),
])
