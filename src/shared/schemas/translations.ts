import { z } from 'zod'
import { localeCodes, type LocaleCode } from '../i18n/locales'

// The shape every seller text given per language takes (docs/decisions/0095-product-translations.md): one optional
// entry per locale code; wrapped in a strict object, any other key (`xx`, `pt-br`, `PL`) is a 400.

/** `{ en?: entry, de?: entry, … }` for the 20 locales: spread into `z.strictObject(...)`. */
export const byLocale = <T extends z.ZodType>(entry: T) => Object.fromEntries(localeCodes.map((code) => [code, entry.optional()])) as { [L in LocaleCode]: z.ZodOptional<T> }

/**
 * The request shape of plain texts per language (src/shared/i18n/text-translations.ts): a strict object per locale
 * whose texts take `text`'s rules, each optional or null ("not translated"). Wrap in `.nullish()` on the body: left
 * out keeps the stored set, sent replaces it, `null` or `{}` clears it.
 */
export const textTranslationsInput = <S extends Record<string, z.ZodType>>(texts: S) =>
  z.strictObject(byLocale(z.strictObject(Object.fromEntries(Object.entries(texts).map(([field, schema]) => [field, schema.nullish()])) as { [K in keyof S]: z.ZodOptional<z.ZodNullable<S[K]>> })))

/** The answer shape: each stored language with every named text, null when not given; optional for old clients. */
export const textTranslationsOutput = <F extends string>(fields: readonly F[]) =>
  z.object(byLocale(z.object(Object.fromEntries(fields.map((field) => [field, z.string().nullable()])) as { [K in F]: z.ZodNullable<z.ZodString> }))).optional()
