import { describe, expect, test } from 'vitest'
import type { CertificateVerificationOutput } from '../../shared/schemas/certificates'
import { renderPage } from '../entry-server'

// The certificate check /certificates/{serial} in the reader's language (docs/decisions/0025-certificates-licenses-downloads-follow-ups.md): German or
// English texts and dates, the document's lang, and the same test ids in both.

const verification: CertificateVerificationOutput = {
  serial: 'SF-ABCD-EFGH-JKMN', status: 'valid', recipient_name: 'Pia Payer', product_name: 'Colour theory', seller_username: 'demo',
  shown_date: 'March 3, 2031', issued_at: '2031-03-03T10:00:00.000Z', valid_from: '2031-03-03T10:00:00.000Z',
  valid_until: null, revoked_at: null,
}
const render = (language: 'en' | 'de', v = verification) => renderPage({
  page: 'certificate', props: { verification: v, language }, appUrl: 'https://shop.example', path: `/certificates/${v.serial}`,
  assets: { css: [], js: [], preload: [] },
})

describe('the certificate check page', () => {
  test('in German: lang="de", verdict, labels and dates in German; an open end says so', () => {
    const html = render('de')
    expect(html.startsWith('<!doctype html><html lang="de">')).toBe(true)
    expect(html).toContain('<title>Zertifikat SF-ABCD-EFGH-JKMN</title>')
    expect(html).toContain('Zertifikatsprüfung')
    expect(html).toContain('Echt und gültig')
    expect(html).toContain('Verliehen an')
    expect(html).toContain('3. März 2031')
    expect(html).toContain('Unbegrenzt')
    expect(html).toContain('data-testid="certificate-awarded-to"')
  })

  test('in English: lang="en" and English dates; a revoked certificate says so in either language', () => {
    const html = render('en')
    expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true)
    expect(html).toContain('Genuine and valid')
    expect(html).toContain('March 3, 2031')
    expect(render('de', { ...verification, status: 'revoked', revoked_at: '2031-04-01T00:00:00.000Z' })).toContain('Widerrufen am')
  })
})
