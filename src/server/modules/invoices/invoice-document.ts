import { allocate, bpsToPercent, formatMoney, roundHalfUp, type CurrencyId, type Money } from '../../../shared/money'
import type { InvoiceLine } from '../../../shared/schemas/invoices'
import { reverseChargeOf, splitRate, vatAmounts, vatBreakdown, type RateShareLine as SharedRateShareLine, type ReverseChargeCheck } from '../../../shared/tax'

// What an invoice says, frozen when it is issued (pure; invoices.service.ts reads the rows and stores the
// result). The seller's and the payer's details, the lines, the VAT per rate and the VAT note (docs/reference/readings.md
// 26): an exempt seller's reason, the reverse-charge note with what was checked, or the rates charged.

export type SellerDetails = {
  name: string; company: string | null; street: string | null; street_number: string | null; zip: string | null; city: string | null
  region: string | null; country_code: string | null; vat_id: string | null; tax_number: string | null; vat_payer: 'liable' | 'exempt'
  vat_exempt_reason: string | null; email: string | null
  /** A reseller's invoice names the seller it sold for (docs/decisions/0051-resellers.md); absent otherwise. */
  on_behalf_of?: string | null
}

export type PayerDetails = {
  name: string; company: string | null; email: string; street: string | null; street_number: string | null; zip: string | null
  city: string | null; state: string | null; country_code: string | null; vat_id: string | null
}

export type VatRateRow = { rate_bps: number; net: number; vat: number; gross: number }

export type { ReverseChargeCheck }

export type InvoiceVat = {
  /** The order's VAT treatment: charged | exempt_seller | reverse_charge | export. */
  treatment: string
  country: string | null
  rates: VatRateRow[]
  exempt_reason?: string
  reverse_charge?: ReverseChargeCheck
  note: string | null
}

export type InvoiceTotals = { net: number; vat: number; gross: number }

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null)

/** The seller block from the seller profile (docs/reference/accounts-and-orders.md §3): company or name, address, tax ids, VAT status. */
export function sellerDetailsOf(profile: Record<string, unknown> | null, fallbackName: string, email: string | null): SellerDetails {
  const p = profile ?? {}
  const person = [text(p.first_name), text(p.last_name)].filter(Boolean).join(' ')
  const company = text(p.company)
  const exempt = p.vat_payer === 'exempt'
  return {
    name: company ?? (person || fallbackName), company, street: text(p.street), street_number: text(p.street_number), zip: text(p.zip),
    city: text(p.city), region: text(p.region), country_code: text(p.country_code), vat_id: text(p.vat_id), tax_number: text(p.tax_number),
    vat_payer: exempt ? 'exempt' : 'liable', vat_exempt_reason: exempt ? (text(p.vat_exempt_reason) ?? 'other') : null, email,
  }
}

/** The payer block from the order's payer json (as entered at checkout). */
export function payerDetailsOf(payer: Record<string, unknown>): PayerDetails {
  const person = [text(payer.first_name), text(payer.last_name)].filter(Boolean).join(' ')
  return {
    name: person || (text(payer.email) ?? ''), company: text(payer.company), email: text(payer.email) ?? '', street: text(payer.street),
    street_number: text(payer.street_number), zip: text(payer.zip), city: text(payer.city), state: text(payer.state),
    country_code: text(payer.country_code), vat_id: text(payer.vat_id),
  }
}

const exemptReasonText: Record<string, string> = {
  small_business: 'the seller is a small business exempt from VAT',
  educational: 'the seller provides educational services exempt from VAT',
  regulated_profession: 'the seller provides the services of a regulated profession exempt from VAT',
  other: 'the seller is exempt from VAT',
}

export function percentText(bps: number): string {
  return `${String(bpsToPercent(bps)).replace('.', ',')} %`
}

/**
 * The VAT treatment printed on the invoice, from the order's stored treatment (what was charged at
 * checkout), the seller's exemption reason and the payer's VAT id.
 */
export function invoiceVatOf(orderVat: Record<string, unknown>, seller: SellerDetails, payer: PayerDetails, rates: VatRateRow[]): InvoiceVat {
  const treatment = text(orderVat.treatment) ?? 'charged'
  const country = text(orderVat.country)
  switch (treatment) {
    case 'exempt_seller': {
      const reason = seller.vat_exempt_reason ?? 'other'
      return { treatment, country, rates, exempt_reason: reason, note: `No VAT is charged: ${exemptReasonText[reason] ?? exemptReasonText.other}.` }
    }
    case 'reverse_charge': {
      const { check, note } = reverseChargeOf(payer.vat_id, orderVat.verification)
      return { treatment, country, rates, reverse_charge: check, note }
    }
    case 'export':
      return { treatment, country, rates, note: 'No EU VAT is charged: the supply takes place outside the EU.' }
    default: {
      const charged = rates.filter((r) => r.rate_bps > 0).map((r) => `VAT ${percentText(r.rate_bps)}${country ? ` (${country})` : ''}`)
      const extra = text(orderVat.note)
      const parts = [charged.length > 0 ? `Includes ${charged.join(', ')}.` : null, extra].filter(Boolean)
      return { treatment, country, rates, note: parts.length > 0 ? parts.join(' ') : null }
    }
  }
}

