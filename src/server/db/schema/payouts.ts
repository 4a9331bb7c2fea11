import { bigint, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'
import { users } from './accounts'

// The payouts module's tables (docs/decisions/0049-money-out.md): who a party is (legitimation and its
// documents), where its money goes (bank accounts), when it goes (settings) and what went (payouts, batches).
// A party is `(party_kind, party_id)`: seller -> sellers.id, publisher -> publishers.id, team_member and
// reseller -> their ids. Balances are never stored: they are the ledger's `<kind>_balance:{id}` accounts.

/** A party's identity check (KYC): one per party, moved through the legitimation steps. */
export const legitimations = pgTable('legitimations', {
  id: serial('id').primaryKey(),
  partyKind: text('party_kind').notNull(),
  partyId: integer('party_id').notNull(),
  /** The user who acts for the party (and whose deletion removes the documents). */
  userId: integer('user_id').notNull().references(() => users.id),
  /** natural | entity */
  businessType: text('business_type').notNull().default('natural'),
  /** head_quarter | legal_representative | documents | ubo | requested | in_review | change | registered | legitimated | rejected */
  step: text('step').notNull().default('head_quarter'),
  /** The headquarters and legal representative as given (entities) or the person (natural). */
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  /** Ultimate beneficial owners of an entity (up to 5 per declaration). */
  ubos: jsonb('ubos').$type<Record<string, unknown>[]>().notNull().default([]),
  /** The e-money provider's answer: kyc_1 | kyc_2 | closed | kyc_incomplete | rejected | blocked | expired. */
  providerAccountState: text('provider_account_state'),
  /** The e-money provider's user and wallet for this party. */
  providerUserRef: text('provider_user_ref'),
  providerWalletRef: text('provider_wallet_ref'),
  /**
   * An entity's beneficial owners as declared to the e-money provider (docs/decisions/0052-emoney-pay-ins.md):
   * the newest declaration and its status there (created | validation_asked | validated | refused | incomplete).
   */
  providerUboDeclarationRef: text('provider_ubo_declaration_ref'),
  uboDeclarationState: text('ubo_declaration_state'),
  rejectionReason: text('rejection_reason'),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  reviewedBy: integer('reviewed_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('legitimations_party_unique').on(t.partyKind, t.partyId),
  index('legitimations_step_idx').on(t.step, t.updatedAt),
  index('legitimations_user_idx').on(t.userId),
])

/** One uploaded identity document: a private file only its owner and managers can read. */
export const kycDocuments = pgTable('kyc_documents', {
  id: serial('id').primaryKey(),
  legitimationId: integer('legitimation_id').notNull().references(() => legitimations.id, { onDelete: 'cascade' }),
  /** id_from_front | id_from_back | proof_doc | company_lr | article_doc | other_doc_1 | other_doc_2 | id_verification | shareholder_declaration */
  kind: text('kind').notNull(),
  /** created | validation_asked | validated | refused (and the spec's other document statuses) */
  state: text('state').notNull().default('created'),
  /** Why a manager (or the provider) refused it: unreadable | wrong_name | wrong_type | expired | ... */
  refusedReason: text('refused_reason'),
  refusedComment: text('refused_comment'),
  /** A random key under the private prefix: never a guessable path, never served by the static files. */
  storageKey: text('storage_key').notNull(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  providerRef: text('provider_ref'),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  reviewedBy: integer('reviewed_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('kyc_documents_legitimation_idx').on(t.legitimationId, t.kind)])

/** Where a party's payouts go. A change of account needs a new legitimation of the account (legitimationState). */
export const bankAccounts = pgTable('bank_accounts', {
  id: serial('id').primaryKey(),
  partyKind: text('party_kind').notNull(),
  partyId: integer('party_id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id),
  /** Electronic format, upper case, no spaces. */
  iban: text('iban').notNull(),
  bic: text('bic'),
  holder: text('holder').notNull(),
  /** The payout country (DE, FR, NL, ES, IE by default). */
  countryCode: text('country_code').notNull(),
  currency: text('currency').notNull(),
  /** not_sent | waiting | activated | deactivated | rejected | error | init_state */
  state: text('state').notNull().default('not_sent'),
  /** The manager's check of this account: init | change | accepted | rejected */
  legitimationState: text('legitimation_state').notNull().default('init'),
  rejectionReason: text('rejection_reason'),
  /** The manager's words beside the reason, shown to the party. */
  rejectionComment: text('rejection_comment'),
  /** The e-money provider's bank account id, or the connect provider's connected account (`acct_…`). */
  providerRef: text('provider_ref'),
  /**
   * A connected account's standing at the connect provider (docs/decisions/0052-emoney-pay-ins.md "Connect
   * onboarding"): kyc_incomplete | kyc_1 | kyc_2 | rejected | blocked; null for an IBAN account.
   */
  providerAccountState: text('provider_account_state'),
  activatedAt: timestamp('activated_at', { withTimezone: true }),
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  reviewedBy: integer('reviewed_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('bank_accounts_party_idx').on(t.partyKind, t.partyId),
  index('bank_accounts_state_idx').on(t.state, t.updatedAt),
])

/**
 * A party's payout settings, and the row a payout request locks: every request for the party takes
 * `FOR UPDATE` on it before reading the balance, so concurrent requests are counted one after another.
 */
export const payoutSettings = pgTable('payout_settings', {
  partyKind: text('party_kind').notNull(),
  partyId: integer('party_id').notNull(),
  /** manual | weekly | monthly */
  schedule: text('schedule').notNull().default('manual'),
  /** Monthly: the day of the month (1, 7, 14, 21 or 28); weekly: the ISO weekday 1..7 (Monday 1). */
  startDay: integer('start_day').notNull().default(1),
  /** The least a scheduled payout moves (minor units of currency). */
  minimumAmount: bigint('minimum_amount', { mode: 'number' }).notNull().default(0),
  currency: text('currency').notNull().default('eur'),
  /** The last day the schedule ran for this party (a rerun the same day does nothing). */
  lastScheduledOn: date('last_scheduled_on', { mode: 'string' }),
  updatedAt: updatedAt(),
}, (t) => [primaryKey({ columns: [t.partyKind, t.partyId] })])

/** A manager's batch of SEPA payouts: one pain.001 file. */
export const payoutBatches = pgTable('payout_batches', {
  id: serial('id').primaryKey(),
  /** The file's message id (MsgId): the same batch always gives the same file. */
  messageId: text('message_id').notNull(),
  currency: text('currency').notNull(),
  totalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
  payoutsCount: integer('payouts_count').notNull(),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('payout_batches_message_unique').on(t.messageId)])

/** Money leaving a party's balance for its bank account. The ledger's `payout` transaction moves it. */
export const payouts = pgTable('payouts', {
  id: serial('id').primaryKey(),
  partyKind: text('party_kind').notNull(),
  partyId: integer('party_id').notNull(),
  bankAccountId: integer('bank_account_id').notNull().references(() => bankAccounts.id),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  /** pending | issued | successful | canceled */
  state: text('state').notNull().default('pending'),
  /** sepa (a manager's batch file) | connect (transfer to a connected account) | emoney (the e-money provider's payout) */
  rail: text('rail').notNull().default('sepa'),
  /** manual | schedule */
  origin: text('origin').notNull().default('manual'),
  batchId: integer('batch_id').references(() => payoutBatches.id),
  providerRef: text('provider_ref'),
  /** Snapshot of the account it was sent to (the IBAN may be changed later). */
  transferCountryCode: text('transfer_country_code').notNull(),
  canceledReason: text('canceled_reason'),
  issuedAt: timestamp('issued_at', { withTimezone: true }),
  succeededAt: timestamp('succeeded_at', { withTimezone: true }),
  canceledAt: timestamp('canceled_at', { withTimezone: true }),
  requestedBy: integer('requested_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('payouts_party_idx').on(t.partyKind, t.partyId, t.createdAt),
  index('payouts_state_idx').on(t.state, t.createdAt),
  index('payouts_batch_idx').on(t.batchId),
])

/**
 * Money a seller owes a publisher or team member for sales its own provider account collected (no platform
 * balance to take it from): settled when the seller marks it paid with a reference.
 */
export const owedSettlements = pgTable('owed_settlements', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull(),
  partyKind: text('party_kind').notNull(),
  partyId: integer('party_id').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  reference: text('reference').notNull(),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: createdAt(),
}, (t) => [index('owed_settlements_seller_idx').on(t.sellerId, t.partyKind, t.partyId)])
