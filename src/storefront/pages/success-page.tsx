import { useEffect, useRef, useState } from 'react'
import { ErrorBox, orderPath, productPath, Shell, signInPath } from '../blocks/shell'
import { getJson, postJson } from '../lib/api'
import { uuid } from '../lib/checkout-form'
import { money } from '../lib/plans'
import { safeHref } from '../lib/escape'
import { useTexts, type PageTexts } from '../i18n/texts-context'
import { textOf } from '../i18n/format'
import { BuiltPage } from '../built/built-page'
import type { CreateOrderOutput, PageError, PublicOrderOutput, SuccessPageProps } from '../props'

// Stage 4, the success page: where the order stands (polled every second while the payment is awaited),
// what was paid and how, the bank details of a bank wire, one-click upsell offers charged to the saved
// method (docs/reference/readings.md 28, autopay), the way into the payer area and the seller's own success page.

const waitingStates = ['payment_waiting', 'payment_pending']

/** The method used, its card only when one paid (never for PayPal or a transfer), and test mode for the sandbox. */
function paymentText(order: PublicOrderOutput, { t, f }: PageTexts): string {
  const method = textOf(t.common.methods, order.payment_method) ?? order.payment_method
  const withCard = order.card ? f(t.order.success.methodCard, { method, brand: order.card.brand, last4: order.card.last4 }) : method
  return order.provider === 'sandbox' ? f(t.order.success.methodTestMode, { method: withCard }) : withCard
}

/** The words of an order's state; a state without its own words shows its code. */
function stateTexts(state: string, { t }: PageTexts): { title: string; text: string } {
  return textOf(t.common.paymentStates, state) ?? { title: t.common.paymentStates.other.title, text: state }
}
const pollEveryMs = 1000
/** After this long a page left open stops asking. */
const pollForMs = 30 * 60_000
const paidStates = ['paid', 'paying']
/** How long a paid order's page waits for its delivery (docs/QUALITY.md: deliverables readable within 1 s at p99). */
const accessPollForMs = 60_000

type BankWire = NonNullable<PublicOrderOutput['bank_wire']>

export function BankDetails({ wire }: { wire: BankWire }) {
  const { t, f } = useTexts()
  const b = t.order.bankDetails
  return (
    <section className="sf-card sf-bank" data-testid="bank-details">
      <h2>{f(b.heading, { amount: money(wire.amount, wire.currency) })}</h2>
      <dl>
        <dt>{b.accountHolder}</dt><dd>{wire.account_holder}</dd>
        <dt>{b.iban}</dt><dd data-testid="bank-iban">{wire.iban}</dd>
        {wire.bic && <><dt>{b.bic}</dt><dd>{wire.bic}</dd></>}
        {wire.bank_name && <><dt>{b.bank}</dt><dd>{wire.bank_name}</dd></>}
        <dt>{b.reference}</dt><dd data-testid="bank-reference">{wire.reference}</dd>
      </dl>
      <p>{b.hint}</p>
    </section>
  )
}

type Deliverables = NonNullable<PublicOrderOutput['deliverables']>

const accessLabel = (form: string, name: string, { t, f }: PageTexts) =>
  form === 'course' ? t.common.access.course : form === 'membership' ? t.common.access.membership : form === 'bundle' ? t.common.access.bundle : f(t.common.access.open, { name })

/**
 * The way into what was just bought, as buttons: the course player or membership, each download, each
 * ticket's PDF, the certificate, the license key (docs/decisions/0044-storefront-presence.md).
 */
