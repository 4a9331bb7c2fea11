import type { Config } from '../../config'
import type { CollectionPartner } from '../../../shared/states'

// The collection partners' case API (docs/decisions/0057-orders-area-remains.md): a claim is opened as a
// case with its claim file, and the partner's answers are read back. One small HTTP adapter for both
// partners (inkasso, credit_reform_inkasso), each at its own address; tests point them at a local stand-in.
// No address configured: export mode (null here), the claim file waits for the seller to send it.

export type PartnerAnswer = {
  /** The partner's id of this answer: an answer read twice is recorded once. */
  id: string
  kind: 'accepted' | 'rejected' | 'paid' | 'closed'
  amount?: number | undefined
  stage?: string | undefined
  note?: string | undefined
  at: string
}

export type PartnerCase = {
  /** Our reference: the same key for a retried send, so the partner opens one case. */
  reference: string
  amount: number
  currency: string
  debtor: { name: string; email: string }
  claimFileCsv: string
}

export type PartnerClient = {
  openCase(c: PartnerCase): Promise<{ caseId: string }>
  answers(caseId: string): Promise<PartnerAnswer[]>
}

const timeoutMs = 15_000

function endpointOf(config: Config, partner: CollectionPartner): { base: string; key: string | undefined } | null {
  const base = partner === 'inkasso' ? config.INKASSO_API_BASE : config.CREDIT_REFORM_INKASSO_API_BASE
  const key = partner === 'inkasso' ? config.INKASSO_API_KEY : config.CREDIT_REFORM_INKASSO_API_KEY
  return base ? { base: base.replace(/\/$/, ''), key } : null
}

/** The partner's client, or null in export mode (no address configured). */
export function partnerClient(config: Config, partner: CollectionPartner): PartnerClient | null {
  const endpoint = endpointOf(config, partner)
  if (!endpoint) return null
  const headers = { 'content-type': 'application/json', ...(endpoint.key ? { authorization: `Bearer ${endpoint.key}` } : {}) }
  async function call(method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<unknown> {
    const res = await fetch(`${endpoint!.base}${path}`, {
      method, headers: { ...headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs),
    })
    if (!res.ok) throw new Error(`collection partner ${partner} answered ${res.status} to ${method} ${path}`)
    return res.json()
  }
  return {
    async openCase(c) {
      const answer = await call('POST', '/v1/cases', {
        reference: c.reference, amount: c.amount, currency: c.currency, debtor: c.debtor, claim_file_csv: c.claimFileCsv,
      }, c.reference) as { id?: unknown }
      if (typeof answer.id !== 'string') throw new Error(`collection partner ${partner} opened a case without an id`)
      return { caseId: answer.id }
    },
    async answers(caseId) {
      const answer = await call('GET', `/v1/cases/${encodeURIComponent(caseId)}/events`) as { events?: unknown }
      if (!Array.isArray(answer.events)) return []
      return answer.events.filter((e): e is PartnerAnswer =>
        typeof e === 'object' && e !== null && typeof (e as PartnerAnswer).id === 'string'
        && ['accepted', 'rejected', 'paid', 'closed'].includes((e as PartnerAnswer).kind) && typeof (e as PartnerAnswer).at === 'string')
    },
  }
}
