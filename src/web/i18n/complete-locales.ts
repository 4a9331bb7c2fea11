import type { Locale } from '../lib/locale'
import type { LocaleTexts } from './locales/en'

// The complete locales beside English: one file per locale in ./locales, named by its code and exporting a
// constant of the same name typed `LocaleTexts` (every English key, plus its language's plural forms). Each is
// its own chunk, loaded before the first render when it is the chosen locale and on a switch
// (docs/decisions/0045-cabinet-on-a-phone.md, docs/decisions/0093-back-office-locales.md): a visitor downloads
// only the language shown. A locale without a file would fall back to English; every spec locale has one
// (translations.test.ts).

const files = import.meta.glob<Record<string, LocaleTexts>>(['./locales/*.ts', '!./locales/en.ts'])

/** The locale of a file path `./locales/<code>.ts`. */
const localeOfFile = (path: string) => /\/([a-z_]+)\.ts$/.exec(path)![1] as Locale

const loaders = new Map(Object.entries(files).map(([path, load]) => {
  const locale = localeOfFile(path)
  return [locale, async () => (await load())[locale]!] as const
}))

/** The locales whose every text is translated (English aside). */
export const completeLocales: ReadonlySet<Locale> = new Set(loaders.keys())

/** The texts of a complete locale, loaded on demand; undefined for English and the locales without a file. */
export function loadCompleteLocale(locale: Locale): Promise<LocaleTexts> | undefined {
  return loaders.get(locale)?.()
}
