import { cookieConsentCategories } from '../../shared/cookie-consent'
import { trackingConfigElementId, type StorefrontTrackingConfig } from '../../shared/tracking-codes'
import { escapeHtml, serializeJsonForScript } from '../lib/escape'

// The storefront's consent banner and the tracking it allows (docs/decisions/0074-tracking-with-consent.md).
// Written per answer by the server after the cached page (never into it): the banner while the payer has not
// chosen, else a "Cookie settings" link in the footer that opens the same choice. Both are a plain form that
// posts to /storefront/consent: it sets the consent cookie (the back office's `sf_cookie_consent`) and sends
// the payer back to the page, which then carries exactly the consented codes, and a CSP that allows only
// their hosts. No JavaScript is needed to choose.

export const consentPath = '/storefront/consent'

const texts = {
  en: {
    title: 'Cookies on this shop',
    text: 'The seller measures visits to this shop with the tools below, only if you agree. Necessary cookies (sign-in, your choice) are always on.',
    acceptAll: 'Accept all', reject: 'Necessary only', choose: 'Choose', save: 'Save choice', settings: 'Cookie settings',
    categories: null,
  },
  de: {
    title: 'Cookies in diesem Shop',
    text: 'Der Verkäufer misst Besuche dieses Shops mit den folgenden Werkzeugen, nur wenn Sie zustimmen. Notwendige Cookies (Anmeldung, Ihre Wahl) sind immer aktiv.',
    acceptAll: 'Alle akzeptieren', reject: 'Nur notwendige', choose: 'Auswählen', save: 'Auswahl speichern', settings: 'Cookie-Einstellungen',
    categories: {
      necessary: ['Notwendig', 'Anmeldung, Sicherheit und die Einwilligung selbst. Immer aktiv.'],
      preferences: ['Präferenzen', 'Merkt sich Einstellungen wie die Sprache.'],
      statistics: ['Statistik', 'Zählt Besuche, um Seiten zu verbessern; nur mit Tracking-Codes des Verkäufers.'],
      marketing: ['Marketing', 'Werbe-Pixel, die ein Verkäufer seinen Seiten hinzufügt.'],
    },
  },
} as const

export type ConsentHtmlInput = {
  /** The page's own address (path and query) the form sends the payer back to. */
  returnTo: string
  /** Whether the payer has chosen (the consent cookie is set): the banner shows only before. */
  chosen: boolean
  /** The accepted category ids (src/shared/cookie-consent.ts), required ones included. */
  accepted: number[]
  /** The consent categories the page's codes need (the others are not asked for). */
  needed: number[]
  /** The consented codes and the event, or null when none is consented. */
  config: StorefrontTrackingConfig | null
  /** The tracking loader's script URL (the built client's hashed file). */
  loaderSrc: string | null
  /** The consented custom codes' sanitised HTML (external https scripts and pixels only). */
  customHtml: string[]
  lang?: string
}

function choiceForm(input: ConsentHtmlInput, t: (typeof texts)[keyof typeof texts], open: boolean): string {
  const boxes = cookieConsentCategories
    .filter((c) => c.required || input.needed.includes(c.id))
    .map((c) => {
      const [name, description] = t.categories?.[c.key] ?? [c.name, c.description]
      return `<label class="sf-consent-category"><input type="checkbox" name="categories" value="${c.id}"${input.accepted.includes(c.id) ? ' checked' : ''}${c.required ? ' disabled' : ''}> <strong>${escapeHtml(name)}</strong> <span>${escapeHtml(description)}</span></label>`
    })
    .join('')
  return `<form method="post" action="${consentPath}" class="sf-consent-form">`
    + `<input type="hidden" name="return_to" value="${escapeHtml(input.returnTo)}">`
    + `<details class="sf-consent-choose"${open ? ' open' : ''}><summary>${escapeHtml(t.choose)}</summary>${boxes}`
    + `<button type="submit" name="choice" value="selected" class="sf-consent-button">${escapeHtml(t.save)}</button></details>`
    + `<div class="sf-consent-actions"><button type="submit" name="choice" value="necessary" class="sf-consent-button">${escapeHtml(t.reject)}</button>`
    + `<button type="submit" name="choice" value="all" class="sf-consent-button sf-consent-primary" data-testid="consent-accept-all">${escapeHtml(t.acceptAll)}</button></div>`
    + '</form>'
}

/** The HTML the server puts before `</body>` of a page whose seller has tracking codes for it. */
export function consentHtml(input: ConsentHtmlInput): string {
  const t = input.lang?.startsWith('de') ? texts.de : texts.en
  const parts: string[] = []
  if (!input.chosen) {
    parts.push(`<section class="sf-consent-banner" role="dialog" aria-label="${escapeHtml(t.title)}" data-testid="consent-banner">`
      + `<p class="sf-consent-title">${escapeHtml(t.title)}</p><p class="sf-consent-text">${escapeHtml(t.text)}</p>${choiceForm(input, t, false)}</section>`)
  } else {
    parts.push(`<details class="sf-consent-settings" data-testid="consent-settings"><summary>${escapeHtml(t.settings)}</summary>${choiceForm(input, t, true)}</details>`)
  }
  if (input.config && input.loaderSrc) {
    parts.push(`<script type="application/json" id="${trackingConfigElementId}">${serializeJsonForScript(input.config)}</script>`)
    parts.push(`<script type="module" src="${escapeHtml(input.loaderSrc)}"></script>`)
  }
  // already sanitised and written again by the server (custom-code.sanitizer.ts): external https scripts and pixels only
  parts.push(...input.customHtml)
  return parts.join('')
}
