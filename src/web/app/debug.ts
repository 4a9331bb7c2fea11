import type { ApiClient } from '../lib/api-client'

// A hook for browser tests only: `window.__sf.api` lets a test fire parallel calls through the real
// client. It exists only in a browser driven by automation (navigator.webdriver, which Playwright and
// other WebDriver tools set) or when `sf.debug` is '1' in localStorage.
declare global {
  interface Window {
    __sf?: { api: ApiClient }
  }
}

export function exposeTestHook(api: ApiClient): void {
  let enabled = navigator.webdriver === true
  try {
    enabled ||= localStorage.getItem('sf.debug') === '1'
  } catch {
    // storage blocked: only automation enables the hook
  }
  if (enabled) window.__sf = { api }
}
