import { Fragment, type ReactNode } from 'react'
import { withdrawalKindOf } from '../../shared/legal/legal-templates'
import type { ProductForm } from '../../shared/catalog/product-forms'
import { fields } from '../lib/checkout-form'
import type { CheckoutPageOutput, FormValues } from '../props'
import { FieldError } from './field'
import { useTexts } from '../i18n/texts-context'

// The consent at the buy button (docs/decisions/0042-minimal-checkout-and-legal-texts.md): the seller's terms
// of sale and cancellation terms linked (never empty: templates until the seller writes their own), for
// digital content the consent to immediate supply that ends the right of withdrawal, and the privacy policy.

const link = (href: string | null | undefined, text: string, testId: string) =>
  href ? <a href={href} target="_blank" rel="noopener" data-testid={testId}>{text}</a> : <>{text}</>

/** A text whose `{name}` placeholders are elements (the links), the words between them as they are. */
function withNodes(template: string, nodes: Record<string, ReactNode>): ReactNode[] {
  return template.split(/(\{\w+\})/).filter((part) => part !== '').map((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1]
    return <Fragment key={i}>{name !== undefined && Object.hasOwn(nodes, name) ? nodes[name] : part}</Fragment>
  })
}

export function TermsConsent({ checkout, form, values, error }: {
  checkout: CheckoutPageOutput; form: ProductForm; values: FormValues; error?: string | undefined
}) {
  const { t: { checkout: { terms: t } } } = useTexts()
  const digitalContent = withdrawalKindOf(form) === 'digital_content'
  return (
    <>
      {checkout.terms_required && (
        <div className="sf-field sf-field--check sf-terms">
          <label>
            <input type="checkbox" name={fields.terms} value="true" defaultChecked={(values[fields.terms] ?? []).includes('true')} required data-testid="terms" />
            {' '}
            {withNodes(t.accept, {
              terms: link(checkout.terms_url, t.termsLink, 'terms-link'),
              cancellation: link(checkout.cancellation_terms_url, t.cancellationLink, 'cancellation-terms-link'),
            })}
            {digitalContent && ` ${t.digitalContent}`}
          </label>
          <FieldError name={fields.terms} error={error} />
        </div>
      )}
      {checkout.privacy_url && (
        <p className="sf-privacy-note">{withNodes(t.privacy, { link: link(checkout.privacy_url, t.privacyLink, 'privacy-link') })}</p>
      )}
    </>
  )
}
