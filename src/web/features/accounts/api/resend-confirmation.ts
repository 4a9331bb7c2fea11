import { api } from '../../../lib/api'
import type { MailSent } from './mail-sent'

/** POST /app/user/confirmation/resend: sends the confirmation mail again (204; 200 naming the stored mail in mail preview mode). */
export function resendConfirmation(email: string): Promise<MailSent> {
  return api.post<MailSent>('/app/user/confirmation/resend', { email }, { auth: false, silent: true })
}
