import { createContext, useContext } from 'react'
import type { LocaleCode } from '../../shared/schemas/accounts'
import { htmlLang, localeDirection } from '../../shared/i18n/locales'
import { fill, formatNumber, plural, type PluralForms, type TextValues } from './format'
import type { StorefrontTexts } from './en'

// The page's language and its texts, provided once around every page (entry-server.tsx, entry-client.tsx).
// The server picks the language (src/server/plugins/storefront.ts) and sends that locale's texts with the props.

export type PageTexts = {
  locale: LocaleCode
  /** BCP 47, for Intl and `lang`. */
  tag: string
  dir: 'ltr' | 'rtl'
  t: StorefrontTexts
  /** A text with `{placeholders}` filled in. */
  f: (template: string, values?: TextValues) => string
  /** The plural form for a count. */
  n: (forms: PluralForms, count: number, values?: TextValues) => string
  /** A number in the locale's digits and separators, up to two decimals (percentages, counts). */
  num: (value: number) => string
  /** The languages the seller's shop offers, its default first: the language switcher's choices (none: no switcher). */
  languages: readonly LocaleCode[]
}

export function pageTexts(locale: LocaleCode, texts: StorefrontTexts, languages: readonly LocaleCode[] = []): PageTexts {
  const tag = htmlLang(locale)
  return {
    locale, tag, dir: localeDirection(locale), t: texts, f: fill, n: (forms, count, values) => plural(tag, forms, count, values),
    num: (value) => formatNumber(tag, value), languages,
  }
}

export const TextsContext = createContext<PageTexts | null>(null)

/**
 * The page's texts. `useContext`, not React 19's `use`: the browser runs Preact's compat layer, which has no `use`
 * (docs/decisions/0099-storefront-client-on-preact.md). Under Preact `useContext` takes a hook slot, so call it in
 * the same order on every render: built blocks are called as plain functions inside BuiltPage's render (renderBlock
 * in src/storefront/built/built-page.tsx, to catch a block that throws), and a page document's blocks do not change
 * after it is rendered, so their order is fixed.
 */
export function useTexts(): PageTexts {
  const texts = useContext(TextsContext)
  if (!texts) throw new Error('useTexts outside TextsContext: the entries provide it around every page')
  return texts
}