export function Access({ order, deliverables }: { order: PublicOrderOutput; deliverables: Deliverables }) {
  const texts = useTexts()
  const { t, f } = texts
  const a = t.common.access
  const main = safeHref(deliverables.access_url)
  const included = deliverables.products.filter((p) => p.product_id !== order.product.id && safeHref(p.access_url))
  const links: { key: string; href: string; label: string; testId: string; primary?: boolean }[] = []
  if (main) links.push({ key: 'main', href: main, label: accessLabel(order.product.form, order.product.name, texts), testId: 'access-open', primary: true })
  for (const p of included) links.push({ key: `p${p.product_id}`, href: safeHref(p.access_url)!, label: f(a.open, { name: p.name }), testId: 'access-product' })
  for (const [i, file] of deliverables.downloads.entries()) {
    const href = safeHref(file.url)
    if (href) links.push({ key: `d${i}`, href, label: f(a.download, { name: file.name }), testId: 'access-download', primary: !main && i === 0 })
  }
  for (const ticket of deliverables.payment_tickets) {
    const href = safeHref(ticket.pdf_url)
    if (href) links.push({ key: `t${ticket.id}`, href, label: f(a.ticket, { code: ticket.code }), testId: 'access-ticket', primary: !main && links.length === 0 })
  }
  for (const cert of deliverables.certificates) {
    const href = safeHref(cert.pdf_url)
    if (href) links.push({ key: `c${cert.serial}`, href, label: a.certificate, testId: 'access-certificate' })
  }
  if (links.length === 0 && deliverables.license_keys.length === 0) return null
  return (
    <section className="sf-card sf-access" data-testid="access">
      <h2>{a.heading}</h2>
      {deliverables.license_keys.map((k) => (
        <p key={k.key} className="sf-access__key"><span className="sf-muted">{a.licenseKey}</span> <code data-testid="access-license-key">{k.key}</code></p>
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
  const pageTexts = useTexts()
  const { t, f } = pageTexts
  const s = t.order.success
  const u = t.order.upsell
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
      const result = await getJson<PublicOrderOutput>(`/api/v1/shop/orders/${encodeURIComponent(order.token)}`, pageTexts)
      if (stopped) return
      if (result.ok) setOrder(result.body)
      if (Date.now() - started < pollLimitMs) timer = setTimeout(poll, pollEveryMs)
    }
    timer = setTimeout(poll, pollEveryMs)
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [polling, pollLimitMs, order.token, pageTexts])

  const accept = async (index: number, name: string) => {
    if (busy !== null) return
    // One key per offer: pressing again after a failure repeats the same attempt, never a second order.
    const key = keys.current.get(index) ?? uuid()
    keys.current.set(index, key)
    setBusy(index)
    setError(null)
    const result = await postJson<CreateOrderOutput>(`/api/v1/shop/orders/${encodeURIComponent(order.token)}/upsells`, { index }, pageTexts, { idempotencyKey: key })
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

  const texts = stateTexts(order.payment_state, pageTexts)
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
              <span className="sf-spinner" aria-hidden="true" />{` ${s.updating} `}<a href={self} data-testid="order-refresh">{s.refresh}</a>
            </p>
          )}
          <dl className="sf-order">
            <dt>{s.product}</dt><dd data-testid="order-product">{order.product.name}{order.quantity > 1 ? ` × ${order.quantity}` : ''}</dd>
            <dt>{order.paid_amount > 0 ? s.paid : s.amount}</dt>
            <dd data-testid="order-amount">{money(order.paid_amount > 0 ? order.paid_amount : order.first_amount, order.currency)}</dd>
            {order.total_amount !== order.first_amount && <><dt>{s.total}</dt><dd>{money(order.total_amount, order.currency)}</dd></>}
            {order.discount_amount > 0 && <><dt>{s.discount}</dt><dd>{money(order.discount_amount, order.currency)}{order.coupon_code ? ` (${order.coupon_code})` : ''}</dd></>}
            <dt>{s.method}</dt>
            <dd data-testid="order-method">{paymentText(order, pageTexts)}</dd>
            <dt>{s.email}</dt><dd>{order.payer.email}</dd>
          </dl>
          {failed && <p><a className="sf-button sf-button--primary" href={productPath(order.seller_username, order.product.slug)}>{s.tryAgain}</a></p>}
        </section>

        {order.bank_wire && waiting && <BankDetails wire={order.bank_wire} />}
        {order.deliverables && <Access order={order} deliverables={order.deliverables} />}
        {!order.deliverables && waiting && <p className="sf-muted" data-testid="access-waiting">{t.common.access.waiting}</p>}

        <ErrorBox error={error} />
        {accepted.map((a, i) => {
          // the offer's name in bold inside the sentence: the text around its placeholder
          const [before = '', after = ''] = f(s.upsellAdded, { state: stateTexts(a.result.order.payment_state, pageTexts).text }).split('{name}')
          return (
            <section className="sf-card sf-notice" key={i} data-testid="upsell-accepted">
              <p>{before}<strong>{a.name}</strong>{after}</p>
              <p><a href={orderPath(username, a.result.order.token)}>{s.seeOrder}</a></p>
            </section>
          )
        })}
        {offers.map((offer) => (
          <section className="sf-card sf-upsell" key={offer.index} data-testid="upsell-offer">
            {offer.headline && <p className="sf-upsell__headline">{offer.headline}</p>}
            <h2>{offer.name}</h2>
            <p className="sf-upsell__price">{money(offer.amount, offer.currency)}</p>
            {offer.payment === 'checkout' ? (
              <p>
                <a className="sf-buy" href={`${productPath(order.seller_username, offer.product_slug)}?pricing_plan_id=${offer.pricing_plan_id}&funnel_offer=${encodeURIComponent(offer.funnel_offer)}&currency=${offer.currency}`} data-testid="upsell-checkout">{t.common.buyButton.buy_now}</a>
                <a className="sf-button sf-button--link" href={`${self}/funnel/${offer.funnel_node_id}/decline`} data-testid="upsell-decline">{u.decline}</a>
              </p>
            ) : (
              <>
                <p className="sf-muted">{u.oneClick}</p>
                <form method="post" action={`${self}/upsells`} onSubmit={(e) => { e.preventDefault(); void accept(offer.index, offer.name) }}>
                  <input type="hidden" name="index" value={offer.index} />
                  <input type="hidden" name="idempotency_key" value={`${props.idempotencyKey}-${offer.index}`} />
                  <button type="submit" className="sf-buy" disabled={busy !== null} data-testid="upsell-accept">{busy === offer.index ? u.busy : u.accept}</button>
                  {/* Declining is recorded (the funnel moves to its decline node, docs/decisions/0066-funnels.md): a real link. */}
                  <a className="sf-button sf-button--link" href={`${self}/funnel/${offer.funnel_node_id}/decline`} data-testid="upsell-decline">{u.decline}</a>
                </form>
              </>
            )}
          </section>
        ))}

        <section className="sf-card sf-next">
          <p><a href={signInPath(username)} data-testid="sign-in-link">{s.signIn}</a></p>
          {successUrl && <p><a className="sf-button sf-button--primary" href={successUrl} rel="noopener" data-testid="success-page-link">{s.continue}</a></p>}
        </section>
      </div>
    </Shell>
  )
}
