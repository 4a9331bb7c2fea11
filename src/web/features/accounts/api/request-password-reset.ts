import { api } from '../../../lib/api'
import type { MailSent } from './mail-sent'

/** POST /app/user/password/reset: mails a reset link if the account exists (204 either way). */
export function requestPasswordReset(email: string): Promise<MailSent> {
  return api.post<MailSent>('/app/user/password/reset', { email }, { auth: false, silent: true })
}
