// Posting builders: every money movement becomes a list of entries that sums to zero per currency.
//
// Sign convention: an entry's amount is a signed integer of the currency's minor unit; a DEBIT is
// positive, a CREDIT is negative. So money owed to us by a provider (payer_clearing) or paid out of
// a balance shows positive, and what the platform owes (a seller's balance, VAT payable, its own
// revenue) shows negative: a seller with `seller_balance:42` at -9405 eur is owed 94,05 €.
// Balances are sums of entries, never stored counters (docs/DESIGN.md "Money, ledger, tax").
import { allocate, assertSameCurrency, percentOf, type Money } from '../money/money'
import { isCurrencyId, type CurrencyId } from '../money/currencies'
import { isAccountKey, partyBalance, partyOfAccount, publisherBalance, sellerBalance, type AccountKey, type OwnerId } from './accounts'

export type LedgerEntry = { account: AccountKey; amount: number; currency: CurrencyId }

export class LedgerImbalanceError extends Error {
  constructor(readonly currency: string, readonly sum: bigint) {
    super(`ledger entries in ${currency} sum to ${sum}, not 0`)
    this.name = 'LedgerImbalanceError'
  }
}

export type Commission = { publisherId: OwnerId; amount: Money }

export type ChargeInput = {
  /** What the payer paid, VAT included. */
  gross: Money
  /** The VAT inside `gross` (0 under reverse charge). */
  vat: Money
  /** The platform's fee in basis points of the net (gross less VAT): 5 % = 500. */
  platformFeeBps: number
  /** What the payment provider keeps; borne by the seller. */
  providerFee?: Money
  sellerId: OwnerId
  /** Paid to publishers (affiliates) out of the seller's share. */
  commissions?: readonly Commission[]
  /**
   * The fee of the reseller that sold the order in its own name (docs/decisions/0051-resellers.md): the
   * order's frozen basis points of the net, credited to `reseller_balance:{resellerId}` out of the seller's share.
   */
  resellerFee?: { resellerId: OwnerId; feeBps: number }
  /**
   * The fee of the sales team member whose deal the order was (docs/decisions/0054-sales-team-and-deals.md): the
   * order's frozen basis points of the net, credited to `team_member_balance:{teamMemberId}` out of the seller's share.
   */
  salesTeamFee?: { teamMemberId: OwnerId; feeBps: number }
}

export type RefundInput = {
  /** The entries `chargePostings` (or `renewalPostings`) made for the payment being refunded. */
  charge: readonly LedgerEntry[]
  /** How much of the gross to return; the whole rest when left out. */
  amount?: Money
  /** How much of this charge's gross earlier refunds and chargebacks already returned (default 0). */
  refunded?: Money
}

export type ChargebackInput = RefundInput & {
  /** The provider's dispute fee, charged to the seller. */
  fee?: Money
  /**
   * The seller to charge the fee to. Required: a charge whose seller share was 0 (fees and commissions
   * took the whole net) has no seller line to read it from.
   */
  sellerId: OwnerId
}

export type PayoutInput = {
  /** A `seller_balance:*` or `publisher_balance:*` account. */
  from: AccountKey
  amount: Money
}

function assertMinor(money: Money, what: string): void {
  if (!Number.isSafeInteger(money.amount) || money.amount < 0) {
    throw new RangeError(`${what} must be a non-negative integer of minor units, got ${money.amount}`)
  }
}

function entry(account: AccountKey, amount: number, currency: CurrencyId): LedgerEntry {
  return { account, amount: amount === 0 ? 0 : amount, currency }
}

function withoutZeros(entries: LedgerEntry[]): LedgerEntry[] {
  return entries.filter((e) => e.amount !== 0)
}

/**
 * A payment for an order: payer clearing is debited by the gross; VAT payable, the platform fee
 * (`percentOf(gross - vat, platformFeeBps)`), the provider fee, each commission and the reseller's fee are credited, and
 * the seller's balance is credited with the rest. Throws a RangeError when the fees and commissions
 * exceed the net (the seller's share would be negative). A zero gross posts nothing.
 */
