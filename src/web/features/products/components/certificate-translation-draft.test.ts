import { describe, expect, test } from 'vitest'
import { certificateTranslationsInput } from '../../../../shared/schemas/certificates'
import { toCamel } from '../../../lib/api-client'
import type { CertificateDesign } from '../api/certificate-design'
import { certificateDraftsOf, certificateTranslationsInputOf, emptyCertificateDraft, missingCertificateTexts } from './certificate-translation-draft'

// The certificate design's "Languages" section data (docs/decisions/0095-product-translations.md).

describe('certificate translation drafts', () => {
  test('the stored translations (camelCase as the API client gives them) become drafts by locale code; back as the API field, trimmed, empty as null', () => {
    const drafts = certificateDraftsOf(toCamel<CertificateDesign['translations']>({
      pt_br: { title: 'Certificado', body: null, custom_date_text: null },
      pl: { title: null, body: 'Przyznany {{payer_name}}.', custom_date_text: 'Lato 2030' },
    }))
    expect(Object.keys(drafts)).toEqual(['pl', 'pt_br'])
    expect(drafts.pt_br).toEqual({ title: 'Certificado', body: '', custom_date_text: '' })
    expect(certificateDraftsOf(undefined)).toEqual({})
    const input = certificateTranslationsInputOf({ ...drafts, de: { ...emptyCertificateDraft(), title: ' Zertifikat ' } })
    expect(input).toEqual({
      de: { title: 'Zertifikat', body: null, custom_date_text: null },
      pl: { title: null, body: 'Przyznany {{payer_name}}.', custom_date_text: 'Lato 2030' },
      pt_br: { title: 'Certificado', body: null, custom_date_text: null },
    })
    expect(certificateTranslationsInput.safeParse(input).success).toBe(true)
  })

  test('a language lacks the texts the design prints that it does not give', () => {
    const draft = { ...emptyCertificateDraft(), title: 'Certyfikat' }
    expect(missingCertificateTexts(draft, { body: 'Awarded', dateSource: 'custom_text' })).toEqual(['body', 'custom_date_text'])
    expect(missingCertificateTexts(draft, { body: '', dateSource: 'purchase_date' })).toEqual([])
  })
})
