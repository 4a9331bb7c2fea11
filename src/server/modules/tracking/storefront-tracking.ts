import { cookieConsentCategories, parseConsent } from '../../../shared/cookie-consent'
import {
  trackingCspSources, type CspSources, type StorefrontTrackingConfig, type TrackingConsentCategory, type TrackingEvent,
} from '../../../shared/tracking-codes'
import type { PageTrackingCode } from './tracking.service'

// What one storefront answer carries of tracking (docs/decisions/0074-tracking-with-consent.md), decided per
// answer from the page's codes and the payer's consent cookie, never stored with the cached page: the codes
// whose category the payer accepted, the event for the data layer, and the hosts the CSP opens for exactly
// those codes. Before consent: nothing but the banner.

/** The event a page pushes to `window.dataLayer`, with its data fields (src/shared/tracking-codes.ts trackingEventFields). */
export type PageTracking = { username: string; productId: number | null; event: TrackingEvent; data: Record<string, string | number | null> }

export type AnswerTracking = {
  /** Whether the payer has chosen (the cookie is set). */
  chosen: boolean
  accepted: number[]
  /** The category ids the page's codes need. */
  needed: number[]
  consented: PageTrackingCode[]
  config: StorefrontTrackingConfig | null
  customHtml: string[]
  csp: CspSources
}

const categoryId = (key: TrackingConsentCategory) => cookieConsentCategories.find((c) => c.key === key)!.id

export function answerTracking(codes: readonly PageTrackingCode[], page: PageTracking, consentCookie: string | undefined): AnswerTracking | null {
  const forEvent = codes.filter((c) => c.events.includes(page.event))
  if (forEvent.length === 0) return null
  const chosen = consentCookie !== undefined && consentCookie !== ''
  const accepted = parseConsent(consentCookie)
  const consented = chosen ? forEvent.filter((c) => accepted.includes(categoryId(c.consentCategory))) : []
  const csp: CspSources = { script: [], connect: [], img: [], frame: [] }
  for (const code of consented) {
    const sources = code.type === 'custom_tracking_codes' ? { script: code.hosts, connect: [], img: code.hosts, frame: [] } : trackingCspSources[code.type]
    csp.script.push(...sources.script)
    csp.connect.push(...sources.connect)
    csp.img.push(...sources.img)
    csp.frame.push(...sources.frame)
  }
  const loaderCodes = consented.filter((c) => c.type !== 'custom_tracking_codes')
  return {
    chosen, accepted,
    needed: [...new Set(forEvent.map((c) => categoryId(c.consentCategory)))].sort((a, b) => a - b),
    consented,
    config: consented.length > 0 ? { event: { event: page.event, ...page.data }, codes: loaderCodes.map((c) => ({ id: c.id, type: c.type, tracking_id: c.trackingId })) } : null,
    customHtml: consented.filter((c) => c.type === 'custom_tracking_codes' && c.code).map((c) => c.code!),
    csp: { script: unique(csp.script), connect: unique(csp.connect), img: unique(csp.img), frame: unique(csp.frame) },
  }
}

const unique = (values: string[]) => [...new Set(values)].sort()

const directives: [keyof CspSources, string][] = [['script', 'script-src'], ['connect', 'connect-src'], ['img', 'img-src'], ['frame', 'frame-src']]

/** The page's CSP with the consented codes' hosts added to their directives (a missing directive starts from 'self'). */
export function widenCsp(csp: string, sources: CspSources): string {
  let out = csp
  for (const [key, name] of directives) {
    const hosts = sources[key]
    if (hosts.length === 0) continue
    const pattern = new RegExp(`(^|;\\s*)${name} ([^;]*)`)
    out = pattern.test(out) ? out.replace(pattern, (_whole, start: string, values: string) => `${start}${name} ${values} ${hosts.join(' ')}`) : `${out};${name} 'self' ${hosts.join(' ')}`
  }
  return out
}

/** Where the consent form may send the payer back: a path on this site, never another site. */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || /[\u0000-\u001f]/.test(value) || value.length > 2000) return '/'
  return value
}
