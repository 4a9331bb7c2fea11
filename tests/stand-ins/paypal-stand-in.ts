import { createHmac } from 'node:crypto'
import { randomId, startServer, type RecordedRequest, type Reply, type StandInServer } from './server'

// A local stand-in for the PayPal REST paths the adapter uses: OAuth, Orders v2, captures and refunds,
// and the webhook signature check. It answers with JSON shaped like PayPal's, replays PayPal-Request-Id,
// plays the payer (`approve`) and signs webhook deliveries that only it can verify.

type Obj = Record<string, any>

export type PayPalStandIn = StandInServer & {
  clientId: string
  clientSecret: string
  webhookId: string
  orders: Map<string, Obj>
  captures: Map<string, Obj>
  refunds: Map<string, Obj>
  /** Whether verify-webhook-signature answers SUCCESS for a delivery this stand-in signed (false: FAILURE for all). */
  verifies: boolean
  /** The payer approves the order on PayPal's page. */
  approve(orderId: string): Obj
  /** The next capture of this order is refused as PayPal refuses a declined funding source. */
  declineNextCapture(orderId: string): void
  /** A vault id whose charges PayPal refuses. */
  declinedVaultId: string
  dispute(captureId: string, amount?: Obj): Obj
  /** A signed delivery of an event: the raw body and PayPal's transmission headers. */
  webhook(eventType: string, resource: Obj): { event: Obj; body: Buffer; headers: Record<string, string> }
}

