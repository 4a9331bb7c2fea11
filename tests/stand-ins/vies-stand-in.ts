import { startServer, type StandInServer } from './server'

// A local stand-in of the VIES REST endpoint `check-vat-number` (docs/decisions/0088-vies-check.md): POST
// `{ countryCode, vatNumber }` answers `{ valid, name, address, ... }` as the European Commission's service
// does; ids in `registered` are valid, others not; a member state in `down` answers VIES's error shape.

export type ViesStandIn = StandInServer & { registered: Set<string>; down: Set<string>; endpoint: string }

export async function startViesStandIn(registered: string[] = []): Promise<ViesStandIn> {
  const known = new Set(registered)
  const down = new Set<string>()
  const server = await startServer((request) => {
    if (request.method !== 'POST' || request.path !== '/check-vat-number') return { status: 404, body: {} }
    const { countryCode, vatNumber } = request.body as { countryCode?: string; vatNumber?: string }
    if (!countryCode || !vatNumber) return { status: 400, body: { actionSucceed: false, errorWrappers: [{ error: 'INVALID_INPUT' }] } }
    if (down.has(countryCode)) return { status: 200, body: { actionSucceed: false, errorWrappers: [{ error: 'MS_UNAVAILABLE' }] } }
    const valid = known.has(countryCode + vatNumber)
    return {
      status: 200,
      body: { countryCode, vatNumber, requestDate: new Date().toISOString(), valid, name: valid ? 'Registered business' : '---', address: valid ? 'Somewhere 1' : '---' },
    }
  })
  return Object.assign(server, { registered: known, down, endpoint: `${server.url}/check-vat-number` })
}
