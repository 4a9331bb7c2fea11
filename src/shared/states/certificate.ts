import type { Transitions } from './transitions'

// An issued certificate (docs/decisions/0020-issued-certificates-licenses-downloads.md). Valid from issue; revoked when its order is refunded or
// charged back. Revocation is final: a payer who buys again gets a new certificate with a new serial.
// Expiry is not a state: it follows from valid_until and the clock, so the verification page says
// "expired" without a job having to run.

export const certificateStates = ['valid', 'revoked'] as const
export type CertificateState = (typeof certificateStates)[number]

export const certificateTransitions = {
  valid: ['revoked'],
  revoked: [],
} as const satisfies Transitions<CertificateState>
