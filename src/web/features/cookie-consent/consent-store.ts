import { useSyncExternalStore } from 'react'
import { consentCookie, parseConsent, type Consent } from './consent'

// The consent the browser holds, and whether the settings are open (the footer link reopens them).

type State = { consent: Consent | null; settingsOpen: boolean }
const listeners = new Set<() => void>()
let state: State = { consent: typeof document === 'undefined' ? null : parseConsent(document.cookie), settingsOpen: false }

function emit(next: State): void {
  state = next
  for (const listener of listeners) listener()
}

export function useConsentState(): State {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => state,
  )
}

export function openCookieSettings(): void {
  emit({ ...state, settingsOpen: true })
}

export function saveConsent(value: string): void {
  document.cookie = consentCookie(value, window.location.protocol === 'https:')
  emit({ consent: parseConsent(document.cookie) ?? (value === 'all' ? 'all' : value.split(',')), settingsOpen: false })
}
