import { AsyncLocalStorage } from 'node:async_hooks'

// The request a piece of work belongs to (docs/operations.md "Logs"): set for each HTTP request, written into the
// jobs it enqueues and set again while they run, so a payment's request and its delivery, invoice and mail jobs
// share one `requestId` in the JSON logs (the logger's mixin adds it to every line).

export type RequestContext = { requestId: string }

export const requestContext = new AsyncLocalStorage<RequestContext>()

/** The current request's id, in a request or in a job it caused. */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId
}
