import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import type { Config } from './config'

// Payment provider credentials at rest (docs/DESIGN.md "Payments"): a JSON object sealed with AES-256-GCM into one
// string `v1:<iv>:<tag>:<ciphertext>` (base64 parts, a 12-byte random IV per seal, a 16-byte tag). The
// key is PAYMENTS_SECRET_KEY (32 bytes as hex or base64) or, when unset, derived with HKDF-SHA256 from the
// access-token key, so an install without the setting still never stores a secret in clear text.
// An optional `context` (e.g. "seller:12:stripe") is authenticated with the text: a sealed value copied
// to another seller's row no longer opens.

const version = 'v1'
const ivBytes = 12
const tagBytes = 16
const keyBytes = 32
export const paymentKeyInfo = 'sellfront payment credentials'

export class SecretDecryptionError extends Error {
  constructor(message = 'The payment credentials cannot be decrypted (was PAYMENTS_SECRET_KEY changed?)') {
    super(message)
    this.name = 'SecretDecryptionError'
  }
}

/** PAYMENTS_SECRET_KEY's 32 bytes: 64 hex digits, or base64 / base64url of 32 bytes. */
export function parseSecretKey(text: string): Buffer {
  const value = text.trim()
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex')
  if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) {
    const bytes = Buffer.from(value.replaceAll('-', '+').replaceAll('_', '/'), 'base64')
    if (bytes.length === keyBytes) return bytes
  }
  throw new Error('PAYMENTS_SECRET_KEY must be 32 bytes written as 64 hex digits or in base64')
}

/** The key of the configuration, else HKDF-SHA256(jwtKey, info "sellfront payment credentials"). */
export function paymentSecretKey(config: Pick<Config, 'PAYMENTS_SECRET_KEY'>, jwtKey: Uint8Array): Buffer {
  if (config.PAYMENTS_SECRET_KEY) return parseSecretKey(config.PAYMENTS_SECRET_KEY)
  return Buffer.from(hkdfSync('sha256', jwtKey, new Uint8Array(0), paymentKeyInfo, keyBytes))
}

export function encryptSecret(key: Buffer, value: Record<string, unknown>, context = ''): string {
  if (key.length !== keyBytes) throw new Error('A payment secret key has 32 bytes')
  const iv = randomBytes(ivBytes)
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: tagBytes })
  cipher.setAAD(Buffer.from(context, 'utf8'))
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()])
  return [version, iv.toString('base64'), cipher.getAuthTag().toString('base64'), ciphertext.toString('base64')].join(':')
}

/** Opens a sealed value; throws SecretDecryptionError when the text, the key or the context does not match. */
export function decryptSecret(key: Buffer, sealed: string, context = ''): Record<string, unknown> {
  const parts = sealed.split(':')
  if (parts.length !== 4 || parts[0] !== version) throw new SecretDecryptionError('Unknown payment secret format')
  const [, ivText, tagText, bodyText] = parts as [string, string, string, string]
  const iv = Buffer.from(ivText, 'base64')
  const tag = Buffer.from(tagText, 'base64')
  if (iv.length !== ivBytes || tag.length !== tagBytes) throw new SecretDecryptionError('Unknown payment secret format')
  let plain: string
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: tagBytes })
    decipher.setAAD(Buffer.from(context, 'utf8'))
    decipher.setAuthTag(tag)
    plain = Buffer.concat([decipher.update(Buffer.from(bodyText, 'base64')), decipher.final()]).toString('utf8')
  } catch {
    throw new SecretDecryptionError()
  }
  const value = JSON.parse(plain) as unknown
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new SecretDecryptionError('A payment secret holds an object')
  return value as Record<string, unknown>
}

export type SecretBox = {
  seal(value: Record<string, unknown>, context?: string): string
  open(sealed: string, context?: string): Record<string, unknown>
}

const boxes = new WeakMap<object, SecretBox>()

/** The box of a process's dependencies (the key is derived once per deps). */
export function paymentSecrets(deps: { config: Pick<Config, 'PAYMENTS_SECRET_KEY'>; jwtKey: Uint8Array }): SecretBox {
  const known = boxes.get(deps)
  if (known) return known
  const key = paymentSecretKey(deps.config, deps.jwtKey)
  const box: SecretBox = {
    seal: (value, context) => encryptSecret(key, value, context),
    open: (sealed, context) => decryptSecret(key, sealed, context),
  }
  boxes.set(deps, box)
  return box
}
