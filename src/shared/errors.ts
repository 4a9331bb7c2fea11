// Every expected failure has a stable type; this table maps it to its HTTP status. The server's one
// error handler and the web client both read it, so a type means the same thing on both sides.
export const errorStatus = {
  // request shape
  INVALID_INPUT: 400,
  bad_request: 400,
  invalid_json: 400,
  invalid_upload: 400,
  validation_failed: 422,
  request_timeout: 408,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  headers_too_large: 431,
  // sessions (docs/reference/accounts-and-orders.md §8: exactly these six)
  missing_access_token: 401,
  invalid_access_token: 401,
  expired_access_token: 401,
  missing_refresh_token: 401,
  invalid_refresh_token: 401,
  expired_refresh_token: 401,
  // accounts
  invalid_credentials: 401,
  invalid_token: 422,
  expired_token: 422,
  email_taken: 422,
  username_taken: 422,
  email_not_confirmed: 403,
  account_deactivated: 403,
  account_deleted: 403,
  account_blocked: 403,
  /** The admin mode cookie expired or ended: the manager returns to /admin (docs/decisions/0056-managers-admin-mode.md). */
  admin_mode_ended: 401,
  deletion_not_possible: 409,
  profile_exists: 409,
  // access
  forbidden: 403,
  feature_disabled: 403,
  not_found: 404,
  conflict: 409,
  // catalogue
  cannot_publish: 422,
  password_required: 403,
  sold_out: 409,
  wrong_product_form: 422,
  coupon_invalid: 422,
  // the payer's currency has no exchange rate, or only one older than the manager's limit: that currency is
  // refused at the checkout rather than guessed (docs/decisions/0097-payer-currencies.md)
  currency_unavailable: 422,
  // affiliates: a publisher joins a program before their birthday is known (docs/decisions/0048-affiliates.md "Age")
  birthday_required: 400,
  // a program names a product that is not the seller's: a fact of the database, not of the request's shape
  foreign_product: 400,
  // payouts (docs/decisions/0049-money-out.md "Payouts"): more than the available balance, or the identity,
  // bank account or availability does not allow a payout yet
  insufficient_balance: 400,
  payouts_not_available: 400,
  // money out: an identity check is submitted or accepted while required documents are missing or refused
  // (docs/decisions/0049-money-out.md "Identity"); the answer's fields name them
  legitimation_incomplete: 400,
  // resellers: a seller already has a waiting or approved reseller (docs/decisions/0051-resellers.md)
  reseller_approval_open: 409,
  // tracking: a tracking id that does not match its type's rule (docs/decisions/0074-tracking-with-consent.md)
  invalid_tracking_id: 422,
  // webhooks: a URL that is not http(s) or reaches a loopback, private, link-local or metadata address
  // (docs/decisions/0072-signed-webhooks.md)
  url_not_allowed: 400,
  // accounting: a DATEV export asked for before the consultant and client number are saved (docs/decisions/0076-datev-export.md)
  datev_settings_missing: 409,
  // checkout and payments
  idempotency_key_required: 400,
  idempotency_in_progress: 409,
  idempotency_key_reused: 422,
  invalid_signature: 400,
  no_payment_method: 422,
  not_on_sale: 409,
  // the seller paused selling (docs/decisions/0051-resellers.md "Selling modes")
  selling_not_available: 409,
  payment_failed: 402,
  provider_error: 502,
  // integrations: the service refused the credentials given at connect (docs/decisions/0075-integrations.md)
  integration_credentials_refused: 422,
  // the service could not be reached or answered with an error, so the credentials could not be checked (not a 5xx: the platform is fine)
  integration_unreachable: 424,
  // refunds: nothing (or less than asked) is left to refund, or the order was never paid
  refund_not_possible: 422,
  // payment tickets (check-in)
  already_used: 409,
  ticket_not_valid: 409,
  // downloads and license keys (delivery)
  link_expired: 403,
  download_limit_reached: 403,
  activation_limit_reached: 409,
  // the course player (access_pending: paid moments ago, the delivery has not granted access yet)
  lesson_locked: 403,
  access_pending: 409,
  quiz_attempts_exhausted: 409,
  quiz_not_passed: 409,
  comments_disabled: 403,
  // platform plans: a promo token past its expiry or with no uses left (docs/decisions/0055-platform-plans.md)
  promo_unavailable: 410,
  // throttling and availability (spec backend codes)
  MS_MAX_CONCURRENT_REQ: 429,
  MS_UNAVAILABLE: 503,
  internal_error: 500,
} as const

export type ErrorType = keyof typeof errorStatus

export const accessTokenErrors = ['missing_access_token', 'invalid_access_token', 'expired_access_token'] as const
export const refreshTokenErrors = ['missing_refresh_token', 'invalid_refresh_token', 'expired_refresh_token'] as const

export type FieldError = { path: string; message: string }

export class AppError extends Error {
  readonly type: ErrorType
  readonly status: number
  readonly fields: FieldError[] | undefined
  /** For a 429: when to try again (the Retry-After header); the handler's default when absent. */
  retryAfterSeconds: number | undefined
  /** Facts the client needs besides the type, answered beside it in `error` (e.g. a ticket's first `used_at`). */
  details: Record<string, string | number | boolean | null> | undefined
  constructor(type: ErrorType, message?: string, fields?: FieldError[]) {
    super(message ?? type)
    this.type = type
    this.status = errorStatus[type]
    this.fields = fields
  }
}

/** A 429 MS_MAX_CONCURRENT_REQ that says when the limit's window ends. */
export function tooManyRequests(message: string, retryAfterSeconds: number): AppError {
  const error = new AppError('MS_MAX_CONCURRENT_REQ', message)
  error.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds))
  return error
}

/** The JSON body of every error answer. */
export type ErrorBody = { error: { message: string; type: string; fields?: FieldError[]; [detail: string]: unknown } }
