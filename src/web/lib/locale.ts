import { htmlLang as sharedHtmlLang, isLocaleCode, localeCodes, localeOfTag } from '../../shared/i18n/locales'

// The spec's locales (docs/reference/catalogue-and-selling.md §9): every one complete in the back office (docs/decisions/0093-back-office-locales.md).
export const locales = localeCodes
export type Locale = (typeof locales)[number]

export const DEFAULT_LOCALE: Locale = 'en'
export const LOCALE_KEY = 'sf.locale'

/** Each language in its own name, for the locale switcher; the direction of each (shared with the storefront). */
export { languageNames, localeDirection } from '../../shared/i18n/locales'

export function isLocale(value: unknown): value is Locale {
  return isLocaleCode(value)
}

/** Maps a browser language tag (`pt-BR`, `de-AT`, `nb`) to a spec locale. */
export function localeFromTag(tag: string | undefined | null): Locale | null {
  return tag ? localeOfTag(tag) : null
}

/** The `lang` attribute for the html element (BCP 47). */
export const htmlLang: (locale: Locale) => string = sharedHtmlLang

export function initialLocale(stored: string | null, browserTags: readonly string[]): Locale {
  if (isLocale(stored)) return stored
  for (const tag of browserTags) {
    const found = localeFromTag(tag)
    if (found) return found
  }
  return DEFAULT_LOCALE
}
