import { api } from '../../../lib/api'
import type { SessionAnswer } from '../../../lib/session'

/** POST /app/session/magic_link: the token from the mail link `/users/sign_in?magic_link_token=T`. */
export function signInWithMagicLink(token: string): Promise<SessionAnswer> {
  return api.post<SessionAnswer>('/app/session/magic_link', { token, fingerprint: api.fingerprint() }, { auth: false, silent: true, exempt: true })
}