export function chargePostings(input: ChargeInput): LedgerEntry[] {
  const { gross, vat } = input
  const currency = gross.currency
  const providerFee = input.providerFee ?? { amount: 0, currency }
  const commissions = input.commissions ?? []
  assertMinor(gross, 'gross')
  assertMinor(vat, 'vat')
  assertMinor(providerFee, 'providerFee')
  assertSameCurrency(gross, vat)
  assertSameCurrency(gross, providerFee)
  for (const c of commissions) {
    assertMinor(c.amount, 'commission')
    assertSameCurrency(gross, c.amount)
  }
  if (!Number.isSafeInteger(input.platformFeeBps) || input.platformFeeBps < 0 || input.platformFeeBps > 10_000) {
    throw new RangeError(`platformFeeBps must be an integer from 0 to 10000, got ${input.platformFeeBps}`)
  }
  if (vat.amount > gross.amount) throw new RangeError(`vat ${vat.amount} exceeds gross ${gross.amount}`)

  const net = gross.amount - vat.amount
  const platformFee = percentOf({ amount: net, currency }, input.platformFeeBps).amount
  const commissionTotal = commissions.reduce((sum, c) => sum + c.amount.amount, 0)
  const resellerFee = resellerFeeOf(input.resellerFee, { amount: net, currency })
  const salesTeamFee = resellerFeeOf(input.salesTeamFee && { resellerId: input.salesTeamFee.teamMemberId, feeBps: input.salesTeamFee.feeBps }, { amount: net, currency })
  const sellerShare = net - platformFee - providerFee.amount - commissionTotal - resellerFee - salesTeamFee
  if (!Number.isSafeInteger(sellerShare) || sellerShare < 0) {
    throw new RangeError(
      `fees (${platformFee} + ${providerFee.amount} + ${resellerFee} + ${salesTeamFee}) and commissions (${commissionTotal}) exceed the net ${net}`,
    )
  }
  return withoutZeros([
    entry('payer_clearing', gross.amount, currency),
    entry('vat_payable', -vat.amount, currency),
    entry('platform_revenue', -platformFee, currency),
    entry('provider_fees', -providerFee.amount, currency),
    ...commissions.map((c) => entry(publisherBalance(c.publisherId), -c.amount.amount, currency)),
    ...(input.resellerFee ? [entry(partyBalance('reseller', input.resellerFee.resellerId), -resellerFee, currency)] : []),
    ...(input.salesTeamFee ? [entry(partyBalance('team_member', input.salesTeamFee.teamMemberId), -salesTeamFee, currency)] : []),
    entry(sellerBalance(input.sellerId), -sellerShare, currency),
  ])
}

/** A reseller's (or a sales team member's) fee of a charge's net: `percentOf(net, feeBps)`, 0 without one. */
export function resellerFeeOf(fee: ChargeInput['resellerFee'], net: Money): number {
  if (!fee) return 0
  if (!Number.isSafeInteger(fee.feeBps) || fee.feeBps < 0 || fee.feeBps > 10_000) {
    throw new RangeError(`reseller feeBps must be an integer from 0 to 10000, got ${fee.feeBps}`)
  }
  return percentOf(net, fee.feeBps).amount
}

/** The next rate of an installment plan or subscription: booked exactly as a charge. */
export function renewalPostings(input: ChargeInput): LedgerEntry[] {
  return chargePostings(input)
}

type Reversal = { currency: CurrencyId; lines: LedgerEntry[]; amount: number }

/**
 * The share of every credited line of a charge that returning `amount` of its gross reverses, after
 * `refunded` was returned before. The cumulative reversal at R returned is `allocate(R, lines)`, and a
 * step is the difference of two cumulative ones: so whatever the sequence of partial refunds, the
 * lines are reversed exactly once the whole gross is back, and no minor unit is lost or made. (A step
 * can, rarely, move a line by one unit against the others, the apportionment "Alabama paradox"; it
 * stays balanced and never reverses a line past its charged amount.)
 */
