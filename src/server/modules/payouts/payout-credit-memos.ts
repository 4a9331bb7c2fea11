import PDFDocument from 'pdfkit'
import { htmlLang } from '../../../shared/i18n/locales'
import { formatMoney, isCurrencyId } from '../../../shared/money'
import type { LocaleCode } from '../../../shared/schemas/accounts'
import type { PayoutState } from '../../../shared/states/payout'
import { pdfTexts } from '../../pdf/pdf-texts'
import { pdfDate, PdfWriter } from '../../pdf/pdf-writer'

// A publisher's (or team member's, or reseller's) self-billing credit memo for one payout
// (docs/decisions/0049-money-out.md "Payouts", docs/decisions/0051-resellers.md "Money out"). Numbered by the payout's id (GS-P-<id>), so the same payout always gives the same number and
// no counter needs a lock; the PDF is made from the stored rows each time it is read, in the recipient's language
// (src/server/pdf: Noto fonts for every locale, Arabic from the right).

export type PayoutMemoInput = {
  payoutId: number
  amount: number
  currency: string
  state: string
  createdAt: Date
  holder: string
  ibanLast4: string
  recipient: string
  /** The recipient's address and VAT id, printed under its name (a reseller bills its fees as a company). */
  recipientDetails?: readonly string[]
  /** What the payout pays: a publisher's commissions (the default) or a reseller's fees. */
  paysFor?: 'commissions' | 'reseller_fees'
  /** The recipient's language (its user's locale). */
  locale: LocaleCode
}

export const payoutMemoNumber = (payoutId: number) => `GS-P-${payoutId}`

export async function renderPayoutMemoPdf(input: PayoutMemoInput): Promise<Buffer> {
  const locale = input.locale
  const t = pdfTexts[locale].creditMemo
  const money = isCurrencyId(input.currency) ? formatMoney({ amount: input.amount, currency: input.currency }, { display: 'code' }) : `${input.amount} ${input.currency}`
  const number = payoutMemoNumber(input.payoutId)
  const doc = new PDFDocument({ size: 'A4', margin: 50, lang: htmlLang(locale), info: { Title: t.title(number), Creator: 'Sellfront' } })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const w = new PdfWriter(doc, locale)
  const margin = 50
  const width = doc.page.width - 2 * margin
  const state = Object.hasOwn(t.states, input.state) ? t.states[input.state as PayoutState] : input.state
  let y = w.text(t.title(number), margin, margin, { width, bold: true, size: 16 }) + 6
  y = w.text(t.issuedTo(input.recipient), margin, y, { width, size: 10 })
  for (const line of input.recipientDetails ?? []) y = w.text(line, margin, y, { width, size: 10 })
  y = w.text(`${t.date}: ${pdfDate(input.createdAt, locale)}  ·  ${t.payout(String(input.payoutId))}  ·  ${t.state}: ${state}`, margin, y, { width, size: 10 }) + 12
  y = w.text(t.paidTo(input.holder, input.ibanLast4), margin, y, { width, size: 10 }) + 12
  y = w.text(`${t.amount}: ${money}`, margin, y, { width, bold: true, size: 10 }) + 12
  w.text(t.statement[input.paysFor ?? 'commissions'], margin, y, { width, size: 8 })
  doc.end()
  return done
}
