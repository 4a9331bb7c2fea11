import PDFDocument from 'pdfkit'
import { formatMoney, isCurrencyId } from '../../../shared/money'

// A publisher's (or team member's, or reseller's) self-billing credit memo for one payout
// (docs/decisions/0049-money-out.md "Payouts", docs/decisions/0051-resellers.md "Money out"). Numbered by the payout's id (GS-P-<id>), so the same payout always gives the same number and
// no counter needs a lock; the PDF is made from the stored rows each time it is read.

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
}

export const payoutMemoNumber = (payoutId: number) => `GS-P-${payoutId}`

export async function renderPayoutMemoPdf(input: PayoutMemoInput): Promise<Buffer> {
  const money = isCurrencyId(input.currency) ? formatMoney({ amount: input.amount, currency: input.currency }, { display: 'code' }) : `${input.amount} ${input.currency}`
  const number = payoutMemoNumber(input.payoutId)
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Credit memo ${number}`, Creator: 'Sellfront' } })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  doc.font('Helvetica-Bold').fontSize(16).text(`Credit memo ${number}`)
  doc.moveDown(0.5).font('Helvetica').fontSize(10)
  doc.text(`Issued by Sellfront to ${input.recipient}`)
  for (const line of input.recipientDetails ?? []) doc.text(line)
  doc.text(`Date: ${input.createdAt.toISOString().slice(0, 10)}  ·  Payout #${input.payoutId}  ·  State: ${input.state}`)
  doc.moveDown()
  doc.text(`Paid to ${input.holder}, account ending ${input.ibanLast4}`)
  doc.moveDown().font('Helvetica-Bold').text(`Amount: ${money}`)
  doc.moveDown().font('Helvetica').fontSize(8).text(input.paysFor === 'reseller_fees'
    ? 'Self-billing statement of the reseller fees paid out with this payout. The fees it pays are listed in your sales.'
    : 'Self-billing statement of the commissions paid out with this payout. The commissions it pays are listed in your transfers.')
  doc.end()
  return done
}
