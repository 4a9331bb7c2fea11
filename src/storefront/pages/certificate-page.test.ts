import { describe, expect, test } from 'vitest'
import type { CertificateVerificationOutput } from '../../shared/schemas/certificates'
import { renderPage } from '../entry-server'

// The certificate check /certificates/{serial} in the page's language (docs/decisions/0094-storefront-languages.md):
// English texts and dates, the document's lang, and the rows' test ids.

const verification: CertificateVerificationOutput = {
  serial: 'SF-ABCD-EFGH-JKMN', status: 'valid', recipient_name: 'Pia Payer', product_name: 'Colour theory', seller_username: 'demo',
  shown_date: 'March 3, 2031', issued_at: '2031-03-03T10:00:00.000Z', valid_from: '2031-03-03T10:00:00.000Z',
  valid_until: null, revoked_at: null,
}
const render = (v = verification) => renderPage({
  page: 'certificate', props: { verification: v }, appUrl: 'https://shop.example', path: `/certificates/${v.serial}`,
  assets: { css: [], js: [], preload: [] },
})

describe('the certificate check page', () => {
  test('in English: lang="en", title, verdict, labels and dates; an open end says so', () => {
    const html = render()
    expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true)
    expect(html).toContain('<title>Certificate SF-ABCD-EFGH-JKMN</title>')
    expect(html).toContain('Certificate check')
    expect(html).toContain('Genuine and valid')
    expect(html).toContain('Awarded to')
    expect(html).toContain('March 3, 2031')
    expect(html).toContain('No end')
    expect(html).toContain('data-testid="certificate-awarded-to"')
    expect(html).toContain('data-testid="certificate-certificate-number"')
  })

  test('a revoked certificate says so, with the day it was revoked', () => {
    const html = render({ ...verification, status: 'revoked', revoked_at: '2031-04-01T00:00:00.000Z' })
    expect(html).toContain('Revoked on')
    expect(html).toContain('April 1, 2031')
    expect(html).toContain('data-testid="certificate-revoked-on"')
  })
})
