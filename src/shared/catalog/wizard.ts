import type { ProductForm } from './product-forms'

// The product edit wizard (docs/reference/catalogue-and-selling.md §2): its steps per form, exactly as the spec's table, and the
// `?step=` query of /cabinet/products/{id}/edit (docs/reference/readings.md 15: step 1 has no query, the query runs
// 2..N, a step beyond the form's last goes to the last). What each step holds is docs/reference/readings.md 29.

export const wizardStepKeys = [
  'product_details', 'file_upload', 'content', 'products', 'tickets_details', 'add_license_keys', 'keys_details', 'design',
  'checkout', 'market_upsell', 'delivery', 'pages', 'advanced',
] as const
export type WizardStepKey = (typeof wizardStepKeys)[number]

const tail = ['checkout', 'market_upsell', 'delivery', 'pages', 'advanced'] as const

const steps = {
  digital: ['product_details', ...tail],
  download: ['product_details', 'file_upload', ...tail],
  course: ['product_details', 'content', ...tail],
  membership: ['product_details', 'products', ...tail],
  bundle: ['product_details', 'products', ...tail],
  eventTickets: ['product_details', 'tickets_details', 'design', ...tail],
  licenseKey: ['product_details', 'add_license_keys', ...tail],
  certificate: ['product_details', 'keys_details', 'design', ...tail],
} as const satisfies Record<ProductForm, readonly WizardStepKey[]>

/** The steps of a form's wizard, in order; step n is at index n - 1. */
export function wizardSteps(form: ProductForm): readonly WizardStepKey[] {
  return steps[form]
}

/** How many steps a form's wizard has (6, 7 or 8). */
export function lastStep(form: ProductForm): number {
  return steps[form].length
}

/** The 1-based number of a step in a form's wizard; undefined when the form has no such step. */
export function stepNumber(form: ProductForm, key: WizardStepKey): number | undefined {
  const index = (steps[form] as readonly WizardStepKey[]).indexOf(key)
  return index === -1 ? undefined : index + 1
}

/** The step at number n (1-based); undefined outside 1..last. */
export function stepKeyAt(form: ProductForm, n: number): WizardStepKey | undefined {
  return Number.isInteger(n) && n >= 1 ? steps[form][n - 1] : undefined
}

/** A step number brought into 1..last: beyond the last is the last (docs/reference/readings.md 15), below 1 or not whole is 1. */
export function clampStep(form: ProductForm, n: number): number {
  if (!Number.isInteger(n) || n < 1) return 1
  return Math.min(n, lastStep(form))
}

/**
 * The step a `?step=` value opens: no value is step 1; a whole number is clamped (clampStep); anything
 * else ("abc", "2.5", "") opens step 1.
 */
export function stepFromQuery(form: ProductForm, value: string | number | null | undefined): number {
  if (value === null || value === undefined) return 1
  const text = String(value).trim()
  if (!/^[0-9]+$/.test(text)) return 1
  return clampStep(form, Number(text))
}

/** The `?step=` value of a step: none for step 1, the number for 2..last (after clamping). */
export function stepQuery(form: ProductForm, n: number): number | undefined {
  const step = clampStep(form, n)
  return step === 1 ? undefined : step
}
