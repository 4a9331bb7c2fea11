import { createHash, randomBytes } from 'node:crypto'

/** Random URL-safe tokens for links and refresh tokens; only their hashes are stored. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
