import type { LocaleCode } from '../../../shared/schemas/accounts'
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
import type { PdfTexts } from './types'

export type { CertificateTexts, CommissionMemoTexts, CreditMemoTexts, InvoiceTexts, PdfTexts, TicketTexts } from './types'

/** The words of the PDFs in each of the 20 locales. */
export const pdfTexts: Record<LocaleCode, PdfTexts> = { en, de, es, ar, cs, da, el, fr, hu, it, pl, pt_br, pt_pt, sv, tr, ko, no, hr, ro, nl }

