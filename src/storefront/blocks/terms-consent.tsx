import { withdrawalKindOf } from '../../shared/legal/legal-templates'
import type { ProductForm } from '../../shared/catalog/product-forms'
import { fields } from '../lib/checkout-form'
import type { CheckoutPageOutput, FormValues } from '../props'
import { FieldError } from './field'

// The consent at the buy button (docs/decisions/0042-minimal-checkout-and-legal-texts.md): the seller's terms
// of sale and cancellation terms linked (never empty: templates until the seller writes their own), for
// digital content the consent to immediate supply that ends the right of withdrawal, and the privacy policy.

const link = (href: string | null | undefined, text: string, testId: string) =>
  href ? <a href={href} target="_blank" rel="noopener" data-testid={testId}>{text}</a> : <>{text}</>

export function TermsConsent({ checkout, form, values, error }: {
  checkout: CheckoutPageOutput; form: ProductForm; values: FormValues; error?: string | undefined
}) {
  const digitalContent = withdrawalKindOf(form) === 'digital_content'
  return (
    <>
      {checkout.terms_required && (
        <div className="sf-field sf-field--check sf-terms">
          <label>
            <input type="checkbox" name={fields.terms} value="true" defaultChecked={(values[fields.terms] ?? []).includes('true')} required data-testid="terms" />
            {' '}I accept the {link(checkout.terms_url, 'terms of sale', 'terms-link')} and the {link(checkout.cancellation_terms_url, 'cancellation terms', 'cancellation-terms-link')}.
            {digitalContent && ' I agree that the supply of the digital content begins right away and know that I thereby lose my right of withdrawal.'}
          </label>
          <FieldError name={fields.terms} error={error} />
        </div>
      )}
      {checkout.privacy_url && (
        <p className="sf-privacy-note">How your details are used: {link(checkout.privacy_url, 'privacy policy', 'privacy-link')}.</p>
      )}
    </>
  )
}
