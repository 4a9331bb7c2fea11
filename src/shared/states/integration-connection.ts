import type { Transitions } from './transitions'

// A seller's connection to another service (docs/decisions/0075-integrations.md):
// - connected: its credentials were accepted by the service (or the kind has none to check); syncs run.
// - failing: the last sync was refused or the service could not be reached; syncs go on (each retried with
//   back-off) and the first that succeeds makes it connected again. Storing new credentials that the
//   service accepts does too.
// - disconnected: the seller disconnected it; its credentials are wiped and no sync runs. Connecting it again
//   with credentials the service accepts makes it connected.
export const integrationConnectionStates = ['connected', 'failing', 'disconnected'] as const
export type IntegrationConnectionState = (typeof integrationConnectionStates)[number]

export const integrationConnectionTransitions = {
  connected: ['failing', 'disconnected'],
  failing: ['connected', 'disconnected'],
  disconnected: ['connected'],
} as const satisfies Transitions<IntegrationConnectionState>

/** States in which a purchase or a refund is synced to the service. */
export const syncingConnectionStates: readonly IntegrationConnectionState[] = ['connected', 'failing']
