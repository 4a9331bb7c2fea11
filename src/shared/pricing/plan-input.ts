import { z } from 'zod'
import { currencyIds } from '../money'
import { hasScriptTag } from '../validation/text'
import { textTranslationsInput } from '../schemas/translations'
import type { MessageKey } from '../validation/messages'
import { intervalPattern, zInterval } from './intervals'
import type { PricingPlan } from './plan'
import { trialMaxDays, trialMinDays } from './trial'
import {
  customIntervalsMax, customIntervalsMin, installmentMaxPayments, installmentMinPayments, limitedSubscriptionMaxCharges,
  limitedSubscriptionMinCharges, maxPlanAmount, zPlanForm, type PlanForm,
} from './plan-forms'

// A pricing plan as the API takes it (snake_case, docs/reference/catalogue-and-selling.md §7). Every issue message is a message
// key (src/shared/validation/messages.ts); range issues carry their bounds as params {min, max}.
//
// What each form needs (docs/reference/catalogue-and-selling.md §3 and §9, docs/reference/readings.md 3):
// - one_time: price.
// - installment: first_amount, next_amount, payments_count 2..24 and interval; or custom_intervals (2..24
//   entries of interval and amount), which replace all four (payments_count, if sent, must equal their number).
// - limited_subscription: payments_count 2..100, interval, and either price or first_amount + next_amount.
// - subscription: interval, and either price or first_amount + next_amount.
// - trial_days (1..365): subscriptions and limited subscriptions only (trial.ts).
// A term that does not apply to the form is refused ('invalid_value') rather than dropped, so that what
// is stored is exactly what the seller sent; price together with first/next amounts is refused too, so
// the amount charged at checkout is never ambiguous (checkoutMinimumPrice reads the price first).

const missingOr = (other: string) => (issue: { input: unknown }) => (issue.input === undefined ? 'required' : other)

/** A non-negative integer of minor units. */
const amount = () => z
  .number({ error: missingOr('invalid_value') })
  .int({ error: 'invalid_value' })
  .min(0, { error: 'out_of_range' })
  .max(maxPlanAmount, { error: 'out_of_range' })

/**
 * The plan's name shown to payers: trimmed, no script tags (docs/reference/readings.md 20). Built here rather than with
 * validation/schemas' zPlainText, whose module would pull the phone, IBAN and VAT libraries into the
 * checkout page's bundle.
 */
export const planNameMaxLength = 100
const zPlanName = z
  .string({ error: 'invalid_value' })
  .trim()
  .max(planNameMaxLength, { error: 'too_long', abort: true })
  .refine((value) => !hasScriptTag(value), { error: 'script_tag' })

const zPlanCurrency = z.enum(currencyIds, { error: missingOr('invalid_value') })

export const customIntervalInput = z.strictObject(
  { interval: zInterval, amount: amount() },
  { error: missingOr('invalid_value') },
)

const fields = {
  form: zPlanForm,
  currency_id: zPlanCurrency,
  price: amount().nullish(),
  first_amount: amount().nullish(),
  next_amount: amount().nullish(),
  payments_count: z.number({ error: missingOr('invalid_value') }).int({ error: 'invalid_value' }).nullish(),
  interval: zInterval.nullish(),
  custom_intervals: z.array(customIntervalInput, { error: missingOr('invalid_value') }).nullish(),
  use_net_price: z.boolean({ error: 'invalid_value' }).nullish(),
  name: zPlanName.nullish(),
  trial_days: z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' })
    .min(trialMinDays, { error: 'out_of_range' }).max(trialMaxDays, { error: 'out_of_range' }).nullish(),
  /**
   * The name in other languages (docs/decisions/0095-product-translations.md), with the name's rules. Not a term:
   * planFromInput leaves it out, so changing only it makes no new version. Left out keeps the stored set, sent
   * replaces it, null or {} clears it.
   */
  translations: textTranslationsInput({ name: zPlanName }).nullish(),
}
type Field = keyof typeof fields

