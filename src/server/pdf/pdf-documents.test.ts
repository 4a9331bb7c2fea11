import { describe, expect, test } from 'vitest'
import { extractText } from '../../../tests/helpers/read-pdf'
import { getDocumentProxy } from 'unpdf'
import type { LocaleCode } from '../../shared/schemas/accounts'
import { defaultCertificateDesign } from '../../shared/schemas/certificates'
import { defaultTicketDesign } from '../../shared/schemas/ticket-designs'
import { renderCertificatePdf } from '../modules/certificates/certificate-pdf'
import { renderInvoicePdf, vatNoteIn, type InvoicePdfInput } from '../modules/invoices/invoice-pdf'
import { renderPayoutMemoPdf } from '../modules/payouts/payout-credit-memos'
import { renderTicketPdf } from '../modules/tickets/ticket-pdf'
import { paragraphOf, visualRuns } from './pdf-bidi'
import { pdfTexts } from './pdf-texts'
import PDFDocument from 'pdfkit'
import { intlTag, pdfDate, PdfWriter } from './pdf-writer'

// The four PDFs in English, Polish, Greek, Korean and Arabic, read back with pdf.js: the translated title, a name
// with diacritics or in its own script, and in Arabic the layout from the right (docs: src/server/pdf/pdf-writer.ts).

type Item = { str: string; x: number; width: number }

/** The text (in reading order, as pdf.js gives it) and the text items with their x on the first page. */
async function read(pdf: Buffer): Promise<{ text: string; items: Item[]; pageWidth: number; pages: number }> {
  const text = (await extractText(new Uint8Array(pdf), { mergePages: true })).text as string
  const doc = await getDocumentProxy(new Uint8Array(pdf))
  const page = await doc.getPage(1)
  const content = await page.getTextContent()
  const items = (content.items as { str?: string; transform?: number[]; width?: number }[])
    .filter((item) => item.str && item.str.trim() !== '')
    .map((item) => ({ str: item.str!, x: item.transform![4]!, width: item.width! }))
  return { text, items, pageWidth: page.view[2]!, pages: doc.numPages }
}

const names: Record<string, string> = { en: 'Pia Payer', pl: 'Łukasz Żółć', el: 'Ελένη Παπαδοπούλου', ko: 'Łukasz Żółć', ar: 'محمد الأحمد' }
const locales: LocaleCode[] = ['en', 'pl', 'el', 'ko', 'ar']

function invoiceInput(locale: LocaleCode, kind: InvoicePdfInput['kind'] = 'invoice'): InvoicePdfInput {
  return {
    kind, number: 'INV-2025-0042', issuedAt: new Date('2025-05-14T10:00:00Z'), orderToken: 'abcd1234efgh', orderId: 77,
    paidAt: kind === 'invoice' ? new Date('2025-05-14T09:58:00Z') : null, reversedNumber: kind === 'invoice' ? null : 'INV-2025-0041', currency: 'eur',
    seller: {
      name: 'Acme Courses GmbH', company: 'Acme Courses GmbH', street: 'Leopoldstraße', street_number: '12', zip: '80802', city: 'München', region: null,
      country_code: 'DE', vat_id: 'DE136695976', tax_number: null, vat_payer: 'liable', vat_exempt_reason: null, email: 'billing@acme.example',
    },
    payer: { name: names[locale] ?? 'Jürgen Weiß', company: null, email: 'payer@example.com', street: 'Hauptstr.', street_number: '5', zip: '10115', city: 'Berlin', state: null, country_code: 'DE', vat_id: null },
    lines: [{ name: 'Colour theory masterclass', quantity: 1, net_amount: 10_000, vat_amount: 1_900, gross_amount: 11_900, vat_rate_bps: 1900 }],
    vat: { treatment: 'charged', country: 'DE', rates: [{ rate_bps: 1900, net: 10_000, vat: 1_900, gross: 11_900 }], note: 'Includes VAT 19 % (DE).' },
    totals: { net: 10_000, vat: 1_900, gross: 11_900 }, footer: 'Acme Courses GmbH · Amtsgericht München HRB 123456', note: null, locale,
  }
}

/** pdf.js keeps a run's spaces but not always those between runs of two directions: compare without them. */
const squeeze = (text: string) => text.replace(/\s+/g, '')

/** The item that holds `text` (an Arabic title is one run). */
function itemOf(items: Item[], text: string): Item {
  const item = items.find((i) => squeeze(i.str).includes(squeeze(text)))
  if (!item) throw new Error(`no text item with ${text}: ${items.map((i) => i.str).join(' | ')}`)
  return item
}

