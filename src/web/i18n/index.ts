import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { LOCALE_KEY, htmlLang, initialLocale, isLocale, localeDirection, type Locale } from '../lib/locale'
import { en } from './locales/en'
import { completeLocales, loadCompleteLocale } from './complete-locales'

// i18next for the back-office: English bundled, every other locale its own chunk (./complete-locales.ts,
// docs/decisions/0093-back-office-locales.md). The chosen locale is kept in localStorage and drives
// the html lang/dir and the API's language headers.

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
  },
  lng: initialLocale(storedLocale(), browserTags),
  fallbackLng: 'en',
  load: 'currentOnly',
  initAsync: false,
  interpolation: { escapeValue: false },
})

/** Loads a complete locale's texts if `locale` needs them; answers at once otherwise. */
export async function loadLocaleTexts(locale: string): Promise<void> {
  if (!isLocale(locale) || i18n.hasResourceBundle(locale, 'translation')) return
  const texts = await loadCompleteLocale(locale)
  if (texts) i18n.addResourceBundle(locale, 'translation', texts, true, true)
}

/** Resolves when the starting locale's texts are there (main.tsx renders after it). */
export const localeReady: Promise<void> = loadLocaleTexts(i18n.language).then(async () => {
  if (isLocale(i18n.language) && completeLocales.has(i18n.language)) await i18n.changeLanguage(i18n.language)
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
