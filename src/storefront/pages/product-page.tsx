import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { ErrorBox, orderPath, productPath, Shell } from '../blocks/shell'
import { Covers, Description, EventFacts } from '../blocks/covers'
import { Countdown } from '../blocks/countdown'
import { CurrencyChoice } from '../blocks/currency-choice'
import { PlanChoice } from '../blocks/plans'
import { PriceBox } from '../blocks/price-box'
import { OrderBump } from '../blocks/bump'
import { TermsConsent } from '../blocks/terms-consent'
import { AttendeeFields, PayerFields } from '../blocks/payer'
import { Questions } from '../blocks/questions'
import { PaymentMethods, TrustSeals } from '../blocks/methods'
import { FieldError, fieldId } from '../blocks/field'
import {
  fields, first, orderInputFromValues, selectedAddons, selectedMethod, selectedPlan, selectedQuantity, selectionFromValues, uuid,
  valuesFromEntries, type CheckoutFormContext,
} from '../lib/checkout-form'
import { estimatePrice, summaryFromQuote, type PriceSummary } from '../lib/estimate'
import { describePlan, methodsForPlan, money, planTitle } from '../lib/plans'
import { recommendedPlanId, sealsOf, themeOf, themeVariables } from '../lib/theme'
import { postJson, type ApiResult } from '../lib/api'
import { useTexts, type PageTexts } from '../i18n/texts-context'
import { textOf } from '../i18n/format'
import type { CreateOrderOutput, FormValues, PageError, ProductPageProps, QuoteOutput } from '../props'

// The product page with its checkout (docs/reference/catalogue-and-selling.md §2, docs/reference/readings.md 24): stage 1 method selection (plan,
// ticket, quantity, method), stage 2 payment selection (payer details, pay), stage 3 the price refreshed on
// every change, stage 4 the success page (success-page.tsx). One <form> holds every input, so it works
// without JavaScript (it posts to this page's URL and the server answers with the next page); with
// JavaScript the same fields are read with FormData, priced with the quote API and sent as JSON.

const twoStepLayouts = ['two_steps', 'two_steps_advanced']
export const checkoutFormId = 'sf-checkout-form'

/** Field errors by field name (the API's error paths are the inputs' names). */
function errorsByField(error: PageError | null): Record<string, string> {
  const out: Record<string, string> = {}
  for (const f of error?.fields ?? []) out[f.path] ??= f.message
  return out
}

/** The buy button: the theme's own text, else per buy_button_text (dynamic: "Get for free" / "Pay 99,00€"). */
export function buyLabel(props: Pick<ProductPageProps, 'product' | 'checkout'>, summary: PriceSummary | null, texts: PageTexts): string {
  const buyButtonTexts = texts.t.common.buyButton
  const theme = themeOf(props.checkout.settings.theme)
  const free = props.product.free || summary?.free
  const choice = props.checkout.settings.buy_button_text
  if (free) return theme.get_for_free_text ?? buyButtonTexts.free
  if (theme.buy_button_text) return theme.buy_button_text
  if (choice !== 'dynamic_cta') return buyButtonTexts[choice]
  if (summary?.trialDays) return buyButtonTexts.trial
  return summary ? texts.f(buyButtonTexts.pay, { amount: money(summary.first, summary.currency) }) : buyButtonTexts.buy_now
}