function reversal(input: RefundInput): Reversal {
  assertBalanced(input.charge)
  const payer = input.charge.filter((e) => e.account === 'payer_clearing')
  const lines = input.charge.filter((e) => e.account !== 'payer_clearing')
  const first = input.charge[0]
  if (first === undefined) throw new RangeError('refund: the charge has no entries')
  const currency = first.currency
  if (input.charge.some((e) => e.currency !== currency)) throw new RangeError('refund: the charge mixes currencies')
  if (payer.some((e) => e.amount < 0) || lines.some((e) => e.amount > 0)) {
    throw new RangeError('refund: not a charge (payer clearing debited, every other line credited)')
  }
  const gross = payer.reduce((sum, e) => sum + e.amount, 0)
  const refunded = input.refunded ?? { amount: 0, currency }
  assertMinor(refunded, 'refunded')
  if (refunded.currency !== currency) throw new RangeError(`refund: refunded is in ${refunded.currency}, the charge in ${currency}`)
  if (refunded.amount > gross) throw new RangeError(`refund: refunded ${refunded.amount} exceeds the gross ${gross}`)
  const amount = input.amount ?? { amount: gross - refunded.amount, currency }
  assertMinor(amount, 'refund amount')
  if (amount.currency !== currency) throw new RangeError(`refund: amount is in ${amount.currency}, the charge in ${currency}`)
  if (amount.amount > gross - refunded.amount) {
    throw new RangeError(`refund: ${amount.amount} exceeds what is left to refund (${gross - refunded.amount})`)
  }
  const weights = lines.map((e) => -e.amount)
  const cumulative = (returned: number): number[] =>
    returned === 0 ? weights.map(() => 0) : allocate({ amount: returned, currency }, weights).map((m) => m.amount)
  const before = cumulative(refunded.amount)
  const after = cumulative(refunded.amount + amount.amount)
  return {
    currency,
    amount: amount.amount,
    lines: withoutZeros(lines.map((e, i) => entry(e.account, (after[i] ?? 0) - (before[i] ?? 0), currency))),
  }
}

/**
 * A full or partial refund: refunds clearing is credited by the amount going back to the payer, and
 * every line the charge credited (VAT, platform fee, provider fee, commissions, seller) is debited by
 * its proportional share. A full refund returns each of those accounts to where it was before the sale.
 */
export function refundPostings(input: RefundInput): LedgerEntry[] {
  const r = reversal(input)
  return withoutZeros([entry('refunds_clearing', -r.amount, r.currency), ...r.lines])
}

/**
 * A chargeback: reversed like a refund, with the provider pulling the money back through `chargebacks`
 * instead of `refunds_clearing`, plus the dispute fee debited to the seller's balance.
 */
export function chargebackPostings(input: ChargebackInput): LedgerEntry[] {
  const r = reversal(input)
  const fee = input.fee ?? { amount: 0, currency: r.currency }
  assertMinor(fee, 'chargeback fee')
  if (fee.currency !== r.currency) throw new RangeError(`chargeback: fee is in ${fee.currency}, the charge in ${r.currency}`)
  const seller = sellerBalance(input.sellerId)
  return withoutZeros([
    entry('chargebacks', -r.amount, r.currency),
    ...r.lines,
    entry(seller, fee.amount, r.currency),
    entry('chargebacks', -fee.amount, r.currency),
  ])
}

export type ChargebackReversalInput = {
  /** The entries `chargebackPostings` made for the dispute now won. */
  chargeback: readonly LedgerEntry[]
  /**
   * The dispute fee booked with it, which the provider keeps when the seller wins (default 0): its two
   * entries stay, everything else is reversed.
   */
  feeKept?: Money
  sellerId: OwnerId
}

/**
 * A chargeback the seller won (the dispute closed in the seller's favour): every entry of the chargeback
 * is reversed, so each line the charge credited stands where it stood before the dispute, except the
 * dispute fee the provider keeps.
 */
