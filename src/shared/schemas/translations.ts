import { z } from 'zod'
import { localeCodes, type LocaleCode } from '../i18n/locales'

// The shape every seller text given per language takes (docs/decisions/0095-product-translations.md): one optional
// entry per locale code; wrapped in a strict object, any other key (`xx`, `pt-br`, `PL`) is a 400.

/** `{ en?: entry, de?: entry, … }` for the 20 locales: spread into `z.strictObject(...)`. */
export const byLocale = <T extends z.ZodType>(entry: T) => Object.fromEntries(localeCodes.map((code) => [code, entry.optional()])) as { [L in LocaleCode]: z.ZodOptional<T> }
