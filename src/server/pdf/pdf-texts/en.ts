import type { PdfTexts } from './types'

// English: the words the documents have always printed (the tests read them).

const verification = {
  format_only: 'checked for format only (no online VIES check was made)',
  vies_valid: 'checked for format and confirmed as valid in VIES',
  vies_invalid: 'checked for format; VIES reported it as not registered',
} as const

export const en: PdfTexts = {
  invoice: {
    titles: { invoice: 'Invoice', reversal: 'Cancellation invoice', reissue: 'Re-issued invoice' },
    number: 'Number',
    date: 'Date',
    order: 'Order',
    paidOn: 'Paid on',
    vatId: 'VAT id',
    taxNumber: 'Tax number',
    soldOnBehalf: (reseller, seller) => `Sold by ${reseller} on behalf of ${seller}`,
    billTo: 'BILL TO',
    exchangeRate: (base, rate, currency, source, date) => `Exchange rate: 1 ${base} = ${rate} ${currency} (${source}, ${date}).`,
    exchangeEquivalent: (total, vat) => `At this rate: total ${total}, VAT ${vat}.`,
    exchangeSources: { ecb: 'European Central Bank reference rate', file: 'rates file of the platform' },
    reversalOf: (number) => `Reversal of invoice ${number}`,
    reissueOf: (number) => `Re-issue of invoice ${number}`,
    columns: { description: 'Description', quantity: 'Qty', net: 'Net', vat: 'VAT', gross: 'Gross' },
    net: 'Net',
    vatOf: (rate, base) => `VAT ${rate} of ${base}`,
    total: 'Total',
    vatNote: {
      rate: (rate, country) => `VAT ${rate}${country ? ` (${country})` : ''}`,
      included: (rates) => `Includes ${rates}.`,
      exempt: {
        small_business: 'No VAT is charged: the seller is a small business exempt from VAT.',
        educational: 'No VAT is charged: the seller provides educational services exempt from VAT.',
        regulated_profession: 'No VAT is charged: the seller provides the services of a regulated profession exempt from VAT.',
        other: 'No VAT is charged: the seller is exempt from VAT.',
      },
      export: 'No EU VAT is charged: the supply takes place outside the EU.',
      reverseCharge: (c) => `Reverse charge: the recipient is liable for the VAT (Art. 196 VAT Directive). Recipient's VAT id ${c.vat_id || 'missing'}`
        + `${c.country ? ` (issued by ${c.country})` : ''}, ${verification[c.verification]}.`,
    },
  },
  ticket: {
    labels: { event_name: 'Event', ticket_type: 'Ticket', date: 'Date', location: 'Location', attendee_name: 'Attendee', price: 'Price', order_number: 'Order' },
  },
  certificate: {
    validUntil: (date) => `Valid until ${date}`,
    number: (serial) => `No. ${serial}`,
  },
  creditMemo: {
    title: (number) => `Credit memo ${number}`,
    issuedTo: (recipient) => `Issued by Sellfront to ${recipient}`,
    date: 'Date',
    payout: (id) => `Payout #${id}`,
    state: 'State',
    states: { pending: 'pending', issued: 'issued', successful: 'successful', canceled: 'canceled' },
    paidTo: (holder, last4) => `Paid to ${holder}, account ending ${last4}`,
    amount: 'Amount',
    statement: {
      commissions: 'Self-billing statement of the commissions paid out with this payout. The commissions it pays are listed in your transfers.',
      reseller_fees: 'Self-billing statement of the reseller fees paid out with this payout. The fees it pays are listed in your sales.',
    },
  },
  commissionMemo: {
    title: (number) => `Credit memo ${number}`,
    issuedBy: (seller, publisher) => `Issued by ${seller} (seller) to ${publisher} (publisher)`,
    colon: ':',
    period: 'Period',
    currency: 'Currency',
    date: 'Issued',
    columns: { date: 'Date', order: 'Order', level: 'Level', kind: 'Kind', commission: 'Commission', reversed: 'Reversed' },
    kinds: { commission: 'Commission', bonus: 'Bonus' },
    total: 'Total',
    count: 'Commissions',
    statement: 'Self-billing statement of affiliate commissions. Amounts are commissions less what refunds and chargebacks took back when this memo was made.',
  },
}
