import { useEffect, useRef, useState } from 'react'
import { ErrorBox, orderPath, productPath, Shell, signInPath } from '../blocks/shell'
import { getJson, postJson } from '../lib/api'
import { uuid } from '../lib/checkout-form'
import { money } from '../lib/plans'
import { safeHref } from '../lib/escape'
import { accessTexts, methodName, paymentStateTexts } from '../texts'
import { BuiltPage } from '../built/built-page'
import type { CreateOrderOutput, PageError, PublicOrderOutput, SuccessPageProps } from '../props'

// Stage 4, the success page: where the order stands (polled every second while the payment is awaited),
// what was paid and how, the bank details of a bank wire, one-click upsell offers charged to the saved
// method (docs/reference/readings.md 28, autopay), the way into the payer area and the seller's own success page.

const waitingStates = ['payment_waiting', 'payment_pending']

/** The method used, its card only when one paid (never for PayPal or a transfer), and test mode for the sandbox. */
function paymentText(order: PublicOrderOutput): string {
  const method = methodName(order.payment_method)
  const card = order.card ? ` (${order.card.brand} •••• ${order.card.last4})` : ''
  return `${method}${card}${order.provider === 'sandbox' ? ' · test mode' : ''}`
}
const pollEveryMs = 1000
/** After this long a page left open stops asking. */
const pollForMs = 30 * 60_000
const paidStates = ['paid', 'paying']
/** How long a paid order's page waits for its delivery (docs/QUALITY.md: deliverables readable within 1 s at p99). */
const accessPollForMs = 60_000

type BankWire = NonNullable<PublicOrderOutput['bank_wire']>

export function BankDetails({ wire }: { wire: BankWire }) {
  return (
    <section className="sf-card sf-bank" data-testid="bank-details">
      <h2>Please transfer {money(wire.amount, wire.currency)}</h2>
      <dl>
        <dt>Account holder</dt><dd>{wire.account_holder}</dd>
        <dt>IBAN</dt><dd data-testid="bank-iban">{wire.iban}</dd>
        {wire.bic && <><dt>BIC</dt><dd>{wire.bic}</dd></>}
        {wire.bank_name && <><dt>Bank</dt><dd>{wire.bank_name}</dd></>}
        <dt>Reference</dt><dd data-testid="bank-reference">{wire.reference}</dd>
      </dl>
      <p>Please use the reference exactly as shown, so we can match your payment.</p>
    </section>
  )
}

type Deliverables = NonNullable<PublicOrderOutput['deliverables']>

const accessLabel = (form: string, name: string) =>
  form === 'course' ? accessTexts.course : form === 'membership' ? accessTexts.membership : form === 'bundle' ? accessTexts.bundle : accessTexts.open(name)

/**
 * The way into what was just bought, as buttons: the course player or membership, each download, each
 * ticket's PDF, the certificate, the license key (docs/decisions/0044-storefront-presence.md).
 */
export function Access({ order, deliverables }: { order: PublicOrderOutput; deliverables: Deliverables }) {
  const main = safeHref(deliverables.access_url)
  const included = deliverables.products.filter((p) => p.product_id !== order.product.id && safeHref(p.access_url))
  const links: { key: string; href: string; label: string; testId: string; primary?: boolean }[] = []
  if (main) links.push({ key: 'main', href: main, label: accessLabel(order.product.form, order.product.name), testId: 'access-open', primary: true })
  for (const p of included) links.push({ key: `p${p.product_id}`, href: safeHref(p.access_url)!, label: accessTexts.open(p.name), testId: 'access-product' })
  for (const [i, file] of deliverables.downloads.entries()) {
    const href = safeHref(file.url)
    if (href) links.push({ key: `d${i}`, href, label: accessTexts.download(file.name), testId: 'access-download', primary: !main && i === 0 })
  }
  for (const ticket of deliverables.payment_tickets) {
    const href = safeHref(ticket.pdf_url)
    if (href) links.push({ key: `t${ticket.id}`, href, label: accessTexts.ticket(ticket.code), testId: 'access-ticket', primary: !main && links.length === 0 })
  }
  for (const cert of deliverables.certificates) {
    const href = safeHref(cert.pdf_url)
    if (href) links.push({ key: `c${cert.serial}`, href, label: accessTexts.certificate, testId: 'access-certificate' })
  }
  if (links.length === 0 && deliverables.license_keys.length === 0) return null
  return (
    <section className="sf-card sf-access" data-testid="access">
      <h2>{accessTexts.heading}</h2>
      {deliverables.license_keys.map((k) => (
        <p key={k.key} className="sf-access__key"><span className="sf-muted">{accessTexts.licenseKey}</span> <code data-testid="access-license-key">{k.key}</code></p>
      ))}
      {links.length > 0 && (
        <ul className="sf-access__links">
          {links.map((l) => (
            <li key={l.key}><a className={`sf-button${l.primary ? ' sf-button--primary' : ''}`} href={l.href} data-testid={l.testId}>{l.label}</a></li>
          ))}
        </ul>
      )}
    </section>
  )
}

