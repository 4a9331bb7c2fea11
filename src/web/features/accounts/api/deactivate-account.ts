import type { z } from 'zod'
import type { deactivateInput } from '../../../../shared/schemas/accounts'
import { api } from '../../../lib/api'

/** POST /app/user/deactivate: password, reason and an optional comment (204). */
export function deactivateAccount(input: z.output<typeof deactivateInput>): Promise<null> {
  return api.post<null>('/app/user/deactivate', input, { silent: true, exempt: true })
}
