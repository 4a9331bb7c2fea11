import type { ProductForm } from '../catalog/product-forms'
import type { vatExemptReasons } from '../schemas/seller-profile'
import type { CountryCode } from '../validation/countries'
import { normalizeVatId, vatIdIssue } from '../validation/vat'
import {
  countryOfVatIdPrefix, hasVatRate, isEuMemberState, vatRateBps, type EuMemberState, type VatCountry, type VatRateCategory,
} from './vat-rates'

// Where a sale is taxed and at which rate (docs/reference/readings.md 26). Pure: the caller gives the
// seller's status, the payer's country and VAT id, and what is sold; the answer is stored on the order
// and printed on the invoice, so every "no VAT" case says why.
//
// Not modelled, on purpose: the EUR 10,000 threshold under which an EU seller may charge its home rate on
// cross-border sales to consumers (we always charge the destination rate, which is never wrong), and
// special schemes (margin, agricultural). A seller using one of them declares itself exempt with `other`.

export type VatExemptReason = (typeof vatExemptReasons)[number]

/** The seller's VAT status from the profile: liable, or exempt with the spec's reason. */
export type SellerVatStatus = { payer: 'liable' } | { payer: 'exempt'; reason: VatExemptReason }

/**
 * What is sold, as far as the place of supply cares. Electronically supplied services are taxed where the
 * payer lives, admission to an event where it takes place, goods where they are delivered.
 */
export type Supply =
  | { kind: 'electronic' }
  | { kind: 'event_admission'; eventCountry: CountryCode }
  | { kind: 'physical'; deliveryCountry: CountryCode }
export type SupplyKind = Supply['kind']

/**
 * How far a business VAT id was checked. The format check is always possible offline; where an online
 * VIES check is configured and reachable the server records its answer here (docs/reference/readings.md 26).
 */
export const vatIdVerifications = ['format_only', 'vies_valid', 'vies_invalid'] as const
export type VatIdVerification = (typeof vatIdVerifications)[number]

/** Why a VAT id the payer gave did not lead to a reverse charge; shown at checkout, kept on the order. */
export type VatIdNotApplied =
  | 'invalid_vat' // not the shape of a VAT id at all
  | 'wrong_vat' // does not match its country's pattern
  | 'not_eu' // a CH, GB or other non-EU id: no EU reverse charge
  | 'same_country' // a domestic sale between businesses is charged normally
  | 'vies_invalid' // VIES said the number is not registered
  | 'event_admission' // admission is taxed where the event is, also for businesses (Art. 53 VAT Directive)

export type VatTreatment =
  | { kind: 'exempt_seller'; rateBps: 0; reason: VatExemptReason }
  | {
      kind: 'charged'
      rateBps: number
      country: VatCountry
      basis: SupplyKind
      vatIdNotApplied?: VatIdNotApplied
    }
  | { kind: 'reverse_charge'; rateBps: 0; country: EuMemberState; vatId: string; verification: VatIdVerification }
  | { kind: 'export'; rateBps: 0; country: CountryCode; basis: SupplyKind }

export type PlaceOfSupplyInput = {
  seller: { country: CountryCode; vat: SellerVatStatus }
  payer: { country: CountryCode; vatId?: string | undefined; verification?: VatIdVerification | undefined }
  supply: Supply
  /** `ebook` uses the reduced e-book rate where the table has one (vat-rates.ts). */
  category?: VatRateCategory
}

/** The forms whose delivery is electronic: access, files, keys and certificates sent over the internet. */
export const electronicForms = ['course', 'digital', 'download', 'membership', 'licenseKey', 'certificate'] as const satisfies readonly ProductForm[]

/**
 * The supply kind of a product form. A bundle has none of its own: each item of it is taxed by its own
 * form, so the caller splits the bundle's price over its items first.
 */
export function supplyKindOfForm(form: ProductForm): Exclude<SupplyKind, 'physical'> | undefined {
  if (form === 'eventTickets') return 'event_admission'
  if ((electronicForms as readonly string[]).includes(form)) return 'electronic'
  return undefined
}

function placeOf(supply: Supply, payerCountry: CountryCode): CountryCode {
  if (supply.kind === 'event_admission') return supply.eventCountry
  if (supply.kind === 'physical') return supply.deliveryCountry
  return payerCountry
}

type BusinessCheck = { ok: true; country: EuMemberState; vatId: string } | { ok: false; why: VatIdNotApplied }

/** Whether the payer's VAT id makes this a cross-border sale between businesses inside the EU. */
function checkBusinessId(vatId: string, sellerCountry: CountryCode, verification: VatIdVerification): BusinessCheck {
  const issue = vatIdIssue(vatId)
  if (issue !== undefined) return { ok: false, why: issue }
  const id = normalizeVatId(vatId)
  // The business's member state is the one that issued the id (EL -> GR), which may differ from the
  // address country of the person paying (a branch, a travelling employee).
  const country = countryOfVatIdPrefix(id.slice(0, 2))
  if (country === undefined || !isEuMemberState(country)) return { ok: false, why: 'not_eu' }
  if (country === sellerCountry) return { ok: false, why: 'same_country' }
  if (verification === 'vies_invalid') return { ok: false, why: 'vies_invalid' }
  return { ok: true, country, vatId: id }
}

export function vatTreatment(input: PlaceOfSupplyInput): VatTreatment {
  const { seller, payer, supply, category = 'standard' } = input
  // An exempt seller charges no VAT whatever is sold to whom, and the invoice names the reason.
  if (seller.vat.payer === 'exempt') return { kind: 'exempt_seller', rateBps: 0, reason: seller.vat.reason }

  const place = placeOf(supply, payer.country)
  if (!isEuMemberState(place)) {
    // A sale inside CH or GB by a seller established there is a domestic sale with its own rate.
    if (place === seller.country && hasVatRate(place)) {
      return { kind: 'charged', rateBps: vatRateBps(place, category), country: place, basis: supply.kind }
    }
    // Export: the supply takes place outside the EU, so no EU VAT is charged. Any local tax of that
    // country is the seller's matter and not computed here.
    return { kind: 'export', rateBps: 0, country: place, basis: supply.kind }
  }

  let vatIdNotApplied: VatIdNotApplied | undefined
  const vatId = payer.vatId?.trim()
  if (vatId !== undefined && vatId !== '') {
    if (supply.kind === 'event_admission') {
      vatIdNotApplied = 'event_admission'
    } else {
      const check = checkBusinessId(vatId, seller.country, payer.verification ?? 'format_only')
      if (check.ok) {
        // Reverse charge: the business accounts for the VAT in its own country. For goods this is the
        // VAT-free intra-Community supply; the invoice wording differs, the amounts do not.
        return {
          kind: 'reverse_charge', rateBps: 0, country: check.country, vatId: check.vatId,
          verification: payer.verification ?? 'format_only',
        }
      }
      vatIdNotApplied = check.why
    }
  }
  const charged: VatTreatment = { kind: 'charged', rateBps: vatRateBps(place, category), country: place, basis: supply.kind }
  return vatIdNotApplied === undefined ? charged : { ...charged, vatIdNotApplied }
}
