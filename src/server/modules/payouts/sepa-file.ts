import SEPA from 'sepa'
import { isCurrencyId, toMajorUnitsString } from '../../../shared/money'

// A batch's SEPA credit transfer file, pain.001.001.03 (docs/decisions/0049-money-out.md "Rails"). Everything
// in it comes from stored rows (the batch's message id and creation time, the payouts and the accounts they
// were made to), so the same batch always gives the same file.

export type SepaFileInput = {
  messageId: string
  createdAt: Date
  debtor: { name: string; iban: string; bic?: string }
  transfers: { payoutId: number; amount: number; currency: string; holder: string; iban: string; bic: string | null }[]
}

/** The package wants major units as a number: the string of the integer minor units, so no float arithmetic decides a cent. */
function major(amount: number, currency: string): number {
  if (!isCurrencyId(currency)) throw new RangeError(`unknown currency ${currency}`)
  return Number(toMajorUnitsString(amount, currency))
}

export function sepaCreditTransferFile(input: SepaFileInput): string {
  const doc = new SEPA.Document('pain.001.001.03')
  doc.grpHdr.id = input.messageId
  doc.grpHdr.created = input.createdAt
  doc.grpHdr.initiatorName = input.debtor.name
  const info = doc.createPaymentInfo()
  info.id = 'P1'
  info.requestedExecutionDate = input.createdAt
  info.debtorName = input.debtor.name
  info.debtorIBAN = input.debtor.iban
  if (input.debtor.bic) info.debtorBIC = input.debtor.bic
  doc.addPaymentInfo(info)
  for (const t of input.transfers) {
    const tx = info.createTransaction()
    tx.id = `SF-P-${t.payoutId}`
    tx.end2endId = `SF-P-${t.payoutId}`
    tx.creditorName = t.holder.slice(0, 70)
    tx.creditorIBAN = t.iban
    if (t.bic) tx.creditorBIC = t.bic
    tx.amount = major(t.amount, t.currency)
    tx.currency = t.currency.toUpperCase()
    tx.remittanceInfo = `Sellfront payout ${t.payoutId}`
    info.addTransaction(tx)
  }
  return doc.toString()
}
