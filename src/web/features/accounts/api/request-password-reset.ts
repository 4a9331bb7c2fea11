import { api } from '../../../lib/api'

/** POST /app/user/password/reset: mails a reset link if the account exists (204 either way). */
export function requestPasswordReset(email: string): Promise<null> {
  return api.post<null>('/app/user/password/reset', { email }, { auth: false, silent: true })
}
