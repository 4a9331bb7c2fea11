import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { LOCALE_KEY, htmlLang, initialLocale, isLocale, localeDirection, type Locale } from '../lib/locale'
import { en } from './locales/en'
import { de } from './locales/de'
import { otherLocales } from './locales/others'

// i18next for the back-office: en and de complete, the other spec locales fall back to en. The chosen
// locale is kept in localStorage and drives the html lang/dir and the API's language headers.

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
    de: { translation: de },
    ...Object.fromEntries(Object.entries(otherLocales).map(([code, translation]) => [code, { translation }])),
  },
  lng: initialLocale(storedLocale(), browserTags),
  fallbackLng: 'en',
  load: 'currentOnly',
  initAsync: false,
  interpolation: { escapeValue: false },
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
  await i18n.changeLanguage(locale)
  applyToDocument(locale)
}
