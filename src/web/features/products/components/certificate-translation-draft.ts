import { localeCodes, type LocaleCode } from '../../../../shared/i18n/locales'
import type { CertificateTranslationsInput } from '../../../../shared/schemas/certificates'
import { snakeToCamelKey } from '../../../lib/api-client'
import type { CertificateDesign } from '../api/certificate-design'

// The certificate design's "Languages" section as data (docs/decisions/0095-product-translations.md,
// "Certificate designs"): the stored translations as editable drafts, and the drafts as the `translations`
// field of PUT /cabinet/products/{id}/certificate_design (the whole set: a language removed here is removed).

export type CertificateTranslationDraft = { title: string; body: string; custom_date_text: string }
export type CertificateTranslationDrafts = Partial<Record<LocaleCode, CertificateTranslationDraft>>

export const emptyCertificateDraft = (): CertificateTranslationDraft => ({ title: '', body: '', custom_date_text: '' })

type Stored = { title: string | null; body: string | null; customDateText: string | null }

/** The design's stored translations (camelCase keys, as the API client gives them: `pt_br` is `ptBr`) as drafts, in locale order. */
export function certificateDraftsOf(stored: CertificateDesign['translations']): CertificateTranslationDrafts {
  const byKey = (stored ?? {}) as Record<string, Stored | undefined>
  const drafts: CertificateTranslationDrafts = {}
  for (const code of localeCodes) {
    const entry = byKey[snakeToCamelKey(code)]
    if (entry) drafts[code] = { title: entry.title ?? '', body: entry.body ?? '', custom_date_text: entry.customDateText ?? '' }
  }
  return drafts
}

/** The drafts as the API's `translations`: trimmed, an empty text as null (not translated: the base text prints). */
export function certificateTranslationsInputOf(drafts: CertificateTranslationDrafts): CertificateTranslationsInput {
  const input: CertificateTranslationsInput = {}
  for (const code of localeCodes) {
    const draft = drafts[code]
    if (!draft) continue
    input[code] = { title: draft.title.trim() || null, body: draft.body.trim() || null, custom_date_text: draft.custom_date_text.trim() || null }
  }
  return input
}

/** The texts a language still lacks among those the design prints (the date text only with the custom date source). */
export function missingCertificateTexts(draft: CertificateTranslationDraft, design: { body: string; dateSource: string }): ('title' | 'body' | 'custom_date_text')[] {
  const present = ['title' as const, ...(design.body.trim() ? ['body' as const] : []), ...(design.dateSource === 'custom_text' ? ['custom_date_text' as const] : [])]
  return present.filter((text) => draft[text].trim() === '')
}
