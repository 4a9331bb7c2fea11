import type { z } from 'zod'
import type { updateMeInput } from '../../../../shared/schemas/accounts'
import { api } from '../../../lib/api'
import type { User } from '../../../lib/session'

/** PATCH /app/user/me: names, username and locale. */
export function updateMe(input: z.output<typeof updateMeInput>): Promise<User> {
  return api.patch<User>('/app/user/me', input, { silent: true })
}