export default function ProductPage(props: ProductPageProps) {
  const { product, checkout, username } = props
  const { t } = useTexts()
  const theme = themeOf(checkout.settings.theme)
  const reason = product.availability.sold_out ? 'sold_out' : checkout.unavailable_reason
  const layout = checkout.settings.layout
  const details = (
    <>
      <Covers product={product} compact={layout === 'simplified'} />
      <p className="sf-kind" data-testid="product-kind">{textOf(t.common.productKinds, product.form) ?? t.common.productKinds.other}</p>
      <h1 className="sf-title" data-testid="product-name">{product.name}</h1>
      {product.form === 'eventTickets' && <EventFacts tickets={product.tickets} />}
      {theme.countdown_enabled && !reason && (
        <Countdown minutes={theme.countdown_minutes} text={theme.countdown_text ?? t.checkout.product.countdown} storageKey={`sf-countdown-${product.id}`} />
      )}
      <Description
        text={product.description} html={product.description_html} expandable={theme.expandable_description_on_mobile_enabled || layout === 'simplified'}
        expanded={layout !== 'simplified' && theme.expandable_description_default_behavior === 'expanded'}
      />
    </>
  )
  return (
    <Shell username={username} sellerName={checkout.seller.name} className={`sf-layout-${layout}`} style={themeVariables(theme)}>
      {reason
        ? (
          <div className="sf-product">
            <section className="sf-product__details">{details}</section>
            <section className="sf-product__checkout">
              <div className="sf-card sf-unavailable" data-testid={reason === 'sold_out' ? 'sold-out' : 'unavailable'}>
                <p className="sf-unavailable__title">{textOf(t.common.unavailable, reason) ?? t.common.unavailable.cannot_sell}</p>
              </div>
            </section>
          </div>
        )
        : <Checkout {...props} details={details} />}
    </Shell>
  )
}

type QuoteState = { key: string; quote: QuoteOutput | null; error: string | null }

