import type { z } from 'zod'
import type { createProfileInput } from '../../../../shared/schemas/accounts'
import { api } from '../../../lib/api'
import type { Profile } from '../../../lib/session'

/** POST /app/user/profiles: adds a seller, payer, publisher or platform affiliate profile (201). */
export function createProfile(type: z.output<typeof createProfileInput>['type']): Promise<Profile> {
  return api.post<Profile>('/app/user/profiles', { type }, { silent: true, exempt: true })
}
