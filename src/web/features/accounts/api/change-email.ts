import type { z } from 'zod'
import type { changeEmailInput } from '../../../../shared/schemas/accounts'
import { api } from '../../../lib/api'

/** POST /app/user/change_email: mails a confirmation link to the new address (204). */
export function changeEmail(input: z.output<typeof changeEmailInput>): Promise<null> {
  return api.post<null>('/app/user/change_email', input, { silent: true })
}
