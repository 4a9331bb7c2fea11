import type { LocaleCode } from '../../../shared/schemas/accounts'
import { isLocaleCode } from '../../../shared/i18n/locales'
import { en, type StorefrontTexts } from '../en'

// Every locale's storefront texts, for the server entry only: the browser gets its page's locale in the props
// JSON (docs/decisions/0094-storefront-languages.md). One file per locale, `<code>.ts`, default-exporting its
// StorefrontTexts; the translation test (../translations.test.ts) checks each against English.

const files = import.meta.glob<{ default: StorefrontTexts }>(['./*.ts', '!./index.ts'], { eager: true })

const byLocale = new Map<LocaleCode, StorefrontTexts>([['en', en]])
for (const [path, module] of Object.entries(files)) {
  const code = /\.\/(\w+)\.ts$/.exec(path)?.[1]
  if (isLocaleCode(code)) byLocale.set(code, module.default)
}

/** The locales the storefront speaks. */
export const storefrontLocales: LocaleCode[] = [...byLocale.keys()]

/** A locale's texts; English for one not translated. */
export function storefrontTextsFor(locale: LocaleCode): StorefrontTexts {
  return byLocale.get(locale) ?? en
}
