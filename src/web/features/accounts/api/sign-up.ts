import type { SignUpInput } from '../../../../shared/schemas/accounts'
import { api } from '../../../lib/api'
import type { SessionAnswer } from '../../../lib/session'

/** POST /app/user: 201 with the user and tokens; a taken email answers 422 email_taken. */
export function signUp(input: Omit<SignUpInput, 'fingerprint'>): Promise<SessionAnswer> {
  return api.post<SessionAnswer>('/app/user', { ...input, fingerprint: api.fingerprint() }, { auth: false, silent: true, exempt: true })
}
