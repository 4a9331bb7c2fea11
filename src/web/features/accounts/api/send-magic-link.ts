import type { z } from 'zod'
import type { magicLinkRequestInput } from '../../../../shared/schemas/accounts'
import { api } from '../../../lib/api'
import type { MailSent } from './mail-sent'

/** POST /app/user/send_magic_link: mails a one-time sign-in link (204). */
export function sendMagicLink(input: z.input<typeof magicLinkRequestInput>): Promise<MailSent> {
  return api.post<MailSent>('/app/user/send_magic_link', input, { auth: false, silent: true })
}