type Accepted = { name: string; result: CreateOrderOutput }

export default function SuccessPage(props: SuccessPageProps) {
  const { username } = props
  const [order, setOrder] = useState(props.order)
  const [hidden, setHidden] = useState<number[]>(props.hidden)
  const [busy, setBusy] = useState<number | null>(null)
  const [error, setError] = useState<PageError | null>(props.error)
  const [accepted, setAccepted] = useState<Accepted[]>([])
  const keys = useRef(new Map<number, string>())

  const waiting = waitingStates.includes(order.payment_state)
  // Paid, its delivery a moment behind (a job): ask a little longer, until the access buttons can show.
  const awaitingAccess = !waiting && paidStates.includes(order.payment_state) && !order.deliverables
  const polling = waiting || awaitingAccess
  const pollLimitMs = waiting ? pollForMs : accessPollForMs
  useEffect(() => {
    if (!polling) return
    const started = Date.now()
    let stopped = false
    let timer: ReturnType<typeof setTimeout>
    const poll = async () => {
      const result = await getJson<PublicOrderOutput>(`/api/v1/shop/orders/${encodeURIComponent(order.token)}`)
      if (stopped) return
      if (result.ok) setOrder(result.body)
      if (Date.now() - started < pollLimitMs) timer = setTimeout(poll, pollEveryMs)
    }
    timer = setTimeout(poll, pollEveryMs)
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [polling, pollLimitMs, order.token])

  const accept = async (index: number, name: string) => {
    if (busy !== null) return
    // One key per offer: pressing again after a failure repeats the same attempt, never a second order.
    const key = keys.current.get(index) ?? uuid()
    keys.current.set(index, key)
    setBusy(index)
    setError(null)
    const result = await postJson<CreateOrderOutput>(`/api/v1/shop/orders/${encodeURIComponent(order.token)}/upsells`, { index }, { idempotencyKey: key })
    setBusy(null)
    if (!result.ok) {
      setError(result.error)
      return
    }
    if (result.body.next_action.type === 'redirect') {
      window.location.assign(result.body.next_action.url)
      return
    }
    setAccepted((list) => [...list, { name, result: result.body }])
    // Accepting moves the funnel along its accept link: the other open offers are not shown now.
    setHidden((list) => [...list, ...order.upsell_offers.map((o) => o.index)])
  }

  const texts = paymentStateTexts[order.payment_state] ?? { title: 'Your order', text: order.payment_state }
  // One offer at a time: the funnel's current node (the list goes on along its decline links, docs/decisions/0066-funnels.md).
  const offers = order.upsell_offers.filter((o) => !hidden.includes(o.index)).slice(0, 1)
  const successUrl = safeHref(order.success_page_url)
  const self = orderPath(username, order.token)
  const failed = ['payment_not_completed'].includes(order.payment_state)

  return (
    <Shell username={username}>
      <div className="sf-success" data-testid="success-page" data-state={order.payment_state}>
        {/* The product's built thank-you page above the default thanks, which keeps the access links (decision 0065). */}
        {props.built && <BuiltPage document={props.built.document} data={props.built.data} />}
        <section className="sf-card">
          <h1 className="sf-title" data-testid="order-title">{texts.title}</h1>
          <p data-testid="order-state-text">{texts.text}</p>
          {waiting && (
            <p className="sf-muted">
              <span className="sf-spinner" aria-hidden="true" /> This page updates by itself. <a href={self} data-testid="order-refresh">Refresh</a>
            </p>
          )}
          <dl className="sf-order">
            <dt>Product</dt><dd data-testid="order-product">{order.product.name}{order.quantity > 1 ? ` × ${order.quantity}` : ''}</dd>
            <dt>{order.paid_amount > 0 ? 'Paid' : 'Amount'}</dt>
            <dd data-testid="order-amount">{money(order.paid_amount > 0 ? order.paid_amount : order.first_amount, order.currency)}</dd>
            {order.total_amount !== order.first_amount && <><dt>Total over the plan</dt><dd>{money(order.total_amount, order.currency)}</dd></>}
            {order.discount_amount > 0 && <><dt>Discount</dt><dd>{money(order.discount_amount, order.currency)}{order.coupon_code ? ` (${order.coupon_code})` : ''}</dd></>}
            <dt>Payment method</dt>
            <dd data-testid="order-method">{paymentText(order)}</dd>
            <dt>Email</dt><dd>{order.payer.email}</dd>
          </dl>
          {failed && <p><a className="sf-button sf-button--primary" href={productPath(order.seller_username, order.product.slug)}>Try again</a></p>}
        </section>

        {order.bank_wire && waiting && <BankDetails wire={order.bank_wire} />}
        {order.deliverables && <Access order={order} deliverables={order.deliverables} />}
        {!order.deliverables && waiting && <p className="sf-muted" data-testid="access-waiting">{accessTexts.waiting}</p>}

        <ErrorBox error={error} />
        {accepted.map((a, i) => (
          <section className="sf-card sf-notice" key={i} data-testid="upsell-accepted">
            <p><strong>{a.name}</strong> was added to your order: {(paymentStateTexts[a.result.order.payment_state] ?? { text: a.result.order.payment_state }).text}</p>
            <p><a href={orderPath(username, a.result.order.token)}>See this order</a></p>
          </section>
        ))}
        {offers.map((offer) => (
          <section className="sf-card sf-upsell" key={offer.index} data-testid="upsell-offer">
            {offer.headline && <p className="sf-upsell__headline">{offer.headline}</p>}
            <h2>{offer.name}</h2>
            <p className="sf-upsell__price">{money(offer.amount, offer.currency)}</p>
            {offer.payment === 'checkout' ? (
              <p>
                <a className="sf-buy" href={`${productPath(order.seller_username, offer.product_slug)}?pricing_plan_id=${offer.pricing_plan_id}&funnel_offer=${encodeURIComponent(offer.funnel_offer)}`} data-testid="upsell-checkout">Buy now</a>
                <a className="sf-button sf-button--link" href={`${self}/funnel/${offer.funnel_node_id}/decline`} data-testid="upsell-decline">No thanks</a>
              </p>
            ) : (
              <>
                <p className="sf-muted">One click: charged to the payment method you just used.</p>
                <form method="post" action={`${self}/upsells`} onSubmit={(e) => { e.preventDefault(); void accept(offer.index, offer.name) }}>
                  <input type="hidden" name="index" value={offer.index} />
                  <input type="hidden" name="idempotency_key" value={`${props.idempotencyKey}-${offer.index}`} />
                  <button type="submit" className="sf-buy" disabled={busy !== null} data-testid="upsell-accept">{busy === offer.index ? 'Please wait…' : 'Add to my order'}</button>
                  {/* Declining is recorded (the funnel moves to its decline node, docs/decisions/0066-funnels.md): a real link. */}
                  <a className="sf-button sf-button--link" href={`${self}/funnel/${offer.funnel_node_id}/decline`} data-testid="upsell-decline">No thanks</a>
                </form>
              </>
            )}
          </section>
        ))}

        <section className="sf-card sf-next">
          <p><a href={signInPath(username)} data-testid="sign-in-link">Sign in to access your purchase</a></p>
          {successUrl && <p><a className="sf-button sf-button--primary" href={successUrl} rel="noopener" data-testid="success-page-link">Continue</a></p>}
        </section>
      </div>
    </Shell>
  )
}
