import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { LOCALE_KEY, htmlLang, initialLocale, isLocale, localeDirection, type Locale } from '../lib/locale'
import { en } from './locales/en'
import { otherLocales } from './locales/others'

// i18next for the back-office: en and de complete, the other spec locales fall back to en. The chosen
// locale is kept in localStorage and drives the html lang/dir and the API's language headers. German
// is its own chunk, loaded before the first render when it is the chosen locale and on a switch
// (docs/decisions/0045-cabinet-on-a-phone.md): the English-only visitor does not download it.

function storedLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_KEY)
  } catch {
    return null
  }
}

const browserTags = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]

export const i18n = i18next.createInstance()

void i18n.use(initReactI18next).init({
  resources: {
    en: { translation: en },
    ...Object.fromEntries(Object.entries(otherLocales).map(([code, translation]) => [code, { translation }])),
  },
  lng: initialLocale(storedLocale(), browserTags),
  fallbackLng: 'en',
  load: 'currentOnly',
  initAsync: false,
  interpolation: { escapeValue: false },
})

/** Loads the German texts if `locale` needs them; answers at once otherwise. */
export async function loadLocaleTexts(locale: string): Promise<void> {
  if (locale !== 'de' || i18n.hasResourceBundle('de', 'translation')) return
  const { de } = await import('./locales/de')
  i18n.addResourceBundle('de', 'translation', de, true, true)
}

/** Resolves when the starting locale's texts are there (main.tsx renders after it). */
export const localeReady: Promise<void> = loadLocaleTexts(i18n.language).then(async () => {
  if (i18n.language === 'de') await i18n.changeLanguage('de')
})

export function currentLocale(): Locale {
  const language = i18n.language
  return isLocale(language) ? language : 'en'
}

function applyToDocument(locale: Locale): void {
  if (typeof document === 'undefined') return
  document.documentElement.lang = htmlLang(locale)
  document.documentElement.dir = localeDirection(locale)
}

applyToDocument(currentLocale())

export async function setLocale(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(LOCALE_KEY, locale)
  } catch {
    // private mode without storage: the choice lasts for this page only
  }
  await loadLocaleTexts(locale)
  await i18n.changeLanguage(locale)
  applyToDocument(locale)
}
