import type { z } from 'zod'
import type { aboutYouInput } from '../../../../shared/schemas/accounts'
import { api } from '../../../lib/api'
import type { User } from '../../../lib/session'

/** PATCH /app/user/about_you: what a new seller tells about their business. */
export function saveAboutYou(input: z.output<typeof aboutYouInput>): Promise<User> {
  return api.patch<User>('/app/user/about_you', input, { silent: true })
}
