import type { z } from 'zod'
import type { deleteAccountInput } from '../../../../shared/schemas/accounts'
import { api } from '../../../lib/api'

/** POST /app/user/delete: password, reason and an optional comment (204). */
export function deleteAccount(input: z.output<typeof deleteAccountInput>): Promise<null> {
  return api.post<null>('/app/user/delete', input, { silent: true, exempt: true })
}
