import type { Money } from '../../../shared/money'
import type { CheckoutMethod, PaymentProvider } from '../../../shared/payments'

// One interface for every provider (docs/DESIGN.md "Payments"). A provider is called outside any database
// transaction (PGlite is one session): the checkout commits the order and its payment row first, then asks
// the provider, then records the answer in a second short transaction.

export type StripeCredentials = { publishableKey: string; secretKey: string; webhookSecret?: string }
export type PayPalCredentials = { email: string; clientId: string; clientSecret: string; merchantId?: string; webhookId?: string }
export type BankWireCredentials = { accountHolder: string; iban: string; bic?: string; bankName?: string }

/** Where the payer's card came from; never the number. */
export type CardDetails = { brand: string; last4: string; expMonth: number; expYear: number }

/** A method the provider kept for later charges without the payer (upsells, next rates). */
export type SavedMethod = { provider: PaymentProvider; customerId?: string; paymentMethodId?: string; vaultId?: string }

export type BankWireDetails = { account_holder: string; iban: string; bic: string | null; bank_name: string | null; reference: string; amount: number; currency: string }

/** What the payer does next, as the shop API answers it. */
export type NextAction =
  | { type: 'redirect'; url: string }
  | { type: 'bank_wire'; details: BankWireDetails }
  | { type: 'none' }

export type PayerInfo = { email: string; firstName: string; lastName: string; countryCode: string }

export type CreatePaymentInput = {
  /** Our payment's token: the provider carries it back in metadata and webhooks. */
  paymentToken: string
  orderToken: string
  amount: Money
  method: CheckoutMethod | 'free'
  description: string
  payer: PayerInfo
  /** Where the provider sends the payer back (success and cancel). */
  returnUrl: string
  cancelUrl: string
  /** Keep the method for later rates and one-click upsells. */
  saveMethod: boolean
  /** Passed to the provider so a retried call creates one payment there too. */
  idempotencyKey: string
}

export type ChargeSavedInput = Omit<CreatePaymentInput, 'returnUrl' | 'cancelUrl' | 'saveMethod'> & { savedMethod: SavedMethod }

/** A payment's standing at the provider, from a create, a return, a retrieve or a webhook. */
export type PaymentOutcome = {
  providerRef: string
  state: 'waiting' | 'pending' | 'partially_paid' | 'successful' | 'denied' | 'error' | 'canceled' | 'expired'
  /** What the provider says it collected (compared with ours before a payment counts). */
  amount?: Money
  card?: CardDetails
  savedMethod?: SavedMethod
  failureReason?: string
}

export type CreatePaymentResult = PaymentOutcome & { nextAction: NextAction }

/**
 * One verified webhook event, reduced to what the platform acts on. Its providerRef (or outcome.providerRef)
 * is the payment's providerRef as createPayment or chargeSavedMethod returned it, and paymentToken is set
 * for every payment Sellfront created; events of anything else at the provider are `ignored`.
 */
export type ProviderEvent =
  | { eventId: string; type: string; kind: 'payment'; paymentToken?: string; outcome: PaymentOutcome }
  | {
      /** chargeback_reversal: the dispute (named by `ref`) was closed in the seller's favour, the money comes back. */
      eventId: string; type: string; kind: 'refund' | 'chargeback' | 'chargeback_reversal'; paymentToken?: string; providerRef: string; amount: Money
      /** The provider's id of this refund or dispute, when the event names it (always for disputes and their reversal). */
      ref?: string
      /** Refunds: the payment's refunded total at the provider after this event, so refunds the platform started itself reconcile. */
      totalRefunded?: Money
      /**
       * Disputes: the dispute fee the provider keeps after this event, when the event reports it (Stripe's
       * dispute balance transactions). On a chargeback, the fee charged; on a chargeback_reversal, what is
       * still kept (lower than booked when the provider gave the fee back; absent: the booked fee stays).
       */
      fee?: Money
    }
  | { eventId: string; type: string; kind: 'ignored' }

/**
 * Replacing the method an order's later rates are charged to (the payer's manage page): the provider shows
 * its own page where the payer enters the new method, and keeps it without charging anything.
 */
export type CreateSetupInput = {
  /** Our setup's token: the provider carries it back in metadata. */
  setupToken: string
  orderToken: string
  /** The method to set up again (a reusable one: card, SEPA...). */
  method: CheckoutMethod
  currency: Money['currency']
  payer: PayerInfo
  /** The method kept so far: its provider customer, when there is one, keeps the new method too. */
  current: SavedMethod | null
  returnUrl: string
  cancelUrl: string
  idempotencyKey: string
}

/** A setup's standing at the provider. */
export type SetupOutcome = {
  providerRef: string
  state: 'waiting' | 'successful' | 'denied' | 'canceled' | 'expired'
  savedMethod?: SavedMethod
  card?: CardDetails
  failureReason?: string
}

export type CreateSetupResult = SetupOutcome & { nextAction: NextAction }

export type RefundInput = { providerRef: string; amount: Money; idempotencyKey: string; reason?: string }
export type RefundResult = { refundRef: string; state: 'successful' | 'pending' | 'denied' }

export interface PaymentProviderAdapter {
  readonly code: PaymentProvider
  createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult>
  /** Charges a saved method without the payer (off-session). */
  chargeSavedMethod(input: ChargeSavedInput): Promise<CreatePaymentResult>
  /** The payment's standing now (the return from a redirect confirms through this, never through the URL). */
  retrievePayment(providerRef: string): Promise<PaymentOutcome>
  refund(input: RefundInput): Promise<RefundResult>
  /**
   * Verifies a webhook's signature over the raw body and reduces it to events. Throws
   * AppError('invalid_signature') when the signature does not verify.
   */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProviderEvent[]>
  /**
   * Optional: starts a setup of a new saved method (no charge). Providers without it cannot change the
   * method of later rates yet (PayPal needs its vault flow; bank wire and free keep no method).
   */
  createSetup?(input: CreateSetupInput): Promise<CreateSetupResult>
  /** The setup's standing now (the return from the provider's page confirms through this, never the URL). */
  retrieveSetup?(providerRef: string): Promise<SetupOutcome>
}
