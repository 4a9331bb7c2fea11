import { randomBytes } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { decryptSecret, encryptSecret, parseSecretKey, paymentSecretKey, paymentSecrets, SecretDecryptionError } from './payment-secrets'

const key = randomBytes(32)
const credentials = { publishableKey: 'pk_test_abcdefgh1234', secretKey: 'sk_test_abcdefghijkl5678', nested: { a: [1, 2] } }

describe('payment secrets', () => {
  test('a sealed object opens to the same object, and the text holds no secret in clear', () => {
    const sealed = encryptSecret(key, credentials, 'seller:1:stripe')
    expect(sealed).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/)
    expect(sealed).not.toContain('sk_test')
    expect(decryptSecret(key, sealed, 'seller:1:stripe')).toEqual(credentials)
  })

  test('every seal uses a fresh IV, so the same value seals differently', () => {
    expect(encryptSecret(key, credentials)).not.toBe(encryptSecret(key, credentials))
  })

  test('a changed ciphertext, tag or IV is detected', () => {
    const sealed = encryptSecret(key, credentials)
    const [v, iv, tag, body] = sealed.split(':') as [string, string, string, string]
    const flip = (b64: string) => {
      const bytes = Buffer.from(b64, 'base64')
      bytes[0] = bytes[0]! ^ 1
      return bytes.toString('base64')
    }
    for (const tampered of [[v, iv, tag, flip(body)], [v, iv, flip(tag), body], [v, flip(iv), tag, body]]) {
      expect(() => decryptSecret(key, tampered.join(':'))).toThrow(SecretDecryptionError)
    }
    expect(() => decryptSecret(key, `v2:${iv}:${tag}:${body}`)).toThrow(SecretDecryptionError)
  })

  test('a wrong key or another context does not open it', () => {
    const sealed = encryptSecret(key, credentials, 'seller:1:stripe')
    expect(() => decryptSecret(randomBytes(32), sealed, 'seller:1:stripe')).toThrow(SecretDecryptionError)
    expect(() => decryptSecret(key, sealed, 'seller:2:stripe')).toThrow(SecretDecryptionError)
  })

  test('PAYMENTS_SECRET_KEY is read as hex or base64 of 32 bytes; anything else is refused', () => {
    expect(parseSecretKey(key.toString('hex'))).toEqual(key)
    expect(parseSecretKey(key.toString('base64'))).toEqual(key)
    expect(parseSecretKey(key.toString('base64url'))).toEqual(key)
    expect(() => parseSecretKey('x'.repeat(40))).toThrow(/32 bytes/)
    expect(() => parseSecretKey(randomBytes(31).toString('hex').padEnd(64, 'z'))).toThrow()
  })

  test('without PAYMENTS_SECRET_KEY the key is derived from the token key (same token key, same key)', () => {
    const jwtKey = new TextEncoder().encode('test-secret-test-secret-test-secret-0123')
    const derived = paymentSecretKey({ PAYMENTS_SECRET_KEY: undefined }, jwtKey)
    expect(derived).toHaveLength(32)
    expect(paymentSecretKey({ PAYMENTS_SECRET_KEY: undefined }, jwtKey)).toEqual(derived)
    expect(paymentSecretKey({ PAYMENTS_SECRET_KEY: undefined }, new TextEncoder().encode('another-key'))).not.toEqual(derived)
    const box = paymentSecrets({ config: { PAYMENTS_SECRET_KEY: undefined }, jwtKey })
    expect(box.open(box.seal({ a: 'b' }, 'c'), 'c')).toEqual({ a: 'b' })
    const other = paymentSecrets({ config: { PAYMENTS_SECRET_KEY: key.toString('hex') }, jwtKey })
    expect(() => other.open(box.seal({ a: 'b' }))).toThrow(SecretDecryptionError)
  })
})
