import { api } from '../../../lib/api'

/** POST /app/user/confirmation/resend: sends the confirmation mail again (204). */
export function resendConfirmation(email: string): Promise<null> {
  return api.post<null>('/app/user/confirmation/resend', { email }, { auth: false, silent: true })
}
