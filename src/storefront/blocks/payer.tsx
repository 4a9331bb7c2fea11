import { requiresState } from '../../shared/validation/countries'
import { payerFieldsShown, requiredPayerFields, type PayerFieldName } from '../../shared/validation/payer-fields'
import { attendeeField, defaultCountry, first, payerField, type PayerSettings } from '../lib/checkout-form'
import type { FormValues } from '../props'
import { escapeHtml } from '../lib/escape'
import { FieldError, fieldId, TextField } from './field'
import { useTexts } from '../i18n/texts-context'
import { textOf } from '../i18n/format'

// The country list is some 250 options on every checkout: rendered to HTML once per list and chosen country
// rather than as 250 React elements per page (bench/storefront.bench.ts). React hydrates a select's inner
// HTML as it is; the chosen country is its `selected` option.
const countryOptionsCache = new WeakMap<[string, string][], Map<string, string>>()
function countryOptionsHtml(countries: [string, string][], chosen: string): string {
  let byChoice = countryOptionsCache.get(countries)
  if (!byChoice) countryOptionsCache.set(countries, byChoice = new Map())
  let html = byChoice.get(chosen)
  if (html === undefined) {
    html = countries.map(([code, label]) => `<option value="${escapeHtml(code)}"${code === chosen ? ' selected=""' : ''}>${escapeHtml(label)}</option>`).join('')
    if (byChoice.size < 300) byChoice.set(chosen, html)
  }
  return html
}

const autoComplete: Record<string, string> = {
  email: 'email', first_name: 'given-name', last_name: 'family-name', company: 'organization', street: 'address-line1',
  zip: 'postal-code', city: 'address-level2', state: 'address-level1', country_code: 'country', phone: 'tel',
}
const inputType: Record<string, string> = { email: 'email', phone: 'tel' }

/**
 * Stage 2: the payer's details, as the seller's settings ask (docs/reference/readings.md 25;
 * docs/decisions/0042-minimal-checkout-and-legal-texts.md). Minimal asks only email, names and country; a
 * business opens "buying as a business" for its company, VAT ID and invoice address, which a VAT ID makes
 * required. Required marks follow the same rule the server checks (requiredPayerFields).
 */
export function PayerFields({ settings, values, countries, errors }: {
  settings: PayerSettings
  values: FormValues
  countries: [string, string][]
  errors: Record<string, string>
}) {
  const { t: { checkout: { payer: t } } } = useTexts()
  const label = (name: string) => textOf(t.labels, name) ?? name
  const country = first(values, payerField('country_code')) || defaultCountry
  const required = new Set(requiredPayerFields(settings, { country_code: country, vat_id: first(values, payerField('vat_id')) }))
  const { main, business } = payerFieldsShown(settings)
  const field = (name: PayerFieldName) => {
    const path = payerField(name)
    if (name === 'state' && !requiresState(country)) return null
    if (name === 'country_code') {
      const id = fieldId(path)
      return (
        <div className="sf-field" key={name}>
          <label htmlFor={id}>{label(name)}<span className="sf-required" aria-hidden="true"> *</span></label>
          <select id={id} name={path} required autoComplete="country" dangerouslySetInnerHTML={{ __html: countryOptionsHtml(countries, country) }} />
          <FieldError name={path} error={errors[path]} />
        </div>
      )
    }
    return (
      <div className={`sf-grid__cell sf-grid__cell--${name}`} key={name}>
        <TextField
          name={path} label={label(name)} value={first(values, path)} error={errors[path]} required={required.has(name)}
          type={inputType[name] ?? 'text'} autoComplete={autoComplete[name]} maxLength={name === 'email' ? 254 : 120}
        />
      </div>
    )
  }
  // Open when the payer already entered business details or the server marked one of them.
  const businessOpen = business.some((name) => first(values, payerField(name)) !== '' || errors[payerField(name)])
  return (
    <fieldset className="sf-fieldset sf-payer" data-testid="payer-fields">
      <legend>{t.legend}</legend>
      <div className="sf-grid">{main.map(field)}</div>
      {business.length > 0 && (
        <details className="sf-business" open={businessOpen} data-testid="business-fields">
          <summary>{t.business}</summary>
          <p className="sf-hint">{t.businessHint}</p>
          <div className="sf-grid">{business.map(field)}</div>
        </details>
      )}
    </fieldset>
  )
}

/** An event's attendees: a first and last name per ticket. */
export function AttendeeFields({ quantity, values, errors }: { quantity: number; values: FormValues; errors: Record<string, string> }) {
  const { t: { checkout: { payer: t } }, f, n } = useTexts()
  return (
    <fieldset className="sf-fieldset" data-testid="attendee-fields">
      <legend>{n(t.attendees, quantity)}</legend>
      {Array.from({ length: quantity }, (_, i) => (
        <div className="sf-grid sf-attendee" key={i}>
          {quantity > 1 && <p className="sf-attendee__title">{f(t.ticket, { number: i + 1 })}</p>}
          {(['first_name', 'last_name'] as const).map((name) => {
            const field = attendeeField(i, name)
            return <TextField key={name} name={field} label={t.labels[name]} value={first(values, field)} error={errors[field]} required maxLength={50} />
          })}
        </div>
      ))}
    </fieldset>
  )
}
