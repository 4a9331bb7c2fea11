import type { SignInInput } from '../../../../shared/schemas/accounts'
import { api } from '../../../lib/api'
import type { SessionAnswer } from '../../../lib/session'

/** POST /app/session: email and password; wrong ones answer 401 invalid_credentials. */
export function signIn(input: Omit<SignInInput, 'fingerprint'>): Promise<SessionAnswer> {
  return api.post<SessionAnswer>('/app/session', { ...input, fingerprint: api.fingerprint() }, { auth: false, silent: true, exempt: true })
}
