import { api } from '../../../lib/api'
import type { User } from '../../../lib/session'

/** POST /app/user/confirmation: confirms the address with the token from `/users/confirmation?confirmation_token=T`. */
export function confirmEmail(token: string): Promise<User> {
  return api.post<User>('/app/user/confirmation', { token }, { auth: false, silent: true, exempt: true })
}
