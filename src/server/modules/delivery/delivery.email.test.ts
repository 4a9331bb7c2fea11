import { describe, expect, test } from 'vitest'
import { localeCodes } from '../../../shared/i18n/locales'
import type { LocaleCode } from '../../../shared/schemas/accounts'
import type { DeliverablesOutput } from '../../../shared/schemas/delivery'
import { accessGrantTransitions, canTransition, terminalStates } from '../../../shared/states'
import { fillPlaceholders, renderDeliveryMail } from './delivery.email'

const values = {
  first_name: 'Pia', last_name: 'Payer', email: 'pia@example.test', product_name: 'Course <b>', seller_name: 'demo', order_number: '42',
  access_url: 'https://x.test/c', payer_area_url: 'https://x.test/payer/s/1', amount: '19,00€',
}
const deliverables = { license_keys: [{ key: 'AAA-111' }], payment_tickets: [], downloads: [], certificates: [], access_url: null, products: [] }

describe('delivery mail', () => {
  test('placeholders are replaced; unknown ones stay as written', () => {
    expect(fillPlaceholders('Hi {first_name}, order {order_number} {nope}', values)).toBe('Hi Pia, order 42 {nope}')
  })

  test('values are escaped in the HTML part and the delivered keys are listed', () => {
    const mail = renderDeliveryMail({ locale: 'en', mode: 'custom_email', custom: { subject: '{product_name}', body: 'Welcome {first_name}' }, values, deliverables, attachmentNames: [], appUrl: 'https://x.test' })
    expect(mail.subject).toBe('Course <b>')
    expect(mail.html).not.toContain('<b>')
    expect(mail.text).toContain('- AAA-111')
  })

  test('a text from the rich text editor is sent as its HTML with escaped values, and as plain text', () => {
    const body = '<h2>Welcome {first_name}</h2><p>Your <strong>{product_name}</strong> waits: <a target="_blank" href="{access_url}" rel="noopener noreferrer nofollow">open it</a></p><ul><li><p>Order {order_number}</p></li></ul>'
    const mail = renderDeliveryMail({ locale: 'en', mode: 'custom_email', custom: { subject: 'Hi', body }, values, deliverables, attachmentNames: [], appUrl: 'https://x.test' })
    expect(mail.html).toContain('<h2>Welcome Pia</h2><p>Your <strong>Course &lt;b&gt;</strong> waits: <a target="_blank" href="https://x.test/c" rel="noopener noreferrer nofollow">open it</a></p><ul><li><p>Order 42</p></li></ul>')
    expect(mail.text).toMatch(/^Welcome Pia\n\nYour Course <b> waits: open it \(https:\/\/x\.test\/c\)\n\n- Order 42\n/)
  })
})

test('every product delivered is listed, linked where it opens (a membership and what it includes)', () => {
  const products = [
    { product_id: 1, name: 'Club', form: 'membership', access_url: 'https://x.test/payer/s/1' },
    { product_id: 2, name: 'Guide & notes', form: 'digital', access_url: null },
  ]
  const mail = renderDeliveryMail({ locale: 'en', mode: 'standard_email', custom: { subject: '', body: '' }, values, deliverables: { ...deliverables, products }, attachmentNames: [], appUrl: 'https://x.test' })
  expect(mail.text).toContain('What you bought:\n- Club: https://x.test/payer/s/1\n- Guide & notes\n')
  expect(mail.html).toContain('<li>Guide &amp; notes</li>')
})

describe('the delivery mail in every locale', () => {
  // Every section filled, so that every text of the locale is written.
  const everything: DeliverablesOutput = {
    license_keys: [{ key: 'AAA-111' }], downloads: [{ name: 'guide.pdf', url: 'https://x.test/d/1' }],
    payment_tickets: [{ id: 1, code: 'T-1', state: 'valid', qr_url: 'https://x.test/q/1', pdf_url: 'https://x.test/t/1' }],
    certificates: [{ serial: 'C-1', pdf_url: 'https://x.test/c/1.pdf', verify_url: 'https://x.test/v/C-1' }], access_url: 'https://x.test/c',
    products: [{ product_id: 1, name: 'Course', form: 'course', access_url: 'https://x.test/c' }],
  }
  const standard = (locale: LocaleCode) => renderDeliveryMail({
    locale, mode: 'standard_email', custom: { subject: '', body: '' }, values: { ...values, product_name: 'Course' },
    deliverables: everything, attachmentNames: ['ticket-T-1.pdf'], appUrl: 'https://x.test',
  })
  const english = standard('en')

  test.each([...localeCodes])('%s: every text is written, with no placeholder left and nothing undefined', (locale) => {
    const mail = standard(locale)
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toMatch(/\{[a-z_]+\}/)
      expect(part).not.toContain('undefined')
      expect(part).not.toContain('null')
    }
    expect(mail.subject).toContain('Course')
    expect(mail.text).toContain('Pia')
    expect(mail.text).toContain('demo')
    // six sections (what was bought, keys, downloads, tickets, certificates, attachments) and the payer area's button
    expect(mail.html.match(/<ul data-section=/g)).toHaveLength(6)
    expect(mail.text).toContain('https://x.test/payer/s/1')
    if (locale !== 'en') {
      // translated, not English left in place
      expect(mail.subject).not.toBe(english.subject)
      expect(mail.text).not.toContain('Sign in with this email address')
    }
  })

  test('the html carries the BCP 47 language; Arabic is right to left, on the html and the body', () => {
    expect(standard('pt_br').html).toMatch(/^<!doctype html><html lang="pt-BR"><body style=/)
    expect(standard('no').html).toContain('<html lang="nb">')
    expect(standard('en').html).not.toContain('dir=')
    const arabic = standard('ar').html
    expect(arabic).toContain('<html lang="ar" dir="rtl"><body dir="rtl" lang="ar" style=')
  })

  test('French puts a no-break space before its colons in the plain text', () => {
    expect(standard('fr').text).toContain('Tous vos achats\u00a0: https://x.test/payer/s/1')
    expect(standard('pl').subject).toBe('Zakup jest gotowy: Course')
  })
})

describe('access grant machine', () => {
  test('expired can be extended back to active; revoked comes back only as a won dispute restores it (active or expired)', () => {
    expect(terminalStates(accessGrantTransitions)).toEqual([])
    expect(canTransition(accessGrantTransitions, 'expired', 'active')).toBe(true)
    expect(canTransition(accessGrantTransitions, 'revoked', 'active')).toBe(true)
    expect(canTransition(accessGrantTransitions, 'revoked', 'expired')).toBe(true)
    expect(canTransition(accessGrantTransitions, 'revoked', 'paused')).toBe(false)
  })
})
