import type { PluralForms } from '../format'
import { common } from './common'
import { checkout } from './checkout'
import { pages } from './pages'
import { order } from './order'
import { built } from './built'

// The storefront's words in English, the reference every other locale (../locales/<code>.ts) translates key for
// key (docs/decisions/0094-storefront-languages.md). Plain data only: `{name}` placeholders, and plural forms as
// objects with an `other` key. Sections: common (frame, methods, states, the server's own words), checkout (the
// product page and its checkout form), pages (shop, password, sign-in, sandbox, embed, live, share, the heads),
// order (success, funnel, certificate, affiliate pages), built (the blocks of built pages).
export const en = { common, checkout, pages, order, built } as const

/** A translation's shape: the same keys as English, any words; plural forms as the language needs them. */
type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other'
/** Plural forms: an object whose keys are all plural categories (a group with an `other` entry among others is not). */
type Translation<T> = T extends string
  ? string
  : T extends { readonly other: string } ? ([Exclude<keyof T, PluralCategory>] extends [never] ? PluralForms : { readonly [K in keyof T]: Translation<T[K]> })
    : { readonly [K in keyof T]: Translation<T[K]> }

export type StorefrontTexts = Translation<typeof en>
