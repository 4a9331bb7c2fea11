import { z } from 'zod'
import { zIdParam, zText } from '../validation/storable'

// The billing engine's requests (decision 0026): the seller's plan actions, the payer's pay link for an
// open rate, and the manager's test clock.

/** Largest single advance of the test clock: a year and a month of renewals in one call. */
export const testClockMaxDays = 400

/** POST /api/v1/admin/test_clock/advance */
export const advanceTestClockInput = z.strictObject({
  days: z.number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid_value') })
    .int({ error: 'invalid_value' }).min(1, { error: 'too_small' }).max(testClockMaxDays, { error: 'too_big' }),
})
export type AdvanceTestClockInput = z.infer<typeof advanceTestClockInput>

export const advanceTestClockOutput = z.object({ now: z.string() })

/** GET /api/v1/admin/test_clock */
export const testClockOutput = z.object({ now: z.string(), offset_days: z.number(), enabled: z.boolean() })
export type TestClockOutput = z.infer<typeof testClockOutput>

export const orderIdParams = z.object({ id: zIdParam() })

/** POST /api/v1/cabinet/orders/{id}/cancel | pause | resume: no body fields. */
export const planActionInput = z.strictObject({})

/** The order after a plan action: its state and its rates. */
export const planActionOutput = z.object({
  id: z.number(),
  payment_state: z.string(),
  paused_at: z.string().nullable(),
  canceled_at: z.string().nullable(),
  canceled_by: z.string().nullable(),
  rates: z.array(z.object({ id: z.number(), number: z.number(), amount: z.number(), due_at: z.string(), state: z.string() })),
})
export type PlanActionOutput = z.infer<typeof planActionOutput>

/** POST /api/v1/payer/orders/{token}/rates/{number}/pay: starts a payment of one open rate; answers where to go. */
export const payRateParams = z.object({
  token: zText().min(16).max(64).regex(/^[A-Za-z0-9_-]+$/),
  number: z.coerce.number().int().min(1).max(10_000),
})
export const payRateInput = z.strictObject({})
export const payRateOutput = z.object({ url: z.string(), payment_id: z.string() })
export type PayRateOutput = z.infer<typeof payRateOutput>
