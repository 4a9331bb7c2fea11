import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type {
  AdminAuditEntryOutput, AdminUserAction, AdminUserDetailOutput, AdminUserOutput,
} from '../../../../shared/schemas/admin-users'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import { listParams, type ListState } from '../../../components/list-state'

// The managers' users, admin mode and its audit log (docs/decisions/0056-managers-admin-mode.md).

export type AdminUser = Camelize<AdminUserOutput>
export type AdminUserDetail = Camelize<AdminUserDetailOutput['user']>
export type AdminAuditEntry = Camelize<AdminAuditEntryOutput>
type List<T> = { list: T[]; totalCount: number; totalCountMax: number }

export const adminUsersKey = ['admin', 'users'] as const

/** GET /admin/users: filters profileType, accountState, deletionState, deactivated range, powerSeller, blocked. */
export function adminUsersQuery(state: ListState) {
  return queryOptions({
    queryKey: [...adminUsersKey, 'list', state],
    queryFn: ({ signal }) => api.get<List<AdminUser>>('/admin/users', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}

/** GET /admin/users/{id}: profiles, states, sessions and the actions allowed now. */
export function adminUserQuery(id: number) {
  return queryOptions({
    queryKey: [...adminUsersKey, 'detail', id],
    queryFn: async ({ signal }) => (await api.get<{ user: AdminUserDetail }>(`/admin/users/${id}`, { signal })).user,
  })
}

/** POST /admin/users/{id}/{action}: one action through the account's states; answers the detail. */
export async function runUserAction(id: number, action: Exclude<AdminUserAction, 'admin_mode'>): Promise<AdminUserDetail> {
  return (await api.post<{ user: AdminUserDetail }>(`/admin/users/${id}/${action}`, undefined, { silent: true })).user
}

/** POST /admin/users/{id}/admin_mode: the server sets the admin_access_token cookie; answers where to go. */
export function startAdminMode(id: number) {
  return api.post<{ adminMode: { userId: number; expiresAt: string; redirectTo: string } }>(`/admin/users/${id}/admin_mode`, undefined, { silent: true })
}

export function adminAuditLogQuery(state: ListState) {
  return queryOptions({
    queryKey: ['admin', 'admin_audit_log', state],
    queryFn: ({ signal }) => api.get<List<AdminAuditEntry>>('/admin/admin_audit_log', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}
