import { notifications } from '@mantine/notifications'
import { translateMessage } from '../../shared/validation/messages'
import { createApiClient, type KeyValueStorage } from './api-client'
import { queryClient } from './query-client'
import { xhrUpload } from './xhr-upload'
import { currentLocale, i18n } from '../i18n'

// The browser instance of the api client: localStorage, Mantine toasts, the router for navigation.

function browserStorage(): KeyValueStorage {
  try {
    const probe = '__sf_probe__'
    localStorage.setItem(probe, probe)
    localStorage.removeItem(probe)
    return localStorage
  } catch {
    const memory = new Map<string, string>()
    return {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
      removeItem: (key) => void memory.delete(key),
    }
  }
}

let adminModeLeaving = false
let navigateTo: (path: string) => void | Promise<void> = (path) => window.location.assign(path)

/** The app hands the router's navigation to the client once the router exists. */
export function setApiNavigator(navigate: (path: string) => void | Promise<void>): void {
  navigateTo = navigate
}

export const api = createApiClient({
  fetch: (input, init) => fetch(input, init),
  upload: xhrUpload,
  storage: browserStorage(),
  notify: (notice) => {
    notifications.show({
      color: notice.kind === 'retry_later' ? 'yellow' : 'red',
      title: notice.kind === 'retry_later' ? i18n.t('errors.retryLaterTitle') : i18n.t('errors.title'),
      // a server message may be a validation message key: show it in the reader's language
      message: translateMessage(notice.message, currentLocale()),
      autoClose: notice.autoClose,
    })
  },
  navigate: (path) => navigateTo(path),
  currentPath: () => window.location.pathname + window.location.search,
  locale: () => currentLocale(),
  texts: { retryLater: () => i18n.t('errors.retryLater'), network: () => i18n.t('errors.network') },
  onSessionEnd: () => queryClient.clear(),
  // a full page load to /admin: nothing of the user's screens stays cached (docs/decisions/0056-managers-admin-mode.md)
  onAdminModeEnded: () => {
    if (!adminModeLeaving) window.location.assign('/admin')
    adminModeLeaving = true
  },
})
