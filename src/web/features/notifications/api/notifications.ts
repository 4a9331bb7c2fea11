import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { NotificationOutput, NotificationSetting } from '../../../../shared/schemas/notifications'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import { listParams, type ListState } from '../../../components/list-state'

// The seller's notifications: the list (the bell reads its first page), read / read_all, and the
// settings per type (in the app, by mail).

export type SellerNotification = Camelize<NotificationOutput>
export type Setting = Camelize<NotificationSetting>
type ListAnswer = { list: SellerNotification[]; totalCount: number; totalCountMax: number; unreadCount: number }

export const notificationsKey = ['cabinet', 'notifications'] as const

/** GET /cabinet/notifications with the list state (filters type and state, created range). */
export function notificationListQuery(state: ListState) {
  return queryOptions({
    queryKey: [...notificationsKey, 'list', state],
    queryFn: ({ signal }) => api.get<ListAnswer>('/cabinet/notifications', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}

/** The bell: the latest few and the unread count, polled while the cabinet is open. */
export function latestNotificationsQuery() {
  return queryOptions({
    queryKey: [...notificationsKey, 'latest'],
    queryFn: ({ signal }) => api.get<ListAnswer>('/cabinet/notifications', { signal, query: { per: 8 }, exempt: true }),
    refetchInterval: 60_000,
    staleTime: 15_000,
  })
}

export function markNotificationRead(id: number) {
  return api.post<SellerNotification>(`/cabinet/notifications/${id}/read`)
}

export function markAllNotificationsRead() {
  return api.post<{ marked: number; unreadCount: number }>('/cabinet/notifications/read_all')
}

export function notificationSettingsQuery() {
  return queryOptions({
    queryKey: [...notificationsKey, 'settings'],
    queryFn: ({ signal }) => api.get<{ list: Setting[] }>('/cabinet/notification_settings', { signal }),
  })
}

/** PUT /cabinet/notification_settings: the types given change. */
export function saveNotificationSettings(list: Setting[]) {
  return api.put<{ list: Setting[] }>('/cabinet/notification_settings', { list })
}
