import type { SignUpInput } from '../../../../shared/schemas/accounts'
import { api } from '../../../lib/api'
import type { SessionAnswer } from '../../../lib/session'

/** POST /app/user: 201 with the user and tokens (and the stored mail's page in mail preview mode); a taken email answers 422 email_taken. */
export function signUp(input: Omit<SignUpInput, 'fingerprint'>): Promise<SessionAnswer & { previewUrl?: string }> {
  return api.post<SessionAnswer & { previewUrl?: string }>('/app/user', { ...input, fingerprint: api.fingerprint() }, { auth: false, silent: true, exempt: true })
}
