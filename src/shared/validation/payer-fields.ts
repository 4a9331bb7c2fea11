import { requiresState } from './countries'

// Which payer details a checkout asks and which it requires (docs/decisions/0042-minimal-checkout-and-legal-texts.md):
// `minimal` (the default) asks email, names and country, and the company, VAT id and address as optional
// "buying as a business" fields; `full` asks the invoice address of every payer. A VAT id makes the
// address required either way (a reverse-charge invoice names the business's address). The phone is
// hidden, optional or required as the seller's settings say. One rule for the form and the server.

export const buyerInformationModes = ['full', 'minimal'] as const
export type BuyerInformationMode = (typeof buyerInformationModes)[number]
export const phoneFieldModes = ['hidden', 'optional', 'required'] as const
export type PhoneFieldMode = (typeof phoneFieldModes)[number]

/** The address an invoice names. */
export const addressFields = ['street', 'street_number', 'zip', 'city'] as const

export type PayerFieldName =
  | 'email' | 'first_name' | 'last_name' | 'company' | 'vat_id' | 'street' | 'street_number' | 'zip' | 'city' | 'state' | 'country_code' | 'phone'

export type PayerFieldsSettings = { buyer_information: BuyerInformationMode; phone_field?: PhoneFieldMode | undefined }

/** The fields the form shows, in display order. `business`: the optional company, VAT id and address (minimal only). */
export function payerFieldsShown(settings: PayerFieldsSettings): { main: PayerFieldName[]; business: PayerFieldName[] } {
  const phone: PayerFieldName[] = (settings.phone_field ?? 'hidden') === 'hidden' ? [] : ['phone']
  if (settings.buyer_information === 'full') {
    return { main: ['email', 'first_name', 'last_name', 'company', 'vat_id', ...addressFields, 'state', 'country_code', ...phone], business: [] }
  }
  return { main: ['email', 'first_name', 'last_name', 'country_code', ...phone], business: ['company', 'vat_id', ...addressFields, 'state'] }
}

/** Every field the checkout takes from the payer under these settings. */
export function payerFieldNames(settings: PayerFieldsSettings): PayerFieldName[] {
  const { main, business } = payerFieldsShown(settings)
  return [...main, ...business]
}

/**
 * The fields that must be filled for these details: names, email and country always; the address when the
 * settings ask the invoice address or a VAT id is given; the state in US, CA, MX and IN whenever the
 * address is asked; the phone when the seller requires it.
 */
export function requiredPayerFields(settings: PayerFieldsSettings, payer: { country_code?: string | undefined; vat_id?: string | undefined }): PayerFieldName[] {
  const required: PayerFieldName[] = ['email', 'first_name', 'last_name', 'country_code']
  const address = settings.buyer_information === 'full' || Boolean(payer.vat_id && payer.vat_id.trim() !== '')
  if (address) {
    required.push(...addressFields)
    if (payer.country_code && requiresState(payer.country_code.toUpperCase())) required.push('state')
  }
  if (settings.phone_field === 'required') required.push('phone')
  return required
}
