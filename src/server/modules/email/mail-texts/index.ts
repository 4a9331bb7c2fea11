import { localeOfTag, type LocaleCode } from '../../../../shared/schemas/accounts'
import type { MailTexts } from './types'
import { ar } from './ar'
import { cs } from './cs'
import { da } from './da'
import { de } from './de'
import { el } from './el'
import { en } from './en'
import { es } from './es'
import { fr } from './fr'
import { hr } from './hr'
import { hu } from './hu'
import { it } from './it'
import { ko } from './ko'
import { nl } from './nl'
import { no } from './no'
import { pl } from './pl'
import { pt_br } from './pt_br'
import { pt_pt } from './pt_pt'
import { ro } from './ro'
import { sv } from './sv'
import { tr } from './tr'

// The mail texts of every locale of the spec. The type requires each locale code, each file's type each MailKind.

export const mailTexts: Record<LocaleCode, MailTexts> = {
  en, de, es, ar, cs, da, el, fr, hu, it, pl, pt_br, pt_pt, sv, tr, ko, no, hr, ro, nl,
}

/** The locale of a mail (`localeOfTag`: `pt_br`, `pt-BR`, `de-AT`, `nb`), else English. */
export function mailLocale(locale: string | null | undefined): LocaleCode {
  return localeOfTag(locale ?? '') ?? 'en'
}

export function mailTextsFor(locale: string | null | undefined): MailTexts {
  return mailTexts[mailLocale(locale)]
}
