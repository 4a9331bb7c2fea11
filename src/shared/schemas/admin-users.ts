import { z } from 'zod'
import { accountStates, profileTypes } from '../accounts'
import { deletionStates } from '../states/account'
import { zIdParam } from '../validation/storable'
import { listOutput, listQuery } from './lists'

// The managers' users (docs/decisions/0056-managers-admin-mode.md): the list with the filters of
// docs/reference/accounts-and-orders.md §7 (profile type, account state, deletion_state, deactivated_at,
// power_seller), one user's detail, the actions, admin mode and its audit log, the platform settings.

const boolParam = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')
const isoTime = z.iso.datetime({ offset: true })

export const adminUserSortKeys = ['id', 'email', 'last_name', 'created_at', 'last_sign_in_at', 'deactivated_at'] as const

/** GET /admin/users: `query` matches first and last name, email or username (the user's or the seller's). */
export const adminUserListQuery = listQuery.extend({
  sort_key: z.enum(adminUserSortKeys).optional(),
  profile_type: z.enum(profileTypes).optional(),
  account_state: z.enum(accountStates).optional(),
  deletion_state: z.enum(deletionStates).optional(),
  deactivated_from_time: isoTime.optional(),
  deactivated_till_time: isoTime.optional(),
  power_seller: boolParam.optional(),
  blocked: boolParam.optional(),
})
export type AdminUserListQuery = z.infer<typeof adminUserListQuery>

export const adminUserOutput = z.object({
  id: z.number(),
  email: z.string(),
  username: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  account_state: z.enum(accountStates),
  deletion_state: z.enum(deletionStates),
  blocked: z.boolean(),
  profile_types: z.array(z.enum(profileTypes)),
  seller_id: z.number().nullable(),
  /** The seller's flag (null: no seller account); set through PATCH /admin/sellers/{id}. */
  power_seller: z.boolean().nullable(),
  deactivated_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
  last_sign_in_at: z.string().nullable(),
  created_at: z.string(),
})
export type AdminUserOutput = z.infer<typeof adminUserOutput>
export const adminUserListOutput = listOutput(adminUserOutput)

export const adminUserSessionOutput = z.object({
  id: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  revoked_at: z.string().nullable(),
  revoked_reason: z.string().nullable(),
})

export const adminUserDetailOutput = z.object({
  user: adminUserOutput.extend({
    confirmed: z.boolean(),
    locale: z.string(),
    blocked_at: z.string().nullable(),
    deletion_reason: z.string().nullable(),
    profiles: z.array(z.object({ id: z.number(), type: z.enum(profileTypes), seller_id: z.number().nullable(), seller_username: z.string().nullable() })),
    /** The latest sessions, newest first. */
    sessions: z.array(adminUserSessionOutput),
    /** Why the deletion cannot be completed now (empty: it can). */
    deletion_blockers: z.array(z.string()),
    /** The actions the account's states allow now. */
    actions: z.array(z.enum(['block', 'unblock', 'deactivate', 'reactivate', 'start_deletion', 'complete_deletion', 'admin_mode'])),
  }),
})
export type AdminUserDetailOutput = z.infer<typeof adminUserDetailOutput>
export type AdminUserAction = AdminUserDetailOutput['user']['actions'][number]

export const adminUserParams = z.object({ id: zIdParam() })

/** POST /admin/users/{id}/admin_mode: the cookie is set; the web app goes to `redirect_to`. */
export const adminModeOutput = z.object({
  admin_mode: z.object({ user_id: z.number(), expires_at: z.string(), redirect_to: z.string() }),
})

export const adminAuditLogQuery = listQuery.extend({
  manager_user_id: zIdParam().optional(),
  user_id: zIdParam().optional(),
})
export type AdminAuditLogQuery = z.infer<typeof adminAuditLogQuery>

export const adminAuditEntryOutput = z.object({
  id: z.number(),
  admin_session_id: z.string(),
  manager_user_id: z.number(),
  manager_email: z.string(),
  user_id: z.number(),
  user_email: z.string(),
  method: z.string(),
  route: z.string(),
  target: z.record(z.string(), z.string()),
  status_code: z.number().nullable(),
  created_at: z.string(),
})
export type AdminAuditEntryOutput = z.infer<typeof adminAuditEntryOutput>
export const adminAuditLogOutput = listOutput(adminAuditEntryOutput)
