import { AppError } from '../../../shared/errors'
import { reusableMethods, type CheckoutMethod } from '../../../shared/payments'

// Small pieces every adapter shares.

/**
 * The provider failed or answered nonsense: a 502 whose message says nothing of internals. The original
 * error stays on `cause` for the logs.
 */
export function providerFailure(message: string, cause?: unknown): AppError {
  const error = new AppError('provider_error', message)
  if (cause !== undefined) Object.defineProperty(error, 'cause', { value: cause, enumerable: false })
  return error
}

/**
 * Only methods a later rate can charge again may be kept (methods.ts `reusableMethods`): asking to keep
 * another is a checkout bug, refused before any provider call rather than failing at the next rate.
 */
export function assertCanSave(method: CheckoutMethod | 'free', saveMethod: boolean): void {
  if (saveMethod && !(reusableMethods as readonly string[]).includes(method)) {
    throw new AppError('no_payment_method', 'This payment method cannot be kept for later payments')
  }
}

/** One header's value (Node lowercases names; a repeated header counts as absent). */
export function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name.toLowerCase()]
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** A provider that takes no webhooks: every delivery is refused as unsigned. */
export async function noWebhooks(): Promise<never> {
  throw new AppError('invalid_signature', 'This provider sends no webhooks')
}
