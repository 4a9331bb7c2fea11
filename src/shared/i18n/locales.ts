// What every part of the product (back office, storefront, mails, PDFs) knows about the spec's 20 locales
// (docs/reference/catalogue-and-selling.md §9), in one place. Imports nothing of the project's: the validation
// messages read a tag with it, the schemas make their zod enum of it, and the storefront's browser bundle takes it
// without zod.

export const localeCodes = [
  'en', 'de', 'es', 'ar', 'cs', 'da', 'el', 'fr', 'hu', 'it', 'pl', 'pt_br', 'pt_pt', 'sv', 'tr', 'ko', 'no', 'hr', 'ro', 'nl',
] as const
export type LocaleCode = (typeof localeCodes)[number]

/** Other names of a language that browsers and older rows use for one of ours. */
// `pt` alone (or with another region) reads as Brazilian Portuguese, the larger market.
const localeAliases: Record<string, LocaleCode> = { nb: 'no', nn: 'no', pt: 'pt_br' }

/**
 * The locale of a language tag: the code as stored (`pt_br`) or in the browser's style (`pt-BR`; `de-AT` reads
 * its language when the region is not one of ours), `nb`/`nn` as Norwegian, `pt` as Brazilian; null for any other tag.
 * The one reading of a tag: the request's language, a mail's locale, the back office's first language.
 */
export function localeOfTag(tag: string): LocaleCode | null {
  const code = tag.trim().toLowerCase().replace('-', '_')
  const language = code.split('_')[0] ?? ''
  for (const option of [code, language]) if (isLocaleCode(option)) return option
  return Object.hasOwn(localeAliases, language) ? localeAliases[language]! : null
}

/** Each language in its own name, for the language switchers. */
export const languageNames: Record<LocaleCode, string> = {
  en: 'English', de: 'Deutsch', es: 'Español', ar: 'العربية', cs: 'Čeština', da: 'Dansk', el: 'Ελληνικά',
  fr: 'Français', hu: 'Magyar', it: 'Italiano', pl: 'Polski', pt_br: 'Português (Brasil)', pt_pt: 'Português (Portugal)',
  sv: 'Svenska', tr: 'Türkçe', ko: '한국어', no: 'Norsk', hr: 'Hrvatski', ro: 'Română', nl: 'Nederlands',
}

/** Arabic renders right-to-left, the whole layout (docs/reference/readings.md 21). */
export function localeDirection(locale: string): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr'
}

/** The BCP 47 tag of a locale, for `lang`, `hreflang`, `Content-Language` and `Intl`. */
export function htmlLang(locale: LocaleCode): string {
  return locale === 'pt_br' ? 'pt-BR' : locale === 'pt_pt' ? 'pt-PT' : locale === 'no' ? 'nb' : locale
}

export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === 'string' && (localeCodes as readonly string[]).includes(value)
}
