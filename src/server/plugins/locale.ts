import type { IncomingHttpHeaders } from 'node:http'
import { localeOfTag, type LocaleCode } from '../../shared/schemas/accounts'

/** The request's language: Content-Language first (the web client sends it), then Accept-Language. */
export function pickLocale(headers: IncomingHttpHeaders): LocaleCode {
  return requestedLocale(headers) ?? 'en'
}

/**
 * The language a request names (Content-Language, then Accept-Language), or null when it names none of ours: the
 * shop API answers a product's texts in it, and its base texts to a request that names none (decision 0095).
 */
export function requestedLocale(headers: IncomingHttpHeaders): LocaleCode | null {
  const candidates = [headers['content-language'], ...(String(headers['accept-language'] ?? '').split(','))]
  for (const raw of candidates) {
    if (!raw) continue
    const locale = localeOfTag(String(raw).split(';')[0]!)
    if (locale) return locale
  }
  return null
}

/** Accept-Language's tags by weight, then by their order ("pl-PL,pl;q=0.9,en;q=0.5" is pl-PL, pl, en). */
function acceptedTags(header: string | undefined): string[] {
  return String(header ?? '').split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';')
      const q = Number(/^\s*q=([\d.]+)\s*$/.exec(params.find((p) => /^\s*q=/.test(p)) ?? '')?.[1] ?? 1)
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index }
    })
    .filter((a) => a.tag !== '' && a.tag !== '*' && a.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((a) => a.tag)
}

/** The cookie keeping a payer's choice from a shop's currency switcher (docs/decisions/0097-payer-currencies.md). */
export const shopCurrencyCookie = 'sf_cur'

/**
 * The currency a payer sees a product in, among those it can be paid in: `?currency=` (the switcher's link), then
 * the payer's earlier choice (the cookie). Null: the plans' own currency. The browser's country does not choose: a
 * payer is shown the seller's prices until they ask for another currency (docs/decisions/0097-payer-currencies.md).
 */
export function chooseShopCurrency(input: { query?: string | undefined; cookie?: string | undefined; offered: readonly string[] }): string | null {
  for (const code of [input.query, input.cookie]) {
    const id = code?.toLowerCase()
    if (id && input.offered.includes(id)) return id
  }
  return null
}

/** The cookie keeping a payer's choice from a shop's language switcher (docs/decisions/0094-storefront-languages.md). */
export const shopLanguageCookie = 'sf_lang'

/**
 * A shop page's language among those the shop offers (its default first): `?lang=` (the switcher's link, its own
 * address for search engines), then the payer's earlier choice (the cookie), then the browser's Accept-Language in
 * its order, then the shop's default. Anything unknown or not offered is passed over, never an error.
 */
export function chooseShopLocale(input: { query?: string | undefined; cookie?: string | undefined; acceptLanguage?: string | undefined; offered: readonly LocaleCode[] }): LocaleCode {
  const offered = (tag: string | undefined) => {
    const locale = tag ? localeOfTag(tag) : null
    return locale && input.offered.includes(locale) ? locale : null
  }
  for (const tag of [input.query, input.cookie, ...acceptedTags(input.acceptLanguage)]) {
    const locale = offered(tag)
    if (locale) return locale
  }
  return input.offered[0] ?? 'en'
}