type Parsed = {
  form: PlanForm
  price?: number | null | undefined
  first_amount?: number | null | undefined
  next_amount?: number | null | undefined
  payments_count?: number | null | undefined
  interval?: string | null | undefined
  custom_intervals?: readonly unknown[] | null | undefined
  trial_days?: number | null | undefined
}

const isSet = (value: unknown) => value !== null && value !== undefined

/** Why a term is refused, per form: which terms the form takes (src/shared/validation/messages.ts). */
const formTermsMessage: Record<PlanForm, MessageKey> = {
  one_time: 'plan_one_time_terms',
  installment: 'plan_installment_terms',
  limited_subscription: 'plan_limited_subscription_terms',
  subscription: 'plan_subscription_terms',
}

/** The cross-field rules of the form; adds one issue per offending field. */
function checkTerms(plan: Parsed, ctx: z.RefinementCtx): void {
  const issue = (path: Field, message: string, params?: { min: number; max: number }) =>
    ctx.addIssue({ code: 'custom', path: [path], message, ...(params ? { params } : {}) })
  const require = (path: Field) => {
    if (!isSet(plan[path as keyof Parsed])) issue(path, 'required')
  }
  /** A term the form does not take: the message says which terms the form takes (not a bare 'invalid_value'). */
  const refuse = (...paths: Field[]) => refuseAs(formTermsMessage[plan.form], ...paths)
  const refuseAs = (message: MessageKey, ...paths: Field[]) => {
    for (const path of paths) if (isSet(plan[path as keyof Parsed])) issue(path, message)
  }
  const count = (min: number, max: number) => {
    const value = plan.payments_count
    if (!isSet(value)) issue('payments_count', 'required')
    else if ((value as number) < min || (value as number) > max) issue('payments_count', 'out_of_range', { min, max })
  }
  /** Subscriptions: a price, or first and next amounts, not both. */
  const priceOrFirstNext = () => {
    if (isSet(plan.price)) refuseAs('plan_price_or_first_next', 'first_amount', 'next_amount')
    else if (isSet(plan.first_amount) || isSet(plan.next_amount)) {
      require('first_amount')
      require('next_amount')
    } else issue('price', 'required')
  }

  switch (plan.form) {
    case 'one_time':
      require('price')
      refuse('first_amount', 'next_amount', 'payments_count', 'interval', 'custom_intervals', 'trial_days')
      return
    case 'installment': {
      refuse('price', 'trial_days')
      const custom = plan.custom_intervals
      if (isSet(custom)) {
        const length = (custom as readonly unknown[]).length
        if (length < customIntervalsMin || length > customIntervalsMax) {
          issue('custom_intervals', 'out_of_range', { min: customIntervalsMin, max: customIntervalsMax })
        }
        refuseAs('plan_custom_intervals_replace', 'first_amount', 'next_amount', 'interval')
        if (isSet(plan.payments_count) && plan.payments_count !== length) issue('payments_count', 'invalid_value')
        return
      }
      require('first_amount')
      require('next_amount')
      count(installmentMinPayments, installmentMaxPayments)
      require('interval')
      return
    }
    case 'limited_subscription':
      priceOrFirstNext()
      count(limitedSubscriptionMinCharges, limitedSubscriptionMaxCharges)
      require('interval')
      refuse('custom_intervals')
      return
    case 'subscription':
      priceOrFirstNext()
      require('interval')
      refuse('payments_count', 'custom_intervals')
      return
  }
}

/**
 * checkTerms as the API document states it: one alternative per form (and per way of pricing it), each
 * naming the terms it needs and those it refuses (null or absent).
 */
