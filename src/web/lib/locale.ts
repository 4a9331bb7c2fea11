import type { LocaleCode } from '../../shared/schemas/accounts'

// The spec's locales (docs/reference/catalogue-and-selling.md §9): every one complete in the back office (docs/decisions/0093-back-office-locales.md).
export const locales = [
  'en', 'de', 'es', 'ar', 'cs', 'da', 'el', 'fr', 'hu', 'it', 'pl', 'pt_br', 'pt_pt', 'sv', 'tr', 'ko', 'no', 'hr', 'ro', 'nl',
] as const satisfies readonly LocaleCode[]
export type Locale = (typeof locales)[number]

export const DEFAULT_LOCALE: Locale = 'en'
export const LOCALE_KEY = 'sf.locale'

/** Each language in its own name, for the locale switcher. */
export const languageNames: Record<Locale, string> = {
  en: 'English', de: 'Deutsch', es: 'Español', ar: 'العربية', cs: 'Čeština', da: 'Dansk', el: 'Ελληνικά',
  fr: 'Français', hu: 'Magyar', it: 'Italiano', pl: 'Polski', pt_br: 'Português (Brasil)', pt_pt: 'Português (Portugal)',
  sv: 'Svenska', tr: 'Türkçe', ko: '한국어', no: 'Norsk', hr: 'Hrvatski', ro: 'Română', nl: 'Nederlands',
}

/** Arabic renders right-to-left, the whole layout (docs/reference/readings.md 21). */
export function localeDirection(locale: string): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr'
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value)
}

/** Maps a browser language tag (`pt-BR`, `de-AT`, `nb`) to a spec locale. */
export function localeFromTag(tag: string | undefined | null): Locale | null {
  if (!tag) return null
  const lower = tag.toLowerCase().replace('-', '_')
  if (isLocale(lower)) return lower
  if (lower.startsWith('pt')) return lower === 'pt_pt' ? 'pt_pt' : 'pt_br'
  if (lower.startsWith('nb') || lower.startsWith('nn')) return 'no'
  const primary = lower.split('_')[0]
  return isLocale(primary) ? primary : null
}

/** The `lang` attribute for the html element (BCP 47). */
export function htmlLang(locale: Locale): string {
  return locale === 'pt_br' ? 'pt-BR' : locale === 'pt_pt' ? 'pt-PT' : locale === 'no' ? 'nb' : locale
}

export function initialLocale(stored: string | null, browserTags: readonly string[]): Locale {
  if (isLocale(stored)) return stored
  for (const tag of browserTags) {
    const found = localeFromTag(tag)
    if (found) return found
  }
  return DEFAULT_LOCALE
}
