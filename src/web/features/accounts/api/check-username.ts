import { api } from '../../../lib/api'
import type { Availability } from './check-email'

/** POST /app/user/check_username: is this username still free (compared lowercased)? */
export function checkUsername(username: string, signal?: AbortSignal): Promise<Availability> {
  return api.post<Availability>('/app/user/check_username', { username }, { silent: true, signal })
}