export async function startPayPalStandIn(
  options: { clientId?: string; clientSecret?: string; webhookId?: string } = {},
): Promise<PayPalStandIn> {
  const clientId = options.clientId ?? 'paypal-client-standin'
  const clientSecret = options.clientSecret ?? 'paypal-secret-standin'
  const webhookId = options.webhookId ?? 'WH-STANDIN'
  const signingKey = randomId(32)
  const tokens = new Set<string>()
  const orders = new Map<string, Obj>()
  const vaultRequested = new Set<string>()
  const captures = new Map<string, Obj>()
  const refunds = new Map<string, Obj>()
  const vaults = new Set<string>()
  const declining = new Set<string>()
  const declinedVaultId = 'VLT-DECLINED'
  const idempotent = new Map<string, Reply>()
  const signed = new Map<string, { sig: string; event: string }>()
  let base = ''
  const stamp = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z')

  function failure(status: number, name: string, issue: string, description: string): Reply {
    const message = status === 422
      ? 'The requested action could not be performed, semantically incorrect, or failed business validation.'
      : status === 404 ? 'The specified resource does not exist.' : 'Request is not well-formed, syntactically incorrect, or violates schema.'
    return { status, body: { name, message, debug_id: randomId(13).toLowerCase(), details: [{ issue, description }], links: [] } }
  }
  const notFound = (id: string) => failure(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', `Specified resource ID ${id} does not exist.`)

  function orderLinks(id: string, status: string): Obj[] {
    const links = [{ href: `${base}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' }]
    if (status === 'PAYER_ACTION_REQUIRED') links.push({ href: `${base}/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' })
    if (status === 'APPROVED') links.push({ href: `${base}/v2/checkout/orders/${id}/capture`, rel: 'capture', method: 'POST' })
    return links
  }

  function view(order: Obj): Obj {
    return { ...order, links: orderLinks(order.id, order.status) }
  }

  function newCapture(order: Obj, status: 'COMPLETED' | 'DECLINED'): Obj {
    const unit = order.purchase_units[0]
    const id = `CAP${randomId(14).toUpperCase()}`
    const capture = {
      id, status, amount: { ...unit.amount }, final_capture: true, custom_id: unit.custom_id,
      seller_protection: { status: 'ELIGIBLE' },
      seller_receivable_breakdown: { gross_amount: { ...unit.amount }, net_amount: { ...unit.amount } },
      supplementary_data: { related_ids: { order_id: order.id } },
      links: [
        { href: `${base}/v2/payments/captures/${id}`, rel: 'self', method: 'GET' },
        { href: `${base}/v2/payments/captures/${id}/refund`, rel: 'refund', method: 'POST' },
        { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
      ],
      create_time: stamp(), update_time: stamp(),
      refunded: 0,
    }
    captures.set(id, capture)
    return capture
  }

  function complete(order: Obj, status: 'COMPLETED' | 'DECLINED', vaultId?: string): Obj {
    const capture = newCapture(order, status)
    const { refunded: _refunded, supplementary_data: _data, ...shown } = capture
    order.purchase_units[0].payments = { captures: [shown] }
    order.status = 'COMPLETED'
    order.update_time = stamp()
    const paypal: Obj = { email_address: 'payer@example.com', account_id: 'PAYERID1234', account_status: 'VERIFIED', name: { given_name: 'Pat', surname: 'Payer' } }
    if (vaultId) paypal.attributes = { vault: { id: vaultId, status: 'VAULTED', customer: { id: `CUS${order.id}` } } }
    order.payment_source = { paypal }
    return order
  }

  function amountOk(amount: Obj | undefined): boolean {
    return typeof amount?.currency_code === 'string' && /^\d+(\.\d+)?$/.test(String(amount?.value ?? ''))
  }

  function createOrder(body: Obj): Reply {
    const unit = body.purchase_units?.[0]
    if (body.intent !== 'CAPTURE' || !amountOk(unit?.amount)) return failure(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', 'intent and purchase_units[0].amount are required')
    const id = randomId(17).toUpperCase()
    const order: Obj = { id, intent: 'CAPTURE', status: 'PAYER_ACTION_REQUIRED', purchase_units: [{ reference_id: unit.reference_id ?? 'default', ...unit }], create_time: stamp() }
    const source = body.payment_source?.paypal ?? {}
    orders.set(id, order)
    if (source.vault_id) {
      // A vaulted wallet is charged at once, without the payer.
      if (source.vault_id === declinedVaultId) {
        orders.delete(id)
        return failure(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED', 'The instrument presented was either declined by the processor or bank, or it can\'t be used for this payment.')
      }
      if (!vaults.has(source.vault_id)) return failure(422, 'UNPROCESSABLE_ENTITY', 'INVALID_VAULT_ID', 'The vault id is not known.')
      return { status: 201, body: view(complete(order, 'COMPLETED', source.vault_id)) }
    }
    if (!source.experience_context?.return_url || !source.experience_context?.cancel_url) {
      return failure(422, 'UNPROCESSABLE_ENTITY', 'MISSING_REQUIRED_PARAMETER', 'payment_source.paypal.experience_context return_url and cancel_url are required')
    }
    if (source.attributes?.vault?.store_in_vault === 'ON_SUCCESS') vaultRequested.add(id)
    return { status: 200, body: view(order) }
  }

  function captureOrder(id: string): Reply {
    const order = orders.get(id)
    if (!order) return notFound(id)
    if (order.status === 'COMPLETED') return failure(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.')
    if (order.status !== 'APPROVED') return failure(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.')
    if (declining.delete(id)) return failure(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED', 'The instrument presented was declined.')
    let vaultId: string | undefined
    if (vaultRequested.has(id)) {
      vaultId = `VLT${randomId(10).toUpperCase()}`
      vaults.add(vaultId)
    }
    return { status: 201, body: view(complete(order, 'COMPLETED', vaultId)) }
  }

  function showCapture(capture: Obj): Obj {
    const { refunded: _refunded, ...shown } = capture
    return shown
  }

  function refundCapture(captureId: string, body: Obj): Reply {
    const capture = captures.get(captureId)
    if (!capture) return notFound(captureId)
    const left = cents(capture.amount.value) - capture.refunded
    const amount = body.amount ? cents(body.amount.value) : left
    if (body.amount && !amountOk(body.amount)) return failure(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', 'amount is not a decimal')
    if (amount > left || left === 0) return failure(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.')
    capture.refunded += amount
    capture.status = capture.refunded === cents(capture.amount.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED'
    const currency = capture.amount.currency_code
    const id = `REF${randomId(14).toUpperCase()}`
    const refund = {
      id, status: 'COMPLETED', amount: { currency_code: currency, value: decimal(amount) },
      ...(body.custom_id ? { custom_id: body.custom_id } : {}), ...(body.note_to_payer ? { note_to_payer: body.note_to_payer } : {}),
      seller_payable_breakdown: {
        gross_amount: { currency_code: currency, value: decimal(amount) },
        total_refunded_amount: { currency_code: currency, value: decimal(capture.refunded) },
      },
      links: [
        { href: `${base}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
        { href: `${base}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
      ],
      create_time: stamp(), update_time: stamp(),
    }
    refunds.set(id, refund)
    return { status: 201, body: refund }
  }

  function verify(body: Obj): Reply {
    const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event']
    if (fields.some((f) => body[f] === undefined)) return failure(400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER', 'A verification field is missing')
    const delivery = signed.get(body.transmission_id)
    const ok = stand.verifies && body.webhook_id === webhookId && delivery !== undefined
      && delivery.sig === body.transmission_sig && delivery.event === JSON.stringify(body.webhook_event)
    return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } }
  }

  function route(r: RecordedRequest): Reply {
    if (r.method === 'POST' && r.path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`
      if (r.headers.authorization !== expected || r.body.grant_type !== 'client_credentials') {
        return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } }
      }
      const token = `A21${randomId(40)}`
      tokens.add(token)
      return { status: 200, body: { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-STANDIN', expires_in: 32400, nonce: randomId(20) } }
    }
    const bearer = r.headers.authorization?.replace(/^Bearer /, '')
    if (!bearer || !tokens.has(bearer)) return { status: 401, body: { error: 'invalid_token', error_description: 'Token signature verification failed' } }

    const parts = r.path.split('/').filter(Boolean)
    if (r.method === 'POST' && r.path === '/v1/notifications/verify-webhook-signature') return verify(r.body)
    if (parts[0] === 'v2' && parts[1] === 'checkout' && parts[2] === 'orders') {
      const id = parts[3]
      if (r.method === 'POST' && !id) return createOrder(r.body)
      if (r.method === 'GET' && id && parts.length === 4) {
        const order = orders.get(id)
        return order ? { status: 200, body: view(order) } : notFound(id)
      }
      if (r.method === 'POST' && id && parts[4] === 'capture') return captureOrder(id)
    }
    if (parts[0] === 'v2' && parts[1] === 'payments' && parts[2] === 'captures' && parts[3]) {
      const capture = captures.get(parts[3])
      if (r.method === 'GET' && parts.length === 4) return capture ? { status: 200, body: showCapture(capture) } : notFound(parts[3])
      if (r.method === 'POST' && parts[4] === 'refund') return refundCapture(parts[3], r.body)
    }
    return notFound(r.path)
  }

  const server = await startServer((r) => {
    const requestId = r.headers['paypal-request-id']
    if (r.method !== 'POST' || typeof requestId !== 'string') return route(r)
    // PayPal-Request-Id: a repeated call answers what the first one did.
    const key = `${r.path}\n${requestId}`
    const seen = idempotent.get(key)
    if (seen) return seen
    const reply = route(r)
    if (reply.status < 500) idempotent.set(key, reply)
    return reply
  })
  base = server.url

  const stand: PayPalStandIn = {
    ...server,
    clientId,
    clientSecret,
    webhookId,
    orders,
    captures,
    refunds,
    verifies: true,
    declinedVaultId,

    approve(orderId) {
      const order = orders.get(orderId)
      if (!order || order.status !== 'PAYER_ACTION_REQUIRED') throw new Error(`stand-in: order ${orderId} cannot be approved`)
      order.status = 'APPROVED'
      order.payer = { email_address: 'payer@example.com', payer_id: 'PAYERID1234', name: { given_name: 'Pat', surname: 'Payer' } }
      return view(order)
    },

    declineNextCapture(orderId) {
      declining.add(orderId)
    },

    dispute(captureId, amount) {
      const capture = captures.get(captureId)
      if (!capture) throw new Error(`stand-in: no capture ${captureId}`)
      return {
        dispute_id: `PP-D-${randomId(8).toUpperCase()}`, reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED', status: 'OPEN',
        dispute_amount: amount ?? { ...capture.amount },
        disputed_transactions: [{ seller_transaction_id: captureId, create_time: capture.create_time }],
        create_time: stamp(),
      }
    },

    webhook(eventType, resource) {
      const event = {
        id: `WH-${randomId(17).toUpperCase()}`, event_version: '1.0', create_time: stamp(), resource_type: eventType.split('.')[1]?.toLowerCase(),
        resource_version: '2.0', event_type: eventType, summary: eventType, resource,
        links: [{ href: `${base}/v1/notifications/webhooks-events/x`, rel: 'self', method: 'GET' }],
      }
      const payload = JSON.stringify(event)
      const transmissionId = randomId(36)
      const time = stamp()
      // PayPal signs id|time|webhook id|crc32(body) with its certificate; the stand-in, with a secret of its own.
      const sig = createHmac('sha256', signingKey).update(`${transmissionId}|${time}|${webhookId}|${payload}`).digest('base64')
      signed.set(transmissionId, { sig, event: JSON.stringify(JSON.parse(payload)) })
      return {
        event,
        body: Buffer.from(payload),
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `${base}/v1/notifications/certs/CERT-STANDIN`,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': sig,
          'paypal-transmission-time': time,
        },
      }
    },
  }
  return stand
}

/** "19.99" -> 1999, for the two-decimal currencies the stand-in is used with (integers only, as docs/STYLE.md 1). */
function cents(value: string): number {
  const [whole = '0', fraction = ''] = value.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2))
}

function decimal(amount: number): string {
  return `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`
}
