import { queryOptions } from '@tanstack/react-query'
import type { MobilePushSetting } from '../../../../shared/schemas/mobile-app'
import { api } from '../../../lib/api'

// The seller's mobile app (docs/decisions/0086-live-shopping-and-mobile-app.md): /cabinet/mobile_app/notification_settings,
// behind the mobile_app flag.

export const mobilePushKey = ['cabinet', 'mobile_app', 'notification_settings'] as const

export const mobilePushSettingsQuery = queryOptions({
  queryKey: mobilePushKey,
  queryFn: ({ signal }) => api.get<{ list: MobilePushSetting[] }>('/cabinet/mobile_app/notification_settings', { signal }),
})

export function saveMobilePushSettings(list: MobilePushSetting[]): Promise<{ list: MobilePushSetting[] }> {
  return api.put('/cabinet/mobile_app/notification_settings', { list }, { silent: true })
}
