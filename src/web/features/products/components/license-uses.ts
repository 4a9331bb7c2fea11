// How the seller's key list shows a key's activations (the activation API's use counter) against the
// product's activation limit.

/** "2 / 5" with a limit, "2" without; an available key has no uses to show (null). */
export function usesText(key: { state: 'available' | 'used'; uses: number }, limit: number | null): string | null {
  if (key.state === 'available') return null
  return limit === null ? String(key.uses) : `${key.uses} / ${limit}`
}

/** Whether a sold key has used up its activations (shown in amber: the next activation is refused). */
export function atActivationLimit(key: { state: 'available' | 'used'; uses: number; revoked: boolean }, limit: number | null): boolean {
  return key.state === 'used' && !key.revoked && limit !== null && key.uses >= limit
}