describe('invoices in five locales', () => {
  test.each(locales)('%s: the translated title, the name, the number and the amounts', async (locale) => {
    const t = pdfTexts[locale].invoice
    const { text, items, pageWidth, pages } = await read(await renderInvoicePdf(invoiceInput(locale)))
    expect(pages).toBe(1)
    for (const expected of [t.titles.invoice, names[locale]!, 'INV-2025-0042', '119,00 EUR', 'payer@example.com', pdfDate(new Date('2025-05-14T10:00:00Z'), locale)]) {
      expect(squeeze(text)).toContain(squeeze(expected))
    }
    if (locale === 'ar') {
      // The title stands on the right and the lines' descriptions right, their amounts left.
      expect(itemOf(items, t.titles.invoice).x).toBeGreaterThan(pageWidth / 2)
      expect(itemOf(items, t.columns.description).x).toBeGreaterThan(pageWidth / 2)
      expect(itemOf(items, t.columns.gross).x).toBeLessThan(pageWidth / 2)
      expect(itemOf(items, 'Colour theory masterclass').x).toBeGreaterThan(pageWidth / 2)
      expect(text).not.toMatch(/[٠-٩]/) // Latin digits, like the amounts
    } else {
      expect(itemOf(items, t.titles.invoice).x).toBeGreaterThan(pageWidth / 2) // top right, as always
      expect(itemOf(items, t.columns.description).x).toBeLessThan(pageWidth / 2)
    }
  })

  test('English keeps its words: the stored VAT note, "VAT 19 % of 100,00 EUR", "Net", "Total"', async () => {
    const { text } = await read(await renderInvoicePdf(invoiceInput('en')))
    for (const expected of ['Invoice', 'BILL TO', 'VAT id: DE136695976', 'Net', 'VAT 19 % of 100,00 EUR', 'Total', 'Includes VAT 19 % (DE).']) expect(text).toContain(expected)
  })

  test('a cancellation invoice says what it reverses in the locale; the VAT note is said again from the stored treatment', async () => {
    const { text } = await read(await renderInvoicePdf(invoiceInput('pl', 'reversal')))
    expect(text).toContain('Faktura korygująca')
    expect(text).toContain('Korekta faktury INV-2025-0041')
    expect(text).toContain('Zawiera VAT 19% (DE).')
    const de = await read(await renderInvoicePdf(invoiceInput('de')))
    for (const expected of ['Rechnung', 'Rechnungsdatum', 'Leistungsdatum', 'USt. 19 % auf 100,00 EUR', 'Enthält USt. 19 % (DE).']) expect(de.text).toContain(expected)
  })

  test('the VAT note: an exemption, an export and a reverse charge in the locale; an extra note kept as stored', () => {
    const exempt = { treatment: 'exempt_seller', country: 'DE', rates: [], exempt_reason: 'small_business', note: 'No VAT is charged: the seller is a small business exempt from VAT.' }
    expect(vatNoteIn(exempt, 'fr')).toBe('TVA non applicable : le vendeur bénéficie de la franchise en base de TVA.')
    expect(vatNoteIn(exempt, 'en')).toBe(exempt.note)
    expect(vatNoteIn({ treatment: 'export', country: null, rates: [], note: 'x' }, 'cs')).toBe('DPH EU není účtována: plnění se uskutečňuje mimo EU.')
    const reverse = {
      treatment: 'reverse_charge', country: 'AT', rates: [], note: 'x',
      reverse_charge: { vat_id: 'ATU13585627', format_valid: true, country: 'AT', verification: 'format_only' as const },
    }
    expect(vatNoteIn(reverse, 'de')).toContain('USt-IdNr. des Empfängers ATU13585627 (erteilt von AT), nur formal geprüft')
    const charged = { treatment: 'charged', country: 'DE', rates: [{ rate_bps: 700, net: 1, vat: 1, gross: 1 }], note: 'Includes VAT 7 % (DE). Ticket for a cultural event.' }
    expect(vatNoteIn(charged, 'de')).toBe('Enthält USt. 7 % (DE). Ticket for a cultural event.')
    expect(vatNoteIn({ ...charged, note: 'Something else.' }, 'de')).toBe('Something else.')
  })
})

describe('tickets in five locales', () => {
  const values = (locale: LocaleCode) => ({
    event_name: 'Opera night', ticket_type: 'Front row', date: pdfDate(new Date('2031-05-20T18:00:00Z'), locale), location: 'Hamburg, Elbphilharmonie',
    attendee_name: names[locale]!, price: '59,00 EUR', order_number: '77-1', code: 'SF-TEST-0001',
  })

  test.each(locales)('%s: the translated labels, the attendee and the facts', async (locale) => {
    const labels = pdfTexts[locale].ticket.labels
    const { text, items, pageWidth, pages } = await read(await renderTicketPdf(defaultTicketDesign, values(locale), { locale, qrCode: null }))
    expect(pages).toBe(1)
    const attendee = labels.attendee_name.toLocaleUpperCase(intlTag(locale))
    for (const expected of [attendee, names[locale]!, 'Opera night', 'Hamburg, Elbphilharmonie', '59,00 EUR']) expect(squeeze(text)).toContain(squeeze(expected))
    // The facts stand on the start side: the left, in Arabic the right.
    if (locale === 'ar') expect(itemOf(items, attendee).x).toBeGreaterThan(pageWidth / 2)
    else expect(itemOf(items, attendee).x).toBeLessThan(pageWidth / 2)
  })

  test('Greek labels are capitals without accents; every field of the default design fits the A6 page in Arabic', async () => {
    expect(pdfTexts.el.ticket.labels.date.toLocaleUpperCase(intlTag('el'))).toBe('ΗΜΕΡΟΜΗΝΙΑ')
    const { pages } = await read(await renderTicketPdf({ ...defaultTicketDesign, footer_text: 'Doors open at 8:30. No pets.' }, values('ar'), { locale: 'ar', qrCode: null }))
    expect(pages).toBe(1)
  })
})

