import type { InvoiceKind } from '../../../shared/schemas/invoices'
import type { vatExemptReasons } from '../../../shared/schemas/seller-profile'
import type { TicketPrintField } from '../../../shared/schemas/ticket-designs'
import type { PayoutState } from '../../../shared/states/payout'
import type { ReverseChargeCheck } from '../../../shared/tax'

// The words of the platform's PDFs in one locale (index.ts holds all 20: a locale or a key missing does not compile).
// Documents speak in each market's neutral document style (no "du", no "you" where a form has none); what the
// seller and the payer typed (names, addresses, product names, the seller's footer and certificate texts) is
// printed as typed. Amounts come formatted ("19,99 EUR"), dates and rates in the locale (src/server/pdf/pdf-writer.ts).

export type VatExemptReason = (typeof vatExemptReasons)[number]

export type InvoiceTexts = {
  /** The document's title by its kind: invoice, cancellation invoice (reversal of a refund or chargeback), re-issued invoice (a won dispute). */
  titles: Record<InvoiceKind, string>
  /** The facts beside the title, each printed "label: value". */
  number: string
  /** The day the document was issued. */
  date: string
  order: string
  /** The day the order was paid: what it sells is delivered then, so each market's label for the date of supply. */
  paidOn: string
  vatId: string
  taxNumber: string
  /** A reseller's invoice: it sells in its own name for the seller (docs/decisions/0051-resellers.md). */
  soldOnBehalf: (reseller: string, seller: string) => string
  /** The heading over the payer's block. */
  billTo: string
  /**
   * A price converted into the payer's currency (docs/decisions/0097-payer-currencies.md): the order's rate, where it came
   * from and its date, and the document's total and VAT in the plan's currency at that rate (amounts come formatted).
   */
  exchangeRate: (base: string, rate: string, currency: string, source: string, date: string) => string
  exchangeEquivalent: (total: string, vat: string) => string
  exchangeSources: { ecb: string; file: string }
  reversalOf: (number: string) => string
  reissueOf: (number: string) => string
  columns: { description: string; quantity: string; net: string; vat: string; gross: string }
  net: string
  /** A total's line of one VAT rate: "VAT 19 % of 100,00 EUR". */
  vatOf: (rate: string, base: string) => string
  total: string
  /** The VAT statement under the totals (the English one is printed as stored when the invoice was issued). */
  vatNote: {
    /** "VAT 19 % (DE)": a rate charged, with the country when known. */
    rate: (rate: string, country: string | null) => string
    /** "Includes VAT 19 % (DE)." */
    included: (rates: string) => string
    exempt: Record<VatExemptReason, string>
    export: string
    reverseCharge: (check: ReverseChargeCheck) => string
  }
}

export type TicketTexts = {
  /** The labels over the facts of a ticket (printed in capitals). */
  labels: Record<TicketPrintField, string>
}

export type CertificateTexts = {
  validUntil: (date: string) => string
  /** The certificate's serial: "No. SF-…". */
  number: (serial: string) => string
}

/** A self-billing credit memo for a payout to a publisher, team member or reseller (seller-facing). */
export type CreditMemoTexts = {
  title: (number: string) => string
  issuedTo: (recipient: string) => string
  date: string
  payout: (id: string) => string
  state: string
  states: Record<PayoutState, string>
  paidTo: (holder: string, last4: string) => string
  amount: string
  statement: { commissions: string; reseller_fees: string }
}

/**
 * An affiliate credit memo (self-billing, docs/decisions/0048-affiliates.md): what a seller credits a publisher for one
 * month's commissions in one currency, one line per commission; printed in the publisher's language. The title is the
 * market's word for a self-billed document; the statement carries the self-billing mention of Art. 226(10a) of the VAT
 * Directive in the language's own wording.
 */
export type CommissionMemoTexts = {
  title: (number: string) => string
  /** Who bills whom: the seller (the recipient of the service) issues it to the publisher. */
  issuedBy: (seller: string, publisher: string) => string
  /** Between a label and its value (French puts a space before it). */
  colon: string
  /** The facts under it, each printed "label: value": the month (in the locale), the currency, the day it was made. */
  period: string
  currency: string
  date: string
  /** The table's headings: the day of the commission, its order, level and kind, the commission and what was taken back of it. */
  columns: { date: string; order: string; level: string; kind: string; commission: string; reversed: string }
  kinds: { commission: string; bonus: string }
  total: string
  /** The label of the number of commissions the memo sums ("Commissions: 2"). */
  count: string
  statement: string
}

export type PdfTexts = {
  invoice: InvoiceTexts
  ticket: TicketTexts
  certificate: CertificateTexts
  creditMemo: CreditMemoTexts
  commissionMemo: CommissionMemoTexts
}
