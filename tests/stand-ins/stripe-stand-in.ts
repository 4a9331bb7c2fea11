import Stripe from 'stripe'
import { randomId, startServer, type RecordedRequest, type Reply, type StandInServer } from './server'

// A local stand-in for the Stripe API paths the adapter uses: Checkout Sessions (payment and setup mode),
// PaymentIntents, SetupIntents (through setup sessions), customers, refunds, transfers to connected
// accounts (the connect payout rail), and connected accounts with their onboarding links (`updateAccount`
// plays the party finishing onboarding or the provider restricting the account).
// It answers the SDK's form-encoded requests with JSON shaped like Stripe's objects, keeps them in memory,
// replays idempotency keys, and plays the payer (`completeSession`) and Stripe's webhooks (`webhook`).

type Obj = Record<string, any>

/** Stripe's test payment methods the stand-in knows: a card that pays, another brand, and one that declines. */
export const testCards: Record<string, { brand: string; last4: string; declines?: boolean }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', declines: true },
}
const testExpYear = new Date().getUTCFullYear() + 2

export type StripeStandIn = StandInServer & {
  secretKey: string
  webhookSecret: string
  sessions: Map<string, Obj>
  paymentIntents: Map<string, Obj>
  charges: Map<string, Obj>
  refunds: Map<string, Obj>
  /** Transfers to connected accounts (`acct_...`); a destination in `missingAccounts` is refused like an unknown account. */
  transfers: Map<string, Obj>
  missingAccounts: Set<string>
  /** Connected accounts made through `POST /v1/accounts`. */
  accounts: Map<string, Obj>
  /** Onboarding links made through `POST /v1/account_links`. */
  accountLinks: Obj[]
  /** Changes a connected account as onboarding or the provider's checks would (charges_enabled, requirements, …). */
  updateAccount(id: string, changes: Obj): Obj
  /**
   * The payer pays on the session's page with a test payment method. A card that declines leaves the
   * session open (the payer may try again); a delayed method (sepa_debit) leaves the intent processing.
   */
  completeSession(id: string, options?: { paymentMethod?: string }): Obj
  /** A delayed payment's bank answer arrives. */
  settleAsync(sessionId: string, result: 'succeeded' | 'failed'): Obj
  expireSession(id: string): Obj
  dispute(chargeId: string, amount?: number): Obj
  /**
   * The next `times` POSTs to `path` are carried out but answered 500 (a timeout after Stripe did the work):
   * a retry with the same idempotency key then gets the first result.
   */
  failAfterProcessing(path: string, times?: number): void
  /** An event as Stripe builds it: the object as it is now, ids not expanded. */
  event(type: string, object: Obj, previousAttributes?: Obj): Obj
  /** A signed delivery of an event: the raw body and the headers Stripe sends. */
  webhook(type: string, object: Obj, options?: { secret?: string; previousAttributes?: Obj }): { event: Obj; body: Buffer; headers: Record<string, string> }
}