const planTermsDocument = (() => {
  const money = { type: 'integer', minimum: 0, maximum: maxPlanAmount }
  const count = (minimum: number, maximum: number) => ({ type: 'integer', minimum, maximum })
  const none = { nullable: true, enum: [null] }
  const interval = { type: 'string', pattern: intervalPattern }
  const form = (name: PlanForm) => ({ type: 'string', enum: [name] })
  const priceOnly = { price: money, first_amount: none, next_amount: none }
  const firstNext = { price: none, first_amount: money, next_amount: money }
  return {
    anyOf: [
      { description: 'one_time: a price only', properties: { form: form('one_time'), ...priceOnly, payments_count: none, interval: none, custom_intervals: none, trial_days: none }, required: ['form', 'price'] },
      { description: 'installment: first and next amounts, payments_count and interval', properties: { form: form('installment'), ...firstNext, payments_count: count(installmentMinPayments, installmentMaxPayments), interval, custom_intervals: none, trial_days: none }, required: ['form', 'first_amount', 'next_amount', 'payments_count', 'interval'] },
      { description: 'installment: custom_intervals, which replace the amounts, payments_count and interval', properties: { form: form('installment'), price: none, first_amount: none, next_amount: none, payments_count: none, interval: none, trial_days: none, custom_intervals: { type: 'array', items: { type: 'object', properties: { interval, amount: money }, required: ['interval', 'amount'], additionalProperties: false }, minItems: customIntervalsMin, maxItems: customIntervalsMax } }, required: ['form', 'custom_intervals'] },
      ...(['limited_subscription', 'subscription'] as const).flatMap((name) => [priceOnly, firstNext].map((pricing) => ({
        description: `${name}: ${pricing === priceOnly ? 'a price' : 'first and next amounts'} and an interval${name === 'limited_subscription' ? ' and payments_count' : ''}`,
        properties: {
          form: form(name), ...pricing, interval, custom_intervals: none,
          payments_count: name === 'limited_subscription' ? count(limitedSubscriptionMinCharges, limitedSubscriptionMaxCharges) : none,
        },
        required: ['form', 'interval', ...(pricing === priceOnly ? ['price'] : ['first_amount', 'next_amount']), ...(name === 'limited_subscription' ? ['payments_count'] : [])],
      }))),
    ],
  }
})()

/** The API's pricing plan body: create and update of a plan take it whole. */
export const pricingPlanInput = z
  .strictObject(fields, { error: missingOr('invalid_value') })
  .superRefine(checkTerms)
  .meta(planTermsDocument)
export type PricingPlanInput = z.infer<typeof pricingPlanInput>

/**
 * The domain plan of a parsed input. With custom intervals, paymentsCount is their number; terms the
 * form does not use are null.
 */
export function planFromInput(input: PricingPlanInput): PricingPlan {
  const custom = input.custom_intervals ?? null
  return {
    form: input.form,
    currencyId: input.currency_id,
    price: input.price ?? null,
    firstAmount: input.first_amount ?? null,
    nextAmount: input.next_amount ?? null,
    paymentsCount: custom !== null ? custom.length : (input.payments_count ?? null),
    interval: input.interval ?? null,
    customIntervals: custom === null ? null : custom.map((rate) => ({ interval: rate.interval, amount: rate.amount })),
    useNetPrice: input.use_net_price ?? false,
    name: input.name ?? null,
    trialDays: input.trial_days ?? null,
  }
}

/** The snake_case body of a domain plan: what the web client sends and what a plan answer carries. */
export function planToInput(plan: PricingPlan): PricingPlanInput {
  return {
    form: plan.form,
    currency_id: plan.currencyId,
    price: plan.price ?? null,
    first_amount: plan.firstAmount ?? null,
    next_amount: plan.nextAmount ?? null,
    payments_count: plan.customIntervals?.length ? null : (plan.paymentsCount ?? null),
    interval: plan.interval ?? null,
    custom_intervals: plan.customIntervals?.length ? plan.customIntervals.map((rate) => ({ ...rate })) : null,
    use_net_price: plan.useNetPrice ?? false,
    name: plan.name ?? null,
    trial_days: plan.trialDays ?? null,
  }
}
