import { startServer, type StandInServer } from './server'

// A collection partner's case API on 127.0.0.1 (docs/decisions/0057-orders-area-remains.md): POST /v1/cases
// opens a case (the same idempotency key answers the same case), GET /v1/cases/{id}/events answers what the
// test queued with `answer`.

export type PartnerEvent = { id: string; kind: 'accepted' | 'rejected' | 'paid' | 'closed'; amount?: number; stage?: string; note?: string; at: string }

export type CollectionPartnerStandIn = StandInServer & {
  cases: Map<string, { reference: string; amount: number; currency: string; claimFileCsv: string; events: PartnerEvent[] }>
  answer(caseId: string, event: Omit<PartnerEvent, 'at'>): void
}

export async function startCollectionPartner(): Promise<CollectionPartnerStandIn> {
  const cases: CollectionPartnerStandIn['cases'] = new Map()
  const byKey = new Map<string, string>()
  const server = await startServer((req) => {
    if (req.method === 'POST' && req.path === '/v1/cases') {
      const key = String(req.headers['idempotency-key'] ?? '')
      const known = byKey.get(key)
      if (known) return { status: 200, body: { id: known } }
      const id = `case_${cases.size + 1}`
      cases.set(id, { reference: req.body.reference, amount: req.body.amount, currency: req.body.currency, claimFileCsv: req.body.claim_file_csv, events: [] })
      if (key) byKey.set(key, id)
      return { status: 201, body: { id } }
    }
    const events = /^\/v1\/cases\/([^/]+)\/events$/.exec(req.path)
    if (req.method === 'GET' && events) {
      const c = cases.get(decodeURIComponent(events[1]!))
      return c ? { status: 200, body: { events: c.events } } : { status: 404, body: { error: 'no such case' } }
    }
    return { status: 404, body: { error: 'not found' } }
  })
  return Object.assign(server, {
    cases,
    answer(caseId: string, event: Omit<PartnerEvent, 'at'>) {
      cases.get(caseId)!.events.push({ ...event, at: new Date().toISOString() })
    },
  })
}