describe('certificates in five locales', () => {
  test.each(locales)('%s: the recipient in the seller\'s words, the date line in the locale, centred', async (locale) => {
    const t = pdfTexts[locale].certificate
    const until = pdfDate(new Date('2026-05-14T00:00:00Z'), locale)
    const pdf = await renderCertificatePdf(defaultCertificateDesign, {
      payer_name: names[locale]!, product_name: 'Colour theory', date: pdfDate(new Date('2025-05-14T00:00:00Z'), locale), valid_until: until,
      seller_name: 'acme', certificate_number: 'SF-ABCD-EFGH-JKMN',
    }, { locale })
    const { text, items, pageWidth } = await read(pdf)
    for (const expected of ['Certificate of completion', names[locale]!, t.validUntil(until), t.number('SF-ABCD-EFGH-JKMN')]) expect(squeeze(text)).toContain(squeeze(expected))
    const title = itemOf(items, 'Certificate of completion')
    expect(Math.abs(title.x + title.width / 2 - pageWidth / 2)).toBeLessThan(2)
  })
})

describe('credit memos in five locales', () => {
  test.each(locales)('%s: the translated title, the recipient, the amount', async (locale) => {
    const t = pdfTexts[locale].creditMemo
    const { text, items, pageWidth } = await read(await renderPayoutMemoPdf({
      payoutId: 12, amount: 4_990, currency: 'eur', state: 'successful', createdAt: new Date('2025-05-14T10:00:00Z'), holder: names[locale]!,
      ibanLast4: '3000', recipient: names[locale]!, locale,
    }))
    for (const expected of [t.title('GS-P-12'), names[locale]!, '49,90 EUR', t.states.successful]) expect(squeeze(text)).toContain(squeeze(expected))
    if (locale === 'ar') expect(itemOf(items, 'إشعار دائن').x).toBeGreaterThan(pageWidth / 2)
    else expect(itemOf(items, t.title('GS-P-12')).x).toBeLessThan(pageWidth / 2)
  })
})

describe('Arabic copies as written', () => {
  test('every Arabic text of the tables comes out of the PDF as it was written (the invisible layer under the outlines)', async () => {
    const check = { vat_id: 'ATU13585627', format_valid: true, country: 'AT', verification: 'vies_invalid' as const }
    const strings: string[] = []
    const walk = (value: unknown): void => {
      if (typeof value === 'string') strings.push(value)
      else if (typeof value === 'function') strings.push(value.length === 1 && value === pdfTexts.ar.invoice.vatNote.reverseCharge ? value(check) : value('INV-7', 'Acme'))
      else if (value && typeof value === 'object') Object.values(value).forEach(walk)
    }
    walk(pdfTexts.ar)
    expect(strings.length).toBeGreaterThan(40)
    for (const text of strings) {
      const doc = new PDFDocument({ size: 'A4', margin: 50 })
      const chunks: Buffer[] = []
      doc.on('data', (chunk: Buffer) => chunks.push(chunk))
      const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))))
      new PdfWriter(doc, 'ar').text(text, 50, 50, { width: 495, size: 10 })
      doc.end()
      const { items } = await read(await done)
      expect(squeeze(items.map((i) => i.str).join(''))).toBe(squeeze(text))
    }
  })
})

describe('the order of a line of two directions', () => {
  const runs = (text: string) => {
    const paragraph = paragraphOf(text)
    return visualRuns(paragraph, 0, text.length, () => 'font').map((run) => ({ text: text.slice(run.start, run.end), rtl: run.rtl }))
  }

  test('an Arabic line keeps the invoice number, the amount and the e-mail left to right, placed from the right', () => {
    expect(runs('رقم الفاتورة: INV-0001')).toEqual([{ text: 'INV-0001', rtl: false }, { text: 'رقم الفاتورة: ', rtl: true }])
    expect(runs('المبلغ: 19,99 EUR')).toEqual([{ text: 'EUR', rtl: false }, { text: ' ', rtl: true }, { text: '19,99', rtl: false }, { text: 'المبلغ: ', rtl: true }])
    expect(runs('البريد: pia@example.com')).toEqual([{ text: 'pia@example.com', rtl: false }, { text: 'البريد: ', rtl: true }])
  })

  test('a Latin line stays as it is; an Arabic name inside it reads from the right', () => {
    expect(runs('Pia Payer')).toEqual([{ text: 'Pia Payer', rtl: false }])
    expect(runs('Sold by محمد on behalf of Acme')).toEqual([
      { text: 'Sold by ', rtl: false }, { text: 'محمد', rtl: true }, { text: ' on behalf of Acme', rtl: false },
    ])
  })
})
