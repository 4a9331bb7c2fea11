import { hash, verify } from '@node-rs/argon2'

// argon2id (the library's default algorithm) with the OWASP parameters; memory cost comes from config.
export function hashPassword(password: string, memoryCost: number): Promise<string> {
  return hash(password, { memoryCost, timeCost: 2, parallelism: 1 })
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/** Verified against when the email is unknown, so both answers take the same time. */
let dummyHash: Promise<string> | undefined
export function dummyPasswordHash(memoryCost: number): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password!', memoryCost)
  return dummyHash
}
