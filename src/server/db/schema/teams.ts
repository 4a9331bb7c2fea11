import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { at, createdAt, updatedAt } from './columns'
import { profiles, sellers, users } from './accounts'

// The teams module's tables (docs/decisions/0053-team-members.md): a seller's team members from the
// invitation on, and the audit log of what team members wrote for the seller.

export const teamMembers = pgTable('team_members', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  /** The invited address; the invitee signs in or up with it to accept. */
  email: text('email').notNull(),
  /** invited | active | declined | removed (src/shared/states/team-member.ts) */
  state: text('state').notNull().default('invited'),
  /** The level per area, `{ products: 'read', ... }` (src/shared/schemas/teams.ts). */
  permissions: jsonb('permissions').$type<Record<string, string>>().notNull().default({}),
  /** Set when accepted: the invitee and their team_member profile for this seller. */
  userId: integer('user_id').references(() => users.id),
  profileId: integer('profile_id').references(() => profiles.id),
  invitedByUserId: integer('invited_by_user_id').references(() => users.id),
  // ---- sales team (docs/decisions/0054-sales-team-and-deals.md): the same invitation, another kind of member
  /** team (acts in the cabinet with the levels) | sales (prepares deals for a fee; a sales_team_member profile) */
  kind: text('kind').notNull().default('team'),
  /** A sales team member's fee in basis points of each deal sale's net; null for team members. */
  feeBps: integer('fee_bps'),
  // ---- end sales team
  acceptedAt: at('accepted_at'),
  /** When declined or removed. */
  endedAt: at('ended_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  // One open invitation or membership per seller and address.
  uniqueIndex('team_members_seller_email_open_unique').on(t.sellerId, sql`lower(${t.email})`).where(sql`${t.state} in ('invited', 'active')`),
  index('team_members_email_idx').on(sql`lower(${t.email})`),
  index('team_members_user_idx').on(t.userId),
])

/** Every write a team member made for a seller: who, what (method and route), on what (path ids), when. */
export const teamAuditLog = pgTable('team_audit_log', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  teamMemberId: integer('team_member_id').notNull().references(() => teamMembers.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id),
  method: text('method').notNull(),
  route: text('route').notNull(),
  target: jsonb('target').$type<Record<string, string>>().notNull().default({}),
  statusCode: integer('status_code').notNull(),
  createdAt: createdAt(),
}, (t) => [index('team_audit_log_seller_idx').on(t.sellerId, t.createdAt)])

// ---- team member notification settings (docs/decisions/0053-team-members.md "Notification settings")
/** Which mails a team member gets for the seller they work for; a missing row reads the type's default. */
export const teamMemberNotificationSettings = pgTable('team_member_notification_settings', {
  teamMemberId: integer('team_member_id').notNull().references(() => teamMembers.id, { onDelete: 'cascade' }),
  /** payouts | orders (src/shared/schemas/teams.ts `teamMemberNotificationTypes`) */
  type: text('type').notNull(),
  email: boolean('email').notNull(),
  updatedAt: updatedAt(),
}, (t) => [primaryKey({ columns: [t.teamMemberId, t.type] })])
// ---- end team member notification settings
