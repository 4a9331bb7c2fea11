import { z } from 'zod'

// Pricing plan forms and their numeric kinds. The kinds map by name, never by list position
// (docs/reference/readings.md 1): one_time 0, installment 1, limited_subscription 2, subscription 3. `planForms` happens
// to list them in kind order, but nothing below relies on that.

export const planForms = ['one_time', 'installment', 'limited_subscription', 'subscription'] as const
export type PlanForm = (typeof planForms)[number]

export const planKinds = Object.freeze({
  one_time: 0,
  installment: 1,
  limited_subscription: 2,
  subscription: 3,
} as const satisfies Record<PlanForm, number>)
export type PlanKind = (typeof planKinds)[PlanForm]

const formOfKind: ReadonlyMap<number, PlanForm> = new Map(planForms.map((form) => [planKinds[form], form]))

export function isPlanForm(value: unknown): value is PlanForm {
  return typeof value === 'string' && (planForms as readonly string[]).includes(value)
}

/** The numeric kind stored and exported for a plan form (docs/reference/readings.md 1). */
export function planKindOf(form: PlanForm): PlanKind {
  return planKinds[form]
}

/** The plan form of a numeric kind; undefined for a number that is no kind (4, -1, 1.5). */
export function planFormOfKind(kind: number): PlanForm | undefined {
  return formOfKind.get(kind)
}

export const zPlanForm = z.enum(planForms, {
  error: (issue) => (issue.input === undefined ? 'required' : 'invalid_value'),
})

/** docs/reference/catalogue-and-selling.md §9 and docs/reference/readings.md 3: an installment plan has 2 to 24 payments. */
export const installmentMinPayments = 2
export const installmentMaxPayments = 24
/** docs/reference/readings.md 3: a limited subscription has at most 100 charges (and, being limited, at least 2). */
export const limitedSubscriptionMinCharges = 2
export const limitedSubscriptionMaxCharges = 100
/** Custom intervals replace an installment's regular rates: one entry per rate, 2 to 24 of them. */
export const customIntervalsMin = installmentMinPayments
export const customIntervalsMax = installmentMaxPayments
/**
 * The largest amount a plan term may hold, in minor units (10 billion eur, 1 trillion jpy). It keeps
 * every total (at most 100 charges) far inside the safe integer range.
 */
export const maxPlanAmount = 1_000_000_000_000