export function chargebackReversalPostings(input: ChargebackReversalInput): LedgerEntry[] {
  assertBalanced(input.chargeback)
  const first = input.chargeback[0]
  if (first === undefined) return []
  const currency = first.currency
  const fee = input.feeKept ?? { amount: 0, currency }
  assertMinor(fee, 'chargeback fee')
  if (fee.currency !== currency) throw new RangeError(`chargeback reversal: fee is in ${fee.currency}, the chargeback in ${currency}`)
  const reversed = input.chargeback.map((e) => entry(e.account, -e.amount, e.currency))
  // Reversing the fee's own pair (seller +fee, chargebacks -fee) and booking it again leaves it in place.
  const seller = sellerBalance(input.sellerId)
  return withoutZeros([...reversed, entry(seller, fee.amount, currency), entry('chargebacks', -fee.amount, currency)])
}

export type DisputeFeeInput = {
  /** The dispute fee the provider charged (or, `returned`, the part of it the provider gave back). */
  fee: Money
  /** The seller who bears the fee. */
  sellerId: OwnerId
  /** The provider gave (part of) the fee back after the seller won: the same pair, reversed. */
  returned?: boolean
}

/**
 * A dispute fee the provider reports, booked apart from the chargeback so the disputed money and the fee
 * are each reversed on their own: the seller's balance is debited and `provider_fees` credited, as with
 * the processing fee of a charge (a `returned` fee the other way round). The chargeback's `chargebacks`
 * rows stay the disputed money only. A zero fee posts nothing.
 */
export function disputeFeePostings(input: DisputeFeeInput): LedgerEntry[] {
  assertMinor(input.fee, 'dispute fee')
  const { amount, currency } = input.fee
  const signed = input.returned ? -amount : amount
  return withoutZeros([entry(sellerBalance(input.sellerId), signed, currency), entry('provider_fees', -signed, currency)])
}

/** A payout: the party's balance (seller, publisher, team member, reseller) is debited, payout clearing credited. */
export function payoutPostings(input: PayoutInput): LedgerEntry[] {
  if (partyOfAccount(input.from) === null) throw new RangeError(`payout: ${input.from} is not a party's balance`)
  assertMinor(input.amount, 'payout amount')
  const { amount, currency } = input.amount
  return withoutZeros([entry(input.from, amount, currency), entry('payout_clearing', -amount, currency)])
}

/** A payout that did not happen (canceled, or returned by the bank): the payout's own entries reversed. */
export function payoutCanceledPostings(input: PayoutInput): LedgerEntry[] {
  return payoutPostings(input).map((e) => entry(e.account, -e.amount, e.currency))
}

/**
 * A payout the bank confirmed: the money leaves payout clearing and the collected money the platform held
 * (payer clearing), so payout clearing only ever holds payouts on their way.
 */
export function payoutSettledPostings(input: { amount: Money }): LedgerEntry[] {
  assertMinor(input.amount, 'payout amount')
  const { amount, currency } = input.amount
  return withoutZeros([entry('payout_clearing', amount, currency), entry('payer_clearing', -amount, currency)])
}

/** The accounts that hold the payer's money on its way: a charge's, a refund's and a chargeback's. */
const collectionClearings: readonly AccountKey[] = ['payer_clearing', 'refunds_clearing', 'chargebacks']

/**
 * Money the seller's own provider account moved, not the platform (docs/decisions/0049-money-out.md "Owed"):
 * booked beside a charge, renewal, refund, chargeback or its reversal of such a payment. The payer's money
 * went to (or came back from) the seller directly, with the provider's fee and the VAT, which the seller
 * settles itself: those lines of `entries` are reversed and the seller's balance takes their sum. What is
 * left on the seller's balance from the pair is what it owes the platform: the platform fee and the
 * commissions (negative amounts would be owed to the seller). Balanced by construction.
 */
export function directCollectionPostings(entries: readonly LedgerEntry[], sellerId: OwnerId): LedgerEntry[] {
  const moved = entries.filter((e) => collectionClearings.includes(e.account) || e.account === 'provider_fees' || e.account === 'vat_payable')
  const first = entries[0]
  if (first === undefined || moved.length === 0) return []
  const sum = moved.reduce((total, e) => total + e.amount, 0)
  return withoutZeros([...moved.map((e) => entry(e.account, -e.amount, e.currency)), entry(sellerBalance(sellerId), sum, first.currency)])
}

