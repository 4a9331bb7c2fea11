import type { Locale } from '../lib/locale'
import type { LocaleTexts } from './locales/en'
import { registerMessageTexts, type MessageTexts } from '../../shared/validation/messages'

// The complete locales beside English: one file per locale in ./locales, named by its code and exporting a
// constant of the same name typed `LocaleTexts` (every English key, plus its language's plural forms). Each is
// its own chunk, loaded before the first render when it is the chosen locale and on a switch
// (docs/decisions/0045-cabinet-on-a-phone.md, docs/decisions/0093-back-office-locales.md): a visitor downloads
// only the language shown. A locale without a file would fall back to English; every spec locale has one
// (translations.test.ts).
// The validation messages (src/shared/validation/message-texts/<code>.ts) load the same way, a chunk per locale
// beside the texts, and are registered before the texts are answered: translateMessage reads the locale shown
// from its first render on, English staying the only messages in the main bundle.

const files = import.meta.glob<Record<string, LocaleTexts>>(['./locales/*.ts', '!./locales/en.ts'])
const messageFiles = import.meta.glob<MessageTexts>(
  ['../../shared/validation/message-texts/*.ts', '!../../shared/validation/message-texts/en.ts', '!../../shared/validation/message-texts/all.ts'],
  { import: 'default' },
)

/** The locale of a file path `…/<code>.ts`. */
const localeOfFile = (path: string) => /\/([a-z_]+)\.ts$/.exec(path)![1] as Locale

const messageLoaders = new Map(Object.entries(messageFiles).map(([path, load]) => [localeOfFile(path), load] as const))

const loaders = new Map(Object.entries(files).map(([path, load]) => {
  const locale = localeOfFile(path)
  const loadMessages = messageLoaders.get(locale)
  return [locale, async () => {
    const [module, messages] = await Promise.all([load(), loadMessages?.()])
    if (messages) registerMessageTexts(locale, messages)
    return module[locale]!
  }] as const
}))

/** The locales whose every text is translated (English aside). */
export const completeLocales: ReadonlySet<Locale> = new Set(loaders.keys())

/** The texts of a complete locale, loaded on demand (its validation messages registered with them); undefined for English and the locales without a file. */
export function loadCompleteLocale(locale: Locale): Promise<LocaleTexts> | undefined {
  return loaders.get(locale)?.()
}