export async function startStripeStandIn(options: { secretKey?: string; webhookSecret?: string } = {}): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? 'sk_test_standin'
  const webhookSecret = options.webhookSecret ?? 'whsec_standin'
  const sessions = new Map<string, Obj>()
  const sessionIntentData = new Map<string, Obj>()
  const paymentIntents = new Map<string, Obj>()
  const charges = new Map<string, Obj>()
  const refunds = new Map<string, Obj>()
  const transfers = new Map<string, Obj>()
  const missingAccounts = new Set<string>()
  const accounts = new Map<string, Obj>()
  const accountLinks: Obj[] = []
  const customers = new Map<string, Obj>()
  const setupIntents = new Map<string, Obj>()
  const paymentMethods = new Map<string, Obj>()
  const idempotent = new Map<string, { fingerprint: string; reply: Reply }>()
  let base = ''
  const now = () => Math.floor(Date.now() / 1000)

  function error(status: number, type: string, message: string, extra: Obj = {}): Reply {
    return { status, body: { error: { type, message, ...extra } } }
  }
  const missing = (what: string, id: string) => error(404, 'invalid_request_error', `No such ${what}: '${id}'`, { code: 'resource_missing', param: 'id' })

  function cardOf(paymentMethod: string): { brand: string; last4: string } {
    return paymentMethods.get(paymentMethod)?.card ?? testCards[paymentMethod] ?? { brand: 'visa', last4: '4242' }
  }

  function paymentMethodObject(id: string): Obj {
    const known = paymentMethods.get(id)
    const card = known?.card ? { brand: known.card.brand, last4: known.card.last4, exp_month: 12, exp_year: testExpYear } : null
    return { id, object: 'payment_method', type: known?.type ?? 'card', customer: known?.customer ?? null, card, created: now(), livemode: false }
  }

  function newCustomer(email: string | null): Obj {
    const customer = { id: `cus_${randomId()}`, object: 'customer', email, created: now(), livemode: false, metadata: {} }
    customers.set(customer.id, customer)
    return customer
  }

  function newCharge(intent: Obj, type: string, status: 'succeeded' | 'pending' | 'failed'): Obj {
    const details: Obj = { type }
    if (type === 'card') {
      const card = cardOf(intent.payment_method)
      details.card = { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: testExpYear, funding: 'credit', country: 'US', network: card.brand }
    } else details[type] = {}
    const charge = {
      id: `ch_${randomId()}`, object: 'charge', amount: intent.amount, amount_captured: status === 'succeeded' ? intent.amount : 0,
      amount_refunded: 0, currency: intent.currency, customer: intent.customer, payment_intent: intent.id,
      payment_method: intent.payment_method, payment_method_details: details, metadata: { ...intent.metadata },
      status, paid: status === 'succeeded', refunded: false, disputed: false, captured: status === 'succeeded',
      created: now(), livemode: false,
    }
    charges.set(charge.id, charge)
    return charge
  }

  function newIntent(fields: Obj): Obj {
    const intent = {
      id: `pi_${randomId()}`, object: 'payment_intent', amount: 0, amount_received: 0, currency: 'eur', status: 'requires_payment_method',
      customer: null, payment_method: null, setup_future_usage: null, metadata: {}, description: null, latest_charge: null,
      last_payment_error: null, allowed_payment_method_types: ['card'], payment_method_types: ['card'], created: now(), livemode: false,
      ...fields,
    }
    paymentIntents.set(intent.id, intent)
    return intent
  }

  function expandIntent(intent: Obj, expand: string[], prefix: string): Obj {
    const copy = { ...intent }
    if (expand.includes(`${prefix}latest_charge`) && typeof copy.latest_charge === 'string') copy.latest_charge = charges.get(copy.latest_charge) ?? null
    return copy
  }

  function expandSession(session: Obj, expand: string[]): Obj {
    const copy = { ...session }
    if (expand.some((e) => e.startsWith('setup_intent')) && typeof copy.setup_intent === 'string') {
      const intent = { ...setupIntents.get(copy.setup_intent) }
      if (expand.includes('setup_intent.payment_method') && typeof intent.payment_method === 'string') intent.payment_method = paymentMethodObject(intent.payment_method)
      copy.setup_intent = intent
    }
    if (expand.some((e) => e.startsWith('payment_intent')) && typeof copy.payment_intent === 'string') {
      copy.payment_intent = expandIntent(paymentIntents.get(copy.payment_intent) ?? {}, expand, 'payment_intent.')
    }
    return copy
  }

  const expansions = (r: RecordedRequest): string[] => [...(r.query.expand ?? []), ...(r.body.expand ?? [])]

  // Setup mode (a new saved method, no charge): the payer's method is attached to the given customer.
  function createSetupSession(body: Obj): Reply {
    if (!body.currency) return error(400, 'invalid_request_error', 'currency is required in setup mode with payment method types', { param: 'currency' })
    if (!body.success_url) return error(400, 'invalid_request_error', 'Missing required param: success_url.', { param: 'success_url' })
    if (body.customer && !customers.has(body.customer)) return missing('customer', body.customer)
    const types: string[] = body.allowed_payment_method_types ?? ['card']
    const id = `cs_test_${randomId(24)}`
    const session = {
      id, object: 'checkout.session', mode: 'setup', status: 'open', payment_status: 'no_payment_required', amount_subtotal: null, amount_total: null,
      currency: body.currency, client_reference_id: body.client_reference_id ?? null, metadata: body.metadata ?? {}, customer: body.customer ?? null,
      payment_intent: null, setup_intent: null, allowed_payment_method_types: types, payment_method_types: types,
      success_url: body.success_url, cancel_url: body.cancel_url ?? null, url: `${base}/c/pay/${id}`, expires_at: now() + 86_400, created: now(), livemode: false,
    }
    sessions.set(id, session)
    sessionIntentData.set(id, body.setup_intent_data ?? {})
    return { status: 200, body: session }
  }

  function createSession(body: Obj): Reply {
    if (body.mode === 'setup') return createSetupSession(body)
    if (body.mode !== 'payment') return error(400, 'invalid_request_error', 'mode must be payment or setup', { param: 'mode' })
    const item = body.line_items?.[0]
    const unitAmount = Number(item?.price_data?.unit_amount)
    if (!Number.isInteger(unitAmount) || !item?.price_data?.currency) {
      return error(400, 'invalid_request_error', 'line_items[0][price_data] is incomplete', { param: 'line_items' })
    }
    if (!body.success_url) return error(400, 'invalid_request_error', 'Missing required param: success_url.', { param: 'success_url' })
    const types: string[] = body.allowed_payment_method_types ?? ['card']
    const id = `cs_test_${randomId(24)}`
    const session = {
      id, object: 'checkout.session', mode: 'payment', status: 'open', payment_status: 'unpaid',
      amount_subtotal: unitAmount * Number(item.quantity ?? 1), amount_total: unitAmount * Number(item.quantity ?? 1),
      currency: item.price_data.currency, client_reference_id: body.client_reference_id ?? null, metadata: body.metadata ?? {},
      customer: null, customer_email: body.customer_email ?? null, customer_creation: body.customer_creation ?? 'if_required',
      payment_intent: null, allowed_payment_method_types: types, payment_method_types: types,
      success_url: body.success_url, cancel_url: body.cancel_url ?? null, url: `${base}/c/pay/${id}`,
      expires_at: now() + 86_400, created: now(), livemode: false,
    }
    sessions.set(id, session)
    sessionIntentData.set(id, body.payment_intent_data ?? {})
    return { status: 200, body: session }
  }

  function createIntent(body: Obj): Reply {
    const amount = Number(body.amount)
    if (!Number.isInteger(amount) || amount < 1 || !body.currency) return error(400, 'invalid_request_error', 'amount and currency are required', { param: 'amount' })
    if (body.confirm !== 'true' || body.off_session !== 'true') return error(400, 'invalid_request_error', 'The stand-in only confirms off-session intents')
    const known = paymentMethods.get(body.payment_method)
    if (!known && !testCards[body.payment_method]) return missing('payment_method', body.payment_method)
    if (known && known.customer !== body.customer) {
      return error(400, 'invalid_request_error', 'The provided PaymentMethod is not attached to this customer', { param: 'payment_method' })
    }
    const intent = newIntent({
      amount, currency: body.currency, customer: body.customer, payment_method: body.payment_method, metadata: body.metadata ?? {},
      description: body.description ?? null, allowed_payment_method_types: ['card'], payment_method_types: ['card'],
    })
    if (testCards[body.payment_method]?.declines) {
      const lastError = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' }
      const charge = newCharge(intent, 'card', 'failed')
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: lastError, latest_charge: charge.id })
      return error(402, 'card_error', 'Your card was declined.', { code: 'card_declined', decline_code: 'generic_decline', charge: charge.id, payment_intent: intent })
    }
    const charge = newCharge(intent, 'card', 'succeeded')
    Object.assign(intent, { status: 'succeeded', amount_received: amount, latest_charge: charge.id })
    return { status: 200, body: expandIntent(intent, body.expand ?? [], '') }
  }

  function createRefund(body: Obj): Reply {
    const intent = paymentIntents.get(body.payment_intent)
    if (!intent) return missing('payment_intent', body.payment_intent)
    const charge = charges.get(intent.latest_charge)
    if (!charge || intent.status !== 'succeeded') return error(400, 'invalid_request_error', 'This PaymentIntent has no successful charge to refund')
    const left = charge.amount_captured - charge.amount_refunded
    const amount = body.amount === undefined ? left : Number(body.amount)
    if (left === 0) return error(400, 'invalid_request_error', `Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' })
    if (!Number.isInteger(amount) || amount < 1 || amount > left) {
      return error(400, 'invalid_request_error', `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, { code: 'amount_too_large', param: 'amount' })
    }
    const refund = {
      id: `re_${randomId()}`, object: 'refund', amount, currency: charge.currency, charge: charge.id, payment_intent: intent.id,
      status: 'succeeded', reason: null, metadata: body.metadata ?? {}, created: now(),
    }
    refunds.set(refund.id, refund)
    charge.amount_refunded += amount
    charge.refunded = charge.amount_refunded === charge.amount_captured
    return { status: 200, body: refund }
  }

  function createTransfer(body: Obj): Reply {
    const amount = Number(body.amount)
    if (!Number.isInteger(amount) || amount < 1 || !body.currency) return error(400, 'invalid_request_error', 'amount and currency are required', { param: 'amount' })
    if (typeof body.destination !== 'string' || !body.destination.startsWith('acct_') || missingAccounts.has(body.destination)) {
      return error(400, 'invalid_request_error', `No such destination: '${body.destination}'`, { code: 'resource_missing', param: 'destination' })
    }
    const transfer = {
      id: `tr_${randomId()}`, object: 'transfer', amount, amount_reversed: 0, currency: body.currency, destination: body.destination,
      destination_payment: `py_${randomId()}`, transfer_group: body.transfer_group ?? null, metadata: body.metadata ?? {}, reversed: false,
      reversals: { object: 'list', data: [], has_more: false }, created: now(), livemode: false,
    }
    transfers.set(transfer.id, transfer)
    return { status: 200, body: transfer }
  }

  function createAccount(body: Obj): Reply {
    if (body.type !== 'express' && body.type !== 'custom' && body.type !== 'standard') return error(400, 'invalid_request_error', 'type is required', { param: 'type' })
    if (typeof body.country !== 'string' || !/^[A-Z]{2}$/.test(body.country)) return error(400, 'invalid_request_error', 'country is invalid', { param: 'country' })
    const account = {
      id: `acct_${randomId()}`, object: 'account', type: body.type, country: body.country, email: body.email ?? null, metadata: body.metadata ?? {},
      capabilities: Object.fromEntries(Object.keys(body.capabilities ?? {}).map((c) => [c, 'inactive'])),
      charges_enabled: false, payouts_enabled: false, details_submitted: false,
      requirements: { currently_due: ['external_account', 'individual.first_name'], eventually_due: [], past_due: [], disabled_reason: 'requirements.past_due', pending_verification: [] },
      created: now(), livemode: false,
    }
    accounts.set(account.id, account)
    return { status: 200, body: account }
  }

  function createAccountLink(body: Obj): Reply {
    if (!accounts.has(String(body.account))) return error(400, 'invalid_request_error', `No such account: '${body.account}'`, { code: 'resource_missing', param: 'account' })
    if (typeof body.return_url !== 'string' || typeof body.refresh_url !== 'string') return error(400, 'invalid_request_error', 'return_url and refresh_url are required')
    const link = { object: 'account_link', url: `${base}/setup/e/${body.account}/${randomId()}`, account: body.account, type: body.type, return_url: body.return_url, refresh_url: body.refresh_url, created: now(), expires_at: now() + 300 }
    accountLinks.push(link)
    return { status: 200, body: link }
  }

  function route(r: RecordedRequest): Reply {
    const [, v1, resource, id, ...rest] = r.path.split('/')
    if (r.method === 'GET' && r.path.startsWith('/c/pay/')) return { status: 200, body: '<!doctype html><title>Checkout stand-in</title>' }
    if (v1 !== 'v1') return error(404, 'invalid_request_error', `Unrecognized request URL (${r.method}: ${r.path}).`)
    if (r.headers.authorization !== `Bearer ${secretKey}`) return error(401, 'invalid_request_error', 'Invalid API Key provided.')

    if (resource === 'checkout' && id === 'sessions') {
      const sessionId = rest[0]
      if (r.method === 'POST' && !sessionId) return createSession(r.body)
      if (r.method === 'GET' && !sessionId) {
        const data = [...sessions.values()].filter((s) => !r.query.payment_intent || s.payment_intent === r.query.payment_intent)
        return { status: 200, body: { object: 'list', data: data.slice(0, Number(r.query.limit ?? 10)), has_more: false, url: '/v1/checkout/sessions' } }
      }
      if (r.method === 'GET' && sessionId) {
        const session = sessions.get(sessionId)
        return session ? { status: 200, body: expandSession(session, expansions(r)) } : missing('checkout.session', sessionId)
      }
    }
    if (resource === 'payment_intents') {
      if (r.method === 'POST' && !id) return createIntent(r.body)
      if (r.method === 'GET' && id) {
        const intent = paymentIntents.get(id)
        return intent ? { status: 200, body: expandIntent(intent, expansions(r), '') } : missing('payment_intent', id)
      }
    }
    if (resource === 'accounts' && r.method === 'POST' && !id) return createAccount(r.body)
    if (resource === 'accounts' && r.method === 'GET' && id) {
      const account = accounts.get(id)
      return account ? { status: 200, body: account } : missing('account', id)
    }
    if (resource === 'account_links' && r.method === 'POST' && !id) return createAccountLink(r.body)
    if (resource === 'refunds' && r.method === 'POST' && !id) return createRefund(r.body)
    if (resource === 'transfers' && r.method === 'POST' && !id) return createTransfer(r.body)
    if (resource === 'transfers' && r.method === 'GET' && id) {
      const transfer = transfers.get(id)
      return transfer ? { status: 200, body: transfer } : missing('transfer', id)
    }
    if (resource === 'customers' && r.method === 'POST' && !id) return { status: 200, body: newCustomer(r.body.email ?? null) }
    if (resource === 'customers' && r.method === 'GET' && id) {
      const customer = customers.get(id)
      return customer ? { status: 200, body: customer } : missing('customer', id)
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${r.method}: ${r.path}).`)
  }

  const failures = new Map<string, number>()
  const server = await startServer((r) => {
    const answer = answerOf(r)
    const left = r.method === 'POST' ? failures.get(r.path) ?? 0 : 0
    if (left === 0) return answer
    failures.set(r.path, left - 1)
    return error(500, 'api_error', 'An error occurred with our connection to Stripe.')
  })
  function answerOf(r: Parameters<Parameters<typeof startServer>[0]>[0]) {
    const key = r.headers['idempotency-key']
    if (r.method !== 'POST' || typeof key !== 'string') return route(r)
    // Stripe's idempotency: the same key and body replay the first answer; another body under it is refused.
    const fingerprint = `${r.path}\n${r.rawBody}`
    const seen = idempotent.get(key)
    if (seen) {
      if (seen.fingerprint !== fingerprint) {
        return error(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with.`)
      }
      return { ...seen.reply, headers: { 'idempotent-replayed': 'true' } }
    }
    const reply = route(r)
    if (reply.status < 500) idempotent.set(key, { fingerprint, reply })
    return reply
  }
  base = server.url

  function session(id: string): Obj {
    const found = sessions.get(id)
    if (!found) throw new Error(`stand-in: no session ${id}`)
    return found
  }

  function event(type: string, object: Obj, previousAttributes?: Obj): Obj {
    return {
      id: `evt_${randomId(24)}`, object: 'event', api_version: Stripe.API_VERSION, created: now(), type, livemode: false,
      pending_webhooks: 1, request: { id: null, idempotency_key: null },
      data: { object, ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
    }
  }

  return {
    ...server,
    secretKey,
    webhookSecret,
    sessions,
    paymentIntents,
    charges,
    refunds,
    transfers,
    accounts,
    accountLinks,
    updateAccount(id, changes) {
      const account = accounts.get(id)
      if (!account) throw new Error(`stand-in: no account ${id}`)
      return Object.assign(account, changes, changes.requirements ? { requirements: { ...account.requirements, ...changes.requirements } } : {})
    },
    missingAccounts,
    failAfterProcessing(path, times = 1) {
      failures.set(path, times)
    },

    completeSession(id, { paymentMethod = 'pm_card_visa' } = {}) {
      const found = session(id)
      if (found.status !== 'open') throw new Error(`stand-in: session ${id} is ${found.status}`)
      const type: string = found.payment_method_types[0]
      const data = sessionIntentData.get(id) ?? {}
      if (found.mode === 'setup') {
        // The payer enters a new method; a card that declines fails the SetupIntent and leaves the session open.
        const methodId = `pm_${randomId()}`
        paymentMethods.set(methodId, { id: methodId, type, customer: found.customer, card: type === 'card' ? cardOf(paymentMethod) : undefined })
        const declines = testCards[paymentMethod]?.declines === true
        const intent = {
          id: `seti_${randomId()}`, object: 'setup_intent', status: declines ? 'requires_payment_method' : 'succeeded', customer: found.customer,
          payment_method: declines ? null : methodId, usage: 'off_session', metadata: data.metadata ?? {}, payment_method_types: [type], created: now(), livemode: false,
          last_setup_error: declines ? { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } : null,
        }
        setupIntents.set(intent.id, intent)
        found.setup_intent = intent.id
        if (!declines) found.status = 'complete'
        return found
      }
      const customer = found.customer_creation === 'always' ? newCustomer(found.customer_email).id : null
      // Checkout makes a new PaymentMethod from what the payer entered.
      const methodId = `pm_${randomId()}`
      paymentMethods.set(methodId, { id: methodId, type, customer, card: type === 'card' ? cardOf(paymentMethod) : undefined })
      const intent = newIntent({
        amount: found.amount_total, currency: found.currency, customer, payment_method: methodId,
        setup_future_usage: data.setup_future_usage ?? null, metadata: data.metadata ?? {}, description: data.description ?? null,
        allowed_payment_method_types: [type], payment_method_types: [type],
      })
      found.payment_intent = intent.id
      if (testCards[paymentMethod]?.declines) {
        const charge = newCharge(intent, type, 'failed')
        Object.assign(intent, {
          latest_charge: charge.id,
          last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
        })
        return found
      }
      const delayed = type === 'sepa_debit'
      const charge = newCharge(intent, type, delayed ? 'pending' : 'succeeded')
      Object.assign(intent, { status: delayed ? 'processing' : 'succeeded', amount_received: delayed ? 0 : intent.amount, latest_charge: charge.id })
      Object.assign(found, { status: 'complete', payment_status: delayed ? 'unpaid' : 'paid', customer })
      return found
    },

    settleAsync(sessionId, result) {
      const found = session(sessionId)
      const intent = paymentIntents.get(found.payment_intent)
      const charge = intent && charges.get(intent.latest_charge)
      if (!intent || !charge || intent.status !== 'processing') throw new Error(`stand-in: session ${sessionId} has no processing payment`)
      if (result === 'succeeded') {
        Object.assign(intent, { status: 'succeeded', amount_received: intent.amount })
        Object.assign(charge, { status: 'succeeded', paid: true, captured: true, amount_captured: charge.amount })
        found.payment_status = 'paid'
      } else {
        Object.assign(intent, { status: 'requires_payment_method', last_payment_error: { type: 'invalid_request_error', code: 'payment_method_provider_decline', message: 'The debit was returned.' } })
        Object.assign(charge, { status: 'failed' })
      }
      return found
    },

    expireSession(id) {
      const found = session(id)
      Object.assign(found, { status: 'expired', url: null })
      return found
    },

    dispute(chargeId, amount) {
      const charge = charges.get(chargeId)
      if (!charge) throw new Error(`stand-in: no charge ${chargeId}`)
      charge.disputed = true
      return {
        id: `dp_${randomId()}`, object: 'dispute', amount: amount ?? charge.amount, currency: charge.currency, charge: charge.id,
        payment_intent: charge.payment_intent, reason: 'fraudulent', status: 'needs_response', metadata: {}, created: now(), livemode: false,
      }
    },

    event,

    webhook(type, object, { secret = webhookSecret, previousAttributes } = {}) {
      const built = event(type, object, previousAttributes)
      const payload = JSON.stringify(built, null, 2)
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret })
      return { event: built, body: Buffer.from(payload), headers: { 'stripe-signature': header, 'content-type': 'application/json' } }
    },
  }
}