/**
 * A seller settles, outside the platform, money it owes a party for sales its own provider collected
 * (a publisher's commissions): the seller's debt and the party's claim shrink together.
 */
export function owedSettlementPostings(input: { sellerId: OwnerId; to: AccountKey; amount: Money }): LedgerEntry[] {
  if (partyOfAccount(input.to) === null) throw new RangeError(`owed settlement: ${input.to} is not a party's balance`)
  assertMinor(input.amount, 'settled amount')
  const { amount, currency } = input.amount
  return withoutZeros([entry(input.to, amount, currency), entry(sellerBalance(input.sellerId), -amount, currency)])
}

/**
 * Throws unless every entry is a known account with a safe-integer amount in a known currency, and
 * the entries of each currency sum to zero (LedgerImbalanceError).
 */
export function assertBalanced(entries: readonly LedgerEntry[]): void {
  const sums = new Map<string, bigint>()
  for (const e of entries) {
    if (!isAccountKey(e.account)) throw new RangeError(`not a ledger account: ${String(e.account)}`)
    if (!isCurrencyId(e.currency)) throw new RangeError(`not a currency: ${String(e.currency)}`)
    if (!Number.isSafeInteger(e.amount)) throw new RangeError(`entry amount must be a safe integer, got ${e.amount}`)
    sums.set(e.currency, (sums.get(e.currency) ?? 0n) + BigInt(e.amount))
  }
  for (const [currency, sum] of sums) if (sum !== 0n) throw new LedgerImbalanceError(currency, sum)
}

function toNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`balance out of the safe integer range: ${value}`)
  }
  return Number(value)
}

/** An account's balance per currency it has entries in (debit positive, credit negative). */
export function balanceOf(entries: readonly LedgerEntry[], account: AccountKey): Partial<Record<CurrencyId, number>> {
  const sums = new Map<CurrencyId, bigint>()
  for (const e of entries) if (e.account === account) sums.set(e.currency, (sums.get(e.currency) ?? 0n) + BigInt(e.amount))
  const result: Partial<Record<CurrencyId, number>> = {}
  for (const [currency, sum] of sums) result[currency] = toNumber(sum)
  return result
}

export type TrialBalanceRow = { account: AccountKey; currency: CurrencyId; debit: number; credit: number; balance: number }
export type TrialBalanceTotal = { currency: CurrencyId; debit: number; credit: number; balance: number }
export type TrialBalance = { rows: TrialBalanceRow[]; totals: TrialBalanceTotal[] }

/**
 * Debits, credits (as a positive number) and balance per account and currency, sorted by account then
 * currency, with the per-currency totals; a balanced ledger has every total's balance at 0.
 */
export function trialBalance(entries: readonly LedgerEntry[]): TrialBalance {
  type Acc = { debit: bigint; credit: bigint }
  const rows = new Map<string, Acc & { account: AccountKey; currency: CurrencyId }>()
  const totals = new Map<CurrencyId, Acc>()
  for (const e of entries) {
    const key = `${e.account}\u0000${e.currency}`
    const row = rows.get(key) ?? { account: e.account, currency: e.currency, debit: 0n, credit: 0n }
    const total = totals.get(e.currency) ?? { debit: 0n, credit: 0n }
    const amount = BigInt(e.amount)
    if (amount >= 0n) {
      row.debit += amount
      total.debit += amount
    } else {
      row.credit -= amount
      total.credit -= amount
    }
    rows.set(key, row)
    totals.set(e.currency, total)
  }
  const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)
  return {
    rows: [...rows.values()]
      .sort((a, b) => byText(a.account, b.account) || byText(a.currency, b.currency))
      .map((r) => ({ account: r.account, currency: r.currency, debit: toNumber(r.debit), credit: toNumber(r.credit), balance: toNumber(r.debit - r.credit) })),
    totals: [...totals.entries()]
      .sort(([a], [b]) => byText(a, b))
      .map(([currency, t]) => ({ currency, debit: toNumber(t.debit), credit: toNumber(t.credit), balance: toNumber(t.debit - t.credit) })),
  }
}
