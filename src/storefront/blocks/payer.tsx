import { requiresState } from '../../shared/validation/countries'
import { attendeeField, defaultCountry, first, optionalPayerFields, payerField, payerFields, type BuyerInformation } from '../lib/checkout-form'
import type { FormValues } from '../props'
import { FieldError, fieldId, TextField } from './field'

const labels: Record<string, string> = {
  email: 'Email address', first_name: 'First name', last_name: 'Last name', company: 'Company', vat_id: 'VAT ID',
  street: 'Street', street_number: 'No.', zip: 'Postcode', city: 'City', state: 'State / province', country_code: 'Country', phone: 'Phone',
}
const autoComplete: Record<string, string> = {
  email: 'email', first_name: 'given-name', last_name: 'family-name', company: 'organization', street: 'address-line1',
  zip: 'postal-code', city: 'address-level2', state: 'address-level1', country_code: 'country', phone: 'tel',
}
const inputType: Record<string, string> = { email: 'email', phone: 'tel' }

/** Stage 2: the payer's details, as many as the seller's buyer-information setting asks (docs/reference/readings.md 25). */
export function PayerFields({ include, values, countries, errors }: {
  include: BuyerInformation
  values: FormValues
  countries: [string, string][]
  errors: Record<string, string>
}) {
  const country = first(values, payerField('country_code')) || defaultCountry
  return (
    <fieldset className="sf-fieldset sf-payer" data-testid="payer-fields">
      <legend>Your details</legend>
      <div className="sf-grid">
        {payerFields[include].map((name) => {
          const field = payerField(name)
          if (name === 'state' && !requiresState(country)) return null
          if (name === 'country_code') {
            const id = fieldId(field)
            return (
              <div className="sf-field" key={name}>
                <label htmlFor={id}>{labels[name]}<span className="sf-required" aria-hidden="true"> *</span></label>
                <select id={id} name={field} defaultValue={country} required autoComplete="country">
                  {countries.map(([code, label]) => <option key={code} value={code}>{label}</option>)}
                </select>
                <FieldError name={field} error={errors[field]} />
              </div>
            )
          }
          return (
            <div className={`sf-grid__cell sf-grid__cell--${name}`} key={name}>
              <TextField
                name={field} label={labels[name] ?? name} value={first(values, field)} error={errors[field]}
                required={!optionalPayerFields.includes(name) || (name === 'state' && requiresState(country))}
                type={inputType[name] ?? 'text'} autoComplete={autoComplete[name]} maxLength={name === 'email' ? 254 : 120}
              />
            </div>
          )
        })}
      </div>
    </fieldset>
  )
}

/** An event's attendees: a first and last name per ticket. */
export function AttendeeFields({ quantity, values, errors }: { quantity: number; values: FormValues; errors: Record<string, string> }) {
  return (
    <fieldset className="sf-fieldset" data-testid="attendee-fields">
      <legend>{quantity > 1 ? 'Attendees' : 'Attendee'}</legend>
      {Array.from({ length: quantity }, (_, i) => (
        <div className="sf-grid sf-attendee" key={i}>
          {quantity > 1 && <p className="sf-attendee__title">Ticket {i + 1}</p>}
          {(['first_name', 'last_name'] as const).map((name) => {
            const field = attendeeField(i, name)
            return <TextField key={name} name={field} label={labels[name]!} value={first(values, field)} error={errors[field]} required maxLength={50} />
          })}
        </div>
      ))}
    </fieldset>
  )
}
