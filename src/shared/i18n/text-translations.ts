import { isLocaleCode, localeCodes, type LocaleCode } from './locales'

// A seller's plain texts given per language on the row that owns them (docs/decisions/0095-product-translations.md):
// `{ "<locale>": { "<field>": "text" } }`, each text optional, falling back to the base text one by one. One
// reading, one fallback and one clean-up for every owner (plans, ticket types, checkout settings, questions, shop
// categories, legal texts, funnel offers); the owners with rich texts or nested texts keep their own (products,
// lessons). Imports no zod: the storefront's browser bundle may take it.

export type TextTranslation<F extends string> = { [K in F]?: string }
export type TextTranslations<F extends string> = { [L in LocaleCode]?: TextTranslation<F> }
/** What a request sends: each text optional or null; the storefront and the cabinet's forms send the same shape. */
export type TextTranslationsInput<F extends string> = { [L in LocaleCode]?: { [K in F]?: string | null } | undefined }

/** A stored value read defensively: locale keys and the named texts only; a language with no text is left out. */
export function textTranslationsOf<F extends string>(stored: unknown, fields: readonly F[]): TextTranslations<F> {
  const out: TextTranslations<F> = {}
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return out
  for (const code of localeCodes) {
    const entry = (stored as Record<string, unknown>)[code]
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) continue
    const texts: TextTranslation<F> = {}
    for (const field of fields) {
      const value = (entry as Record<string, unknown>)[field]
      if (typeof value === 'string' && value.trim() !== '') texts[field] = value
    }
    if (Object.keys(texts).length > 0) out[code] = texts
  }
  return out
}

/**
 * What an owner row stores from a request's `translations`: trimmed texts, empty ones and languages with no text
 * left out; `null` and `{}` give `{}` (every translation removed).
 */
export function storableTextTranslations<F extends string>(input: TextTranslationsInput<F> | null | undefined, fields: readonly F[]): TextTranslations<F> {
  return textTranslationsOf(Object.fromEntries(Object.entries(input ?? {}).map(([code, entry]) => [
    code, Object.fromEntries(fields.map((field) => [field, typeof entry?.[field] === 'string' ? entry[field].trim() : undefined])),
  ])), fields)
}

/** The answer's `translations`: every stored language with each named text, null when not given (`{}` for none). */
export function textTranslationsAnswer<F extends string>(stored: unknown, fields: readonly F[]): { [L in LocaleCode]?: { [K in F]: string | null } } {
  return Object.fromEntries(Object.entries(textTranslationsOf(stored, fields)).map(([code, texts]) => [
    code, Object.fromEntries(fields.map((field) => [field, (texts as TextTranslation<F>)[field] ?? null])),
  ]))
}

/**
 * The base texts in `locale`: each named text the translation's when given, else the base text. An unknown or
 * missing locale (a client that named none) gives the base texts unchanged.
 */
export function localizedTexts<F extends string, B extends { [K in F]: string | null }>(base: B, stored: unknown, fields: readonly F[], locale: LocaleCode | string | null | undefined): B {
  const entry = locale && isLocaleCode(locale) ? textTranslationsOf(stored, fields)[locale] : undefined
  if (!entry) return base
  const out = { ...base }
  for (const field of fields) if (entry[field] !== undefined) (out as Record<F, string | null>)[field] = entry[field]
  return out
}

/** The languages of `stored` missing a text the base has: the back office's "partial" mark, by language. */
export function missingTextTranslations<F extends string>(base: { [K in F]: string | null | undefined }, stored: unknown, fields: readonly F[]): { [L in LocaleCode]?: F[] } {
  return Object.fromEntries(Object.entries(textTranslationsOf(stored, fields)).map(([code, texts]) => [
    code, fields.filter((field) => base[field] && !(texts as TextTranslation<F>)[field]),
  ]))
}
