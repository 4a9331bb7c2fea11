import { SignJWT, jwtVerify, errors as joseErrors } from 'jose'
import { AppError } from '../../../shared/errors'
export { hashToken, randomToken } from '../../auth/random-tokens'

// Access tokens are short-lived JWTs; refresh and mail tokens are random strings stored only as hashes.

// The profile in use is not a claim: it lives on the session row, so a switch holds for every token at once.
export type AccessClaims = { userId: number; sessionId: string }

export async function signAccessToken(key: Uint8Array, claims: AccessClaims, now: Date, ttlSeconds: number) {
  const iat = Math.floor(now.getTime() / 1000)
  const exp = iat + ttlSeconds
  const token = await new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setIssuer('sellfront')
    .sign(key)
  return { token, expiresAt: new Date(exp * 1000) }
}

export async function verifyAccessToken(key: Uint8Array, authorization: string, now: Date): Promise<AccessClaims> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim())
  if (!match) throw new AppError('invalid_access_token', 'The access token is malformed')
  try {
    const { payload } = await jwtVerify(match[1]!, key, { issuer: 'sellfront', algorithms: ['HS256'], currentDate: now, clockTolerance: 0 })
    const userId = Number(payload.sub)
    if (!Number.isInteger(userId) || typeof payload.sid !== 'string') throw new AppError('invalid_access_token', 'The access token is not valid')
    return { userId, sessionId: payload.sid }
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new AppError('expired_access_token', 'The access token has expired')
    if (error instanceof AppError) throw error
    throw new AppError('invalid_access_token', 'The access token is not valid')
  }
}
