import type { ChangeEventHandler } from 'react'
import { fields, maxQuantity, selectedPlan, selectedQuantity } from '../lib/checkout-form'
import { describePlan, money, planTitle, planTotal, trialText } from '../lib/plans'
import { useTexts, type PageTexts } from '../i18n/texts-context'
import type { FormValues, ShopPlan, ShopProduct, ShopTicket } from '../props'
import { FieldError, fieldId } from './field'

const monthKeys = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const
const pad = (n: number) => String(n).padStart(2, '0')

/** A valid date from an ISO text, else null. */
const dateOf = (iso: string | null): Date | null => {
  if (!iso) return null
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? null : d
}

/**
 * "6 Jul 2030, 09:00 UTC": the same text on the server and in every browser (the month names are the page's
 * texts, no locale data involved).
 */
export function eventDate(iso: string | null, texts: PageTexts): string | null {
  const d = dateOf(iso)
  if (!d) return null
  const t = texts.t.checkout.eventDate
  return texts.f(t.dateTime, {
    day: d.getUTCDate(), month: t.months[monthKeys[d.getUTCMonth()]!], year: d.getUTCFullYear(), time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
  })
}

/** "17:00 UTC": only the time of eventDate, for an end on the start's day. */
export function eventTime(iso: string | null, texts: PageTexts): string | null {
  const d = dateOf(iso)
  return d ? texts.f(texts.t.checkout.eventDate.time, { time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}` }) : null
}

/** Whether two dates fall on the same day in UTC (the day eventDate shows). */
export function sameEventDay(a: string, b: string): boolean {
  const x = dateOf(a)
  const y = dateOf(b)
  return !!x && !!y && x.toISOString().slice(0, 10) === y.toISOString().slice(0, 10)
}

function PlanOption({ plan, checked, disabled, recommended }: { plan: ShopPlan; checked: boolean; disabled?: boolean; recommended: boolean }) {
  const texts = useTexts()
  const t = texts.t.checkout.plans
  const total = planTotal(plan, texts)
  return (
    <label className={`sf-plan${recommended ? ' sf-plan--recommended' : ''}`} data-testid="plan-option">
      <input type="radio" name={fields.plan} value={plan.id} defaultChecked={checked} disabled={disabled} required />
      <span className="sf-plan__body">
        <span className="sf-plan__title">
          {planTitle(plan, texts)}
          {recommended && <span className="sf-badge">{t.recommended}</span>}
          {plan.trial_days ? <span className="sf-badge" data-testid="plan-trial">{trialText(plan.trial_days, texts)}</span> : null}
        </span>
        <span className="sf-plan__price">
          {plan.display_old_price !== null && <s className="sf-old-price">{money(plan.display_old_price, plan.currency_id)}</s>}
          <strong>{plan.display_price === 0 ? t.free : money(plan.display_price, plan.currency_id)}</strong>
        </span>
        <span className="sf-plan__description">{describePlan(plan, texts)}{total ? ` · ${total}` : ''}</span>
      </span>
    </label>
  )
}

function TicketOption({ ticket, selectedId, recommendedId }: { ticket: ShopTicket; selectedId: number | undefined; recommendedId: number | null }) {
  const texts = useTexts()
  const when = eventDate(ticket.start_date, texts)
  return (
    <div className={`sf-ticket${ticket.sold_out ? ' sf-ticket--sold-out' : ''}`} data-testid="ticket-option">
      <div className="sf-ticket__head">
        <strong>{ticket.name}</strong>
        {ticket.sold_out && <span className="sf-badge sf-badge--muted">{texts.t.common.unavailable.sold_out}</span>}
      </div>
      {(when || ticket.location) && <p className="sf-ticket__meta">{[when, ticket.location].filter(Boolean).join(' · ')}</p>}
      {ticket.pricing_plans.map((plan) => (
        <PlanOption key={plan.id} plan={plan} checked={plan.id === selectedId} disabled={ticket.sold_out} recommended={plan.id === recommendedId} />
      ))}
    </div>
  )
}

/** Stage 1: the pricing plan (and for an event, the ticket type with its plans, and the quantity). */
export function PlanChoice({ product, values, recommendedId, errors }: {
  product: ShopProduct
  values: FormValues
  recommendedId: number | null
  errors: Record<string, string>
}) {
  const { t: { checkout: { plans: t } } } = useTexts()
  const selected = selectedPlan(product, values)
  const tickets = product.form === 'eventTickets'
  return (
    <fieldset className="sf-fieldset" data-testid="plan-choice">
      <legend>{tickets ? t.chooseTicket : t.choosePlan}</legend>
      {tickets
        ? product.tickets.map((t) => <TicketOption key={t.id} ticket={t} selectedId={selected?.id} recommendedId={recommendedId} />)
        : product.pricing_plans.map((plan) => <PlanOption key={plan.id} plan={plan} checked={plan.id === selected?.id} recommended={plan.id === recommendedId} />)}
      <FieldError name={fields.plan} error={errors[fields.plan] ?? errors.ticket_id} />
      {tickets && <Quantity product={product} values={values} error={errors[fields.quantity]} />}
    </fieldset>
  )
}

function Quantity({ product, values, error, onChange }: { product: ShopProduct; values: FormValues; error?: string; onChange?: ChangeEventHandler<HTMLInputElement> }) {
  const { t: { checkout: { plans: t } } } = useTexts()
  const max = Math.min(maxQuantity, product.availability.remaining ?? maxQuantity)
  const id = fieldId(fields.quantity)
  return (
    <div className="sf-field sf-field--narrow">
      <label htmlFor={id}>{t.quantity}</label>
      <input id={id} type="number" name={fields.quantity} min={1} max={Math.max(1, max)} step={1} defaultValue={selectedQuantity(product, values)} required onChange={onChange} />
      <FieldError name={fields.quantity} error={error} />
    </div>
  )
}
