import { trackingConfigElementId, type StorefrontTrackingCode, type StorefrontTrackingConfig } from '../../shared/tracking-codes'

// The storefront's tracking loader (docs/decisions/0074-tracking-with-consent.md): a separate, tiny entry of the
// client build, on a page only when the payer consented to at least one of its codes (the server decides, per
// answer). It pushes the page's event to `window.dataLayer`, then starts each consented code the way its
// vendor documents it: the inline snippets the vendors publish cannot run under the CSP, so they are here.

type Queue = unknown[] & { push(...items: unknown[]): number }
type Fbq = ((...args: unknown[]) => void) & { queue?: unknown[]; loaded?: boolean; version?: string; callMethod?: (...args: unknown[]) => void; push?: unknown }
type TrackingWindow = Window & { dataLayer?: Queue; gtag?: (...args: unknown[]) => void; fbq?: Fbq; _fbq?: unknown }

function addScript(src: string, attributes: Record<string, string> = {}) {
  const script = document.createElement('script')
  script.async = true
  script.src = src
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value)
  document.head.appendChild(script)
}

function start(code: StorefrontTrackingCode, w: TrackingWindow, event: Record<string, unknown>) {
  const id = code.tracking_id ?? ''
  switch (code.type) {
    case 'google_analytics':
    case 'google_analytics_4': {
      if (!w.gtag) {
        w.gtag = function gtag() {
          // gtag.js reads the arguments object itself, as its snippet pushes it
          // eslint-disable-next-line prefer-rest-params
          w.dataLayer!.push(arguments)
        }
        w.gtag('js', new Date())
      }
      w.gtag('config', id)
      addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`, { 'data-sf-tracking': code.type })
      return
    }
    case 'google_tag_manager':
      w.dataLayer!.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
      addScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`, { 'data-sf-tracking': code.type })
      return
    case 'facebook_pixel': {
      if (!w.fbq) {
        const fbq: Fbq = (...args: unknown[]) => {
          if (fbq.callMethod) fbq.callMethod(...args)
          else fbq.queue!.push(args)
        }
        fbq.push = fbq
        fbq.loaded = true
        fbq.version = '2.0'
        fbq.queue = []
        w.fbq = fbq
        w._fbq = fbq
        addScript('https://connect.facebook.net/en_US/fbevents.js', { 'data-sf-tracking': code.type })
      }
      w.fbq('init', id)
      w.fbq('track', 'PageView')
      if (event.event === 'success_page' && typeof event.value === 'number') w.fbq('track', 'Purchase', { value: event.value, currency: event.currency })
      return
    }
    case 'tracify':
      addScript('https://scripts.tracify.ai/tracify.js', { 'data-csid': id, 'data-sf-tracking': code.type })
      return
    case 'custom_tracking_codes':
      // served by the server as sanitised HTML (external scripts and pixels)
      return
  }
}

function run() {
  const element = document.getElementById(trackingConfigElementId)
  if (!element) return
  const config = JSON.parse(element.textContent ?? '{}') as StorefrontTrackingConfig
  const w = window as TrackingWindow
  w.dataLayer = w.dataLayer ?? ([] as unknown[] as Queue)
  w.dataLayer.push(config.event)
  for (const code of config.codes) start(code, w, config.event)
}

run()
