import type { z } from 'zod'
import type { changePasswordInput } from '../../../../shared/schemas/accounts'
import { api } from '../../../lib/api'

/** POST /app/user/password/change: needs the current password (204). */
export function changePassword(input: z.output<typeof changePasswordInput>): Promise<null> {
  return api.post<null>('/app/user/password/change', input, { silent: true })
}
