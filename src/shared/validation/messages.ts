import en from './message-texts/en'
import { localeOfTag, type LocaleCode } from '../i18n/locales'

// Every validation message the server and the browser show. Rules and zod schemas return only the key;
// whoever shows the message translates it here, so both sides say the same words.
// The texts live in ./message-texts, one file per locale. Only English is bundled here: another locale's texts
// are used once registered (registerMessageTexts). The server registers every locale at start
// (./message-texts/all.ts); the back office registers the locale it loads (src/web/i18n/complete-locales.ts),
// so its main bundle carries English only.

/** One message: its text, or its text and the text used when every `{placeholder}` in it is given. */
export type MessageText = string | { readonly text: string; readonly withParams: string }
/** What the English file satisfies: any keys. */
export type MessageTextsShape = Readonly<Record<string, MessageText>>

type English = typeof en
export type MessageKey = keyof English

/** A locale's texts: every English key, with a `withParams` text where English has one (same placeholders). */
export type MessageTexts = {
  readonly [K in MessageKey]: English[K] extends string ? string : { readonly text: string; readonly withParams: string }
}

/** The English texts, by key. */
export const messages: MessageTexts = en
export const messageKeys = Object.keys(en) as MessageKey[]
export type MessageLocale = LocaleCode
export type MessageParams = Readonly<Record<string, string | number | bigint>>

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key)
}

const registered = new Map<LocaleCode, MessageTexts>([['en', en]])

/** Makes a locale's texts available to translateMessage (again for the same locale: the later texts win). */
export function registerMessageTexts(locale: LocaleCode, texts: MessageTexts): void {
  registered.set(locale, texts)
}

/** The locales whose texts are registered (English always). */
export function registeredMessageLocales(): LocaleCode[] {
  return [...registered.keys()]
}

/** The locale of a tag ('pt-BR', 'de-AT', 'nb', 'fr'), read as everywhere else (localeOfTag); English for an unknown one. */
export function messageLocale(locale: string): MessageLocale {
  return localeOfTag(locale) ?? 'en'
}

/**
 * The text for a message key, in the locale's registered texts, else English. A string that is not a key is
 * returned as it is, so a message that is already text (or a key from a newer server) still shows something.
 */
export function translateMessage(key: string, locale: string, params?: MessageParams): string {
  if (!isMessageKey(key)) return key
  const wanted = messageLocale(locale)
  const texts = registered.get(wanted)
  const lang = texts?.[key] === undefined ? 'en' : wanted
  const message: MessageText = (lang === 'en' ? en : texts!)[key]
  if (typeof message === 'string') return message
  if (params !== undefined) {
    const filled = fill(message.withParams, params, lang)
    if (filled !== undefined) return filled
  }
  return message.text
}

/** What a zod issue carries: its message key, and the bounds of a too_small / too_big issue. */
export type IssueLike = {
  readonly message: string
  readonly params?: Record<string, unknown> | undefined
  readonly minimum?: number | bigint | undefined
  readonly maximum?: number | bigint | undefined
}

/** Translates a zod issue, taking `{min}` / `{max}` from the issue's bounds. */
export function translateIssue(issue: IssueLike, locale: string): string {
  const params: Record<string, string | number | bigint> = {}
  if (issue.minimum !== undefined) params.min = issue.minimum
  if (issue.maximum !== undefined) params.max = issue.maximum
  for (const [name, value] of Object.entries(issue.params ?? {})) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') params[name] = value
  }
  return translateMessage(issue.message, locale, params)
}

/** The BCP 47 tag of a locale for Intl ('pt_br' is 'pt-BR'). */
function intlTag(locale: LocaleCode): string {
  return locale.replace('_', '-')
}

/** Replaces every `{name}`; undefined when a placeholder has no value. */
function fill(text: string, params: MessageParams, lang: LocaleCode): string | undefined {
  let missing = false
  const filled = text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) {
      missing = true
      return ''
    }
    return typeof value === 'string' ? value : new Intl.NumberFormat(intlTag(lang)).format(value)
  })
  return missing ? undefined : filled
}
