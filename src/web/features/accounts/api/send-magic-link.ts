import type { z } from 'zod'
import type { magicLinkRequestInput } from '../../../../shared/schemas/accounts'
import { api } from '../../../lib/api'

/** POST /app/user/send_magic_link: mails a one-time sign-in link (204). */
export function sendMagicLink(input: z.input<typeof magicLinkRequestInput>): Promise<null> {
  return api.post<null>('/app/user/send_magic_link', input, { auth: false, silent: true })
}
