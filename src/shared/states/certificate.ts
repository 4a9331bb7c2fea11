import type { Transitions } from './transitions'

// An issued certificate (docs/decisions/0020-issued-certificates-licenses-downloads.md). Valid from issue; revoked when its order is refunded or
// charged back. Revocation is final, with one way back: a certificate its order's chargeback revoked is valid
// again, the same serial, when the seller wins the dispute (docs/decisions/0038-money-edges.md); a payer who
// buys again after a refund gets a new certificate with a new serial.
// Expiry is not a state: it follows from valid_until and the clock, so the verification page says
// "expired" without a job having to run.

export const certificateStates = ['valid', 'revoked'] as const
export type CertificateState = (typeof certificateStates)[number]

export const certificateTransitions = {
  valid: ['revoked'],
  // Only a won dispute, only for what its chargeback revoked (certificates' restoreCertificatesOfOrder).
  revoked: ['valid'],
} as const satisfies Transitions<CertificateState>
