import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  /** A requested new address, waiting for its confirmation link (accept_change_email). */
  unconfirmedEmail: text('unconfirmed_email'),
  username: text('username'),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  locale: text('locale').notNull().default('en'),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** active | deactivated | deleted (docs/reference/accounts-and-orders.md §4 "Account") */
  accountState: text('account_state').notNull().default('active'),
  /** empty | inactive_plan | data_scrambled | deleted (docs/reference/accounts-and-orders.md §3) */
  dataHandling: text('data_handling').notNull().default('empty'),
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletionReason: text('deletion_reason'),
  deletionComment: text('deletion_comment'),
  aboutYou: jsonb('about_you').$type<Record<string, unknown>>(),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  // ---- managers' users admin (docs/decisions/0056-managers-admin-mode.md)
  /** Set while a manager blocks the account: no sign-in, no token works. */
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
  // ---- end managers' users admin
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  // Emails are unique without regard to case; so are usernames.
  uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
  uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
])

export const sellers = pgTable('sellers', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  username: text('username').notNull(),
  businessType: text('business_type'),
  company: text('company'),
  phone: text('phone'),
  countryCode: text('country_code'),
  profileFinished: boolean('profile_finished').notNull().default(false),
  /** The seller profile (docs/reference/accounts-and-orders.md §3 "Profile"), as src/shared/schemas/seller-profile.ts validates it. */
  profile: jsonb('profile').$type<Record<string, unknown>>(),
  powerSeller: boolean('power_seller').notNull().default(false),
  blocked: boolean('blocked').notNull().default(false),
  /** Overrides of the feature-flag defaults in src/shared/accounts.ts, set by managers. */
  features: jsonb('features').$type<Record<string, boolean>>().notNull().default({}),
  /** The shop header's picture and banner: storage keys of their webp variants by name (docs/decisions/0046-seller-presence.md). */
  avatar: jsonb('avatar').$type<Record<string, string>>(),
  banner: jsonb('banner').$type<Record<string, string>>(),
  /** A short plain-text introduction under the seller's name on the shop page. */
  bio: text('bio'),
  /** selling_by_ownself | selling_via_reseller | selling_none (docs/decisions/0051-resellers.md); with its reseller (resellers.id). */
  sellingMode: text('selling_mode').notNull().default('selling_by_ownself'),
  resellerId: integer('reseller_id'),
  /**
   * The languages the seller's shop offers, the first its default (docs/decisions/0094-storefront-languages.md);
   * null: every language the storefront speaks, the seller's own language first.
   */
  shopLanguages: jsonb('shop_languages').$type<string[]>(),
  /**
   * The currencies payers may pay in besides the plans' own (docs/decisions/0097-payer-currencies.md): a price is
   * converted at the rate of the day and fixed on the order. Empty: only the plans' currencies. Behind multicurrency.
   */
  payerCurrencies: jsonb('payer_currencies').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('sellers_username_lower_unique').on(sql`lower(${t.username})`),
  uniqueIndex('sellers_user_unique').on(t.userId),
])

export const profiles = pgTable('profiles', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  type: text('type').notNull(),
  /** The seller this profile works for: its own for `seller`, the employer for team members. */
  sellerId: integer('seller_id').references(() => sellers.id),
  /** Actions a team member may take; an empty list denies everything (docs/DESIGN.md "Actors"). */
  permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
  /** A team member profile whose work for the seller ended (removed): it acts for no one (docs/decisions/0053-team-members.md). */
  endedAt: timestamp('ended_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('profiles_user_type_seller_unique').on(t.userId, t.type, sql`coalesce(${t.sellerId}, 0)`),
  index('profiles_seller_idx').on(t.sellerId),
])

/** One-time tokens sent by mail: confirmation, reset_password, magic_link, change_email. Stored hashed. */
export const userTokens = pgTable('user_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  kind: text('kind').notNull(),
  tokenHash: text('token_hash').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('user_tokens_hash_unique').on(t.tokenHash), index('user_tokens_user_idx').on(t.userId, t.kind)])

/** A signed-in session: one refresh-token family bound to a client fingerprint. */
export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  profileId: integer('profile_id').references(() => profiles.id),
  fingerprintHash: text('fingerprint_hash').notNull(),
  userAgent: text('user_agent'),
  ip: text('ip'),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokedReason: text('revoked_reason'),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
}, (t) => [index('sessions_user_idx').on(t.userId)])

export const refreshTokens = pgTable('refresh_tokens', {
  id: serial('id').primaryKey(),
  sessionId: uuid('session_id').notNull().references(() => sessions.id),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Set when the token was exchanged; presenting it again is reuse and revokes the family. */
  rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)])

// ---------------------------------------------------------------- managers' admin mode (docs/decisions/0056-managers-admin-mode.md)

/**
 * A manager acting as a user: the `admin_access_token` cookie (stored hashed) works only together with the
 * manager's own session, until it expires or ends (ended by the manager, by the manager's sign-out).
 */
export const adminSessions = pgTable('admin_sessions', {
  id: uuid('id').primaryKey(),
  managerUserId: integer('manager_user_id').notNull().references(() => users.id),
  managerSessionId: uuid('manager_session_id').notNull().references(() => sessions.id),
  userId: integer('user_id').notNull().references(() => users.id),
  /** The user's profile in use while acting (null: the user's first profile in the entry order). */
  profileId: integer('profile_id').references(() => profiles.id),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  endedReason: text('ended_reason'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('admin_sessions_token_unique').on(t.tokenHash), index('admin_sessions_manager_session_idx').on(t.managerSessionId)])

/** Every mutating request made in admin mode: written before the route runs, its status when it answered. */
export const adminAuditLog = pgTable('admin_audit_log', {
  id: serial('id').primaryKey(),
  adminSessionId: uuid('admin_session_id').notNull().references(() => adminSessions.id),
  managerUserId: integer('manager_user_id').notNull().references(() => users.id),
  userId: integer('user_id').notNull().references(() => users.id),
  method: text('method').notNull(),
  /** The route pattern (e.g. /api/v1/cabinet/products/:id) and its parameters, the target. */
  route: text('route').notNull(),
  target: jsonb('target').$type<Record<string, string>>().notNull().default({}),
  /** The HTTP status answered; null while the request runs (or when the process stopped before answering). */
  statusCode: integer('status_code'),
  createdAt: createdAt(),
}, (t) => [index('admin_audit_log_manager_idx').on(t.managerUserId, t.id), index('admin_audit_log_user_idx').on(t.userId, t.id)])
// ---------------------------------------------------------------- end managers' admin mode