function Checkout(props: ProductPageProps & { details: ReactNode }) {
  const { product, checkout, username } = props
  const texts = useTexts()
  const { t: { common, checkout: { product: t } }, f } = texts
  const layout = checkout.settings.layout
  const twoSteps = twoStepLayouts.includes(layout)
  const formContext: CheckoutFormContext = useMemo(() => ({ product, checkout, password: props.password }), [product, checkout, props.password])

  const [values, setValues] = useState<FormValues>(props.values)
  const [step, setStep] = useState<1 | 2>(twoSteps ? props.step : 1)
  const [error, setError] = useState<PageError | null>(props.error)
  const [coupon, setCoupon] = useState<string | null>(first(props.values, fields.coupon) || null)
  const [submitting, setSubmitting] = useState(false)
  const attemptKey = useRef<string | null>(null)
  const formRef = useRef<HTMLFormElement>(null)

  const selection = selectionFromValues(values, formContext, coupon)
  const selectionKey = JSON.stringify(selection)
  const [quote, setQuote] = useState<QuoteState>({ key: props.quote ? selectionKey : '', quote: props.quote, error: null })

  // Stage 3: every change of what is chosen asks the server for the exact price (debounced, the last answer wins).
  useEffect(() => {
    if (!selection || quote.key === selectionKey) return
    const controller = new AbortController()
    const timer = setTimeout(async () => {
      const result = await postJson<QuoteOutput>('/api/v1/shop/orders/quote', selection, texts, { signal: controller.signal })
      if (controller.signal.aborted) return
      if (result.ok) setQuote({ key: selectionKey, quote: result.body, error: null })
      else setQuote({ key: selectionKey, quote: null, error: result.error.message })
    }, 150)
    return () => {
      controller.abort()
      clearTimeout(timer)
    }
    // selection is derived from selectionKey
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectionKey])

  const estimate = estimatePrice(product, checkout, values)
  const exact = quote.key === selectionKey && quote.quote ? summaryFromQuote(quote.quote) : null
  const summary = exact ?? estimate
  const plan = selectedPlan(product, values)
  const errors = errorsByField(error)

  // Null while the form is not there: an input event can still reach the handlers as the page goes away (a browser
  // test caught FormData refusing a missing form once, after paying, under Preact).
  const readForm = useCallback(() => {
    const form = formRef.current
    return form instanceof HTMLFormElement ? valuesFromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)] as [string, string])) : null
  }, [])
  // Every edit re-reads the form. `onInput` too: in the browser the page runs on Preact's compat layer
  // (docs/decisions/0099-storefront-client-on-preact.md), where a form's `onChange` hears only the native `change`
  // event, which a typed field sends when it is left; React's synthetic one also heard each `input`. A quantity
  // typed into a number field reprices the order at once either way (React then calls this twice per keystroke:
  // the same values, and the quote is asked once per selection).
  const onChange = () => {
    const read = readForm()
    if (!read) return
    setValues(read)
    attemptKey.current = null // a changed form is a new attempt with its own Idempotency-Key
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    const action = submitter?.name === fields.action ? submitter.value : 'buy'
    const current = readForm() ?? values
    setValues(current)
    if (action === 'quote') {
      setCoupon(first(current, fields.coupon) || null)
      return
    }
    if (action === 'next' || action === 'back') {
      // Stage 1 must be complete before stage 2 hides it (a hidden invalid field cannot show its message).
      const invalid = action === 'next' && [...formRef.current!.querySelectorAll<HTMLInputElement>('[data-testid="step-1"] input, [data-testid="step-1"] select')].find((el) => !el.checkValidity())
      if (invalid) {
        invalid.reportValidity()
        return
      }
      setStep(action === 'next' ? 2 : 1)
      formRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' })
      return
    }
    if (submitting) return
    const input = orderInputFromValues(current, { ...formContext, referrer: document.referrer || undefined })
    if (!input) return
    attemptKey.current ??= uuid()
    setSubmitting(true)
    setError(null)
    const result: ApiResult<CreateOrderOutput> = await postJson('/api/v1/shop/orders', input, texts, { idempotencyKey: attemptKey.current })
    if (!result.ok) {
      setSubmitting(false)
      setError(result.error)
      // Field errors of stage 1 send a two-step checkout back to it.
      if (twoSteps && result.error.fields?.some((f) => /^(pricing_plan_id|ticket_id|quantity|payment_method|addon_ids|coupon_code)/.test(f.path))) setStep(1)
      return
    }
    const next = result.body.next_action
    attemptKey.current = null
    window.location.assign(next.type === 'redirect' ? next.url : orderPath(username, result.body.order.token))
  }

  // A trial plan offers only the methods kept without a charge (docs/decisions/0033-trial-periods.md).
  const offered = { ...checkout, payment_methods: methodsForPlan(checkout.payment_methods, plan) }
  const method = selectedMethod(product, offered, values)
  const chosenAddons = selectedAddons(checkout, values)
  const bump = checkout.bump
  const bumpAt = (position: string) => (bump.position === position || (position === 'belowPaymentMethods' && !['belowProductDetails', 'belowPayerDetails'].includes(bump.position))
    ? <OrderBump bump={bump} chosen={chosenAddons} />
    : null)
  const hidden = (n: 1 | 2) => (twoSteps && step !== n ? ' sf-step--hidden' : '')
  const quantity = selectedQuantity(product, values)
  const recurring = plan && (plan.form === 'subscription' || plan.trial_days) ? describePlan(plan, texts) : null
  const showDetails = !(layout === 'two_steps_advanced' && step === 2)

  return (
    <form
      id={checkoutFormId} ref={formRef} className="sf-product" method="post" action={productPath(username, product.slug)}
      onChange={onChange} onInput={onChange} onSubmit={onSubmit} data-testid="checkout-form" data-step={step}
    >
      {/* Enter in a text field presses the form's first button: make that the step's main action. */}
      <button type="submit" name={fields.action} value={twoSteps && step === 1 ? 'next' : 'buy'} formNoValidate={twoSteps && step === 1} className="sf-default-button" tabIndex={-1} aria-hidden="true" />
      <input type="hidden" name={fields.idempotencyKey} value={props.idempotencyKey} />
      <input type="hidden" name={fields.step} value={step} />
      {props.password && <input type="hidden" name={fields.password} value={props.password} />}
      {first(values, fields.campaign) && <input type="hidden" name={fields.campaign} value={first(values, fields.campaign)} />}
      {/* The attribution (the sf_aff cookie, checked by the server): both the no-JS post and the JS body carry it. */}
      <input type="hidden" name={fields.affiliate} value={props.affiliate ?? ''} />
      {first(values, fields.deal) && <input type="hidden" name={fields.deal} value={first(values, fields.deal)} />}
      {first(values, fields.funnelOffer) && <input type="hidden" name={fields.funnelOffer} value={first(values, fields.funnelOffer)} />}

      <section className={`sf-product__details${showDetails ? '' : ' sf-step--hidden'}`}>
        {props.details}
        {bumpAt('belowProductDetails')}
      </section>

      <section className="sf-product__checkout sf-card">
        {twoSteps && (
          <ol className="sf-steps" aria-label={t.steps}>
            <li className={step === 1 ? 'sf-steps__current' : ''}>{t.stepChoice}</li>
            <li className={step === 2 ? 'sf-steps__current' : ''}>{t.stepDetails}</li>
          </ol>
        )}
        <ErrorBox error={error} testId="checkout-error" />

        <div className={`sf-step${hidden(1)}`} data-testid="step-1">
          <CurrencyChoice checkout={checkout} />
          <PlanChoice product={product} values={values} recommendedId={recommendedPlanId(checkout.settings.theme)} errors={errors} />
          {checkout.coupons_enabled && (
            <div className="sf-coupon">
              <label htmlFor={fieldId(fields.coupon)}>{t.couponCode}</label>
              <div className="sf-coupon__row">
                <input id={fieldId(fields.coupon)} name={fields.coupon} defaultValue={first(values, fields.coupon)} maxLength={40} autoComplete="off" />
                <button type="submit" name={fields.action} value="quote" formNoValidate className="sf-coupon__apply" data-testid="coupon-apply">{t.couponApply}</button>
              </div>
              {summary?.coupon && <p className={summary.coupon.applied ? 'sf-coupon__ok' : 'sf-field__error'} data-testid="coupon-result">{summary.coupon.applied ? f(t.couponApplied, { code: summary.coupon.code }) : (summary.coupon.message ?? t.couponInvalid)}</p>}
              {quote.error && quote.key === selectionKey && <p className="sf-field__error" data-testid="quote-error">{quote.error}</p>}
              <FieldError name={fields.coupon} error={errors[fields.coupon]} />
            </div>
          )}
          {!product.free && <PaymentMethods methods={offered.payment_methods} selected={method} error={errors[fields.method]} />}
          {bumpAt('belowPaymentMethods')}
          {twoSteps && (
            <div className="sf-actions">
              <button type="submit" name={fields.action} value="next" formNoValidate className="sf-button sf-button--primary" data-testid="step-next">{t.next}</button>
            </div>
          )}
        </div>

        <div className={`sf-step${hidden(2)}`} data-testid="step-2">
          {layout === 'two_steps_advanced' && plan && (
            <div className="sf-summary" data-testid="choice-summary">
              <p><strong>{product.name}</strong>{quantity > 1 ? ` × ${quantity}` : ''}</p>
              <p>{planTitle(plan, texts)} · {describePlan(plan, texts)}</p>
              {method && !product.free && <p>{textOf(common.methods, method) ?? method}</p>}
            </div>
          )}
          <PayerFields settings={checkout.settings} values={values} countries={props.countries} errors={errors} />
          {product.form === 'eventTickets' && <AttendeeFields quantity={quantity} values={values} errors={errors} />}
          <Questions questions={checkout.questions} values={values} errors={errors} />
          {bumpAt('belowPayerDetails')}
          <TermsConsent checkout={checkout} form={product.form} values={values} error={errors[fields.terms]} />
        </div>

        <PriceBox summary={summary} pending={!exact && quote.key !== selectionKey && !!selection} recurring={recurring} />
        <noscript>
          <button type="submit" name={fields.action} value="quote" formNoValidate className="sf-button sf-button--link">{t.updatePrice}</button>
        </noscript>

        <div className={`sf-actions${hidden(2)}`}>
          {twoSteps && <button type="submit" name={fields.action} value="back" formNoValidate className="sf-button sf-button--link" data-testid="step-back">{t.back}</button>}
          <button type="submit" name={fields.action} value="buy" className="sf-buy" disabled={submitting} data-testid="buy-button">
            {submitting ? t.submitting : buyLabel(props, summary, texts)}
          </button>
        </div>
        <TrustSeals seals={sealsOf(checkout.settings.trust_seals)} methods={checkout.payment_methods} />
      </section>
    </form>
  )
}