/** Per-rate rows and totals of lines (highest rate first). */
export function ratesOf(lines: readonly InvoiceLine[], currency: CurrencyId): { rates: VatRateRow[]; totals: InvoiceTotals } {
  const m = (amount: number) => ({ amount, currency })
  const breakdown = vatBreakdown(lines.map((l) => ({ net: m(l.net_amount), vat: m(l.vat_amount), gross: m(l.gross_amount), rateBps: l.vat_rate_bps })), currency)
  return {
    rates: breakdown.rates.map((r) => ({ rate_bps: r.rateBps, net: r.net.amount, vat: r.vat.amount, gross: r.gross.amount })),
    totals: { net: breakdown.total.net.amount, vat: breakdown.total.vat.amount, gross: breakdown.total.gross.amount },
  }
}

/** One line for a later charge of a plan: the charged (gross) amount split by the order's VAT rate. */
export function rateLine(name: string, gross: number, rateBps: number, currency: CurrencyId): InvoiceLine {
  const a = vatAmounts({ amount: gross, currency }, rateBps, false)
  return { name, quantity: 1, net_amount: a.net.amount, vat_amount: a.vat.amount, gross_amount: a.gross.amount, vat_rate_bps: rateBps }
}

/** An order line as a later rate sees it: its name and quantity, and what the split reads (src/shared/tax `RateShareLine`). */
export type RateShareLine = SharedRateShareLine & { name: string; quantity: number }

/**
 * The lines of a later charge of a plan: the charge split over the order's lines by `splitRate` (the split
 * the ledger books too, src/shared/tax/rate-shares.ts), each share at its own line's VAT rate.
 */
export function rateLines(lines: readonly RateShareLine[], gross: number, currency: CurrencyId, nameOf: (line: RateShareLine) => string): InvoiceLine[] {
  return splitRate(lines, gross, currency).map((share) => {
    const line = lines[share.index]
    const out = rateLine(line ? nameOf(line) : '', share.gross, share.vatRateBps, currency)
    return lines.length > 0 && (line?.recurring && line.grossAmount > 0) ? { ...out, quantity: line.quantity } : out
  })
}

const pad = (n: number) => String(n).padStart(2, '0')
/** dd.mm.yyyy in UTC (docs/reference/accounts-and-orders.md §5). */
export function dateText(date: Date): string {
  return `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`
}

/** The name of a later charge's line: "<product>, rate n of N" for plans with an end, else the period it pays for. */
export function rateLineName(productName: string, plan: { form?: unknown; paymentsCount?: unknown } | null, rate: { number: number; dueDate: Date }, nextDue: Date | null): string {
  const form = plan?.form
  const count = typeof plan?.paymentsCount === 'number' ? plan.paymentsCount : null
  if ((form === 'installment' || form === 'limited_subscription') && count !== null) return `${productName}, rate ${rate.number} of ${count}`
  if (nextDue) return `${productName}, ${dateText(rate.dueDate)} - ${dateText(new Date(nextDue.getTime() - 86_400_000))}`
  return `${productName}, from ${dateText(rate.dueDate)}`
}

/** A line of a trial's start: what the trial gives, free until the first charge. */
export function trialLineName(name: string, trialEnd: Date): string {
  return `${name}, free trial until ${dateText(trialEnd)}`
}

/** What a trial's invoice of 0 states (docs/decisions/0033-trial-periods.md): the trial, and when and what the first charge is. */
export function trialNote(firstChargeDue: Date, firstCharge: Money | null): string {
  const charge = firstCharge ? `The first charge of ${formatMoney(firstCharge, { display: 'code' })}` : 'The first charge'
  return `Free trial: nothing is charged now. ${charge} falls due on ${dateText(firstChargeDue)}.`
}

/**
 * The lines of a reversal for `refunded` of the original's gross, given `before` already reversed by
 * earlier reversals. Each line's share is taken as "what is reversed after this refund minus what was
 * reversed before", so however a charge is refunded in parts the reversals add up to the original
 * exactly, to the minor unit. Answered with negative amounts.
 */
export function reversalLines(original: readonly InvoiceLine[], originalGross: number, before: number, refunded: number, currency: CurrencyId): InvoiceLine[] {
  if (originalGross <= 0 || original.length === 0) return []
  const after = Math.min(originalGross, before + refunded)
  const weights = original.map((l) => Math.max(0, l.gross_amount))
  const cumulative = (amount: number) => {
    if (weights.every((w) => w === 0)) return original.map(() => ({ gross: 0, net: 0 }))
    const grosses = allocate({ amount, currency }, weights).map((m) => m.amount)
    return original.map((line, i) => {
      const gross = grosses[i] ?? 0
      const net = line.gross_amount === 0 ? 0 : roundHalfUp(BigInt(line.net_amount) * BigInt(gross), BigInt(line.gross_amount))
      return { gross, net }
    })
  }
  const from = cumulative(Math.max(0, Math.min(before, originalGross)))
  const to = cumulative(after)
  return original.map((line, i) => {
    const gross = to[i]!.gross - from[i]!.gross
    const net = to[i]!.net - from[i]!.net
    return { name: line.name, quantity: line.quantity, net_amount: 0 - net, vat_amount: 0 - (gross - net), gross_amount: 0 - gross, vat_rate_bps: line.vat_rate_bps }
  }).filter((line) => line.gross_amount !== 0 || original.length === 1)
}
