import { api } from '../../../lib/api'

/** PUT /app/user/password: the new password with the token from `/users/password/edit?reset_password_token=T`. */
export function resetPassword(input: { token: string; password: string }): Promise<null> {
  return api.put<null>('/app/user/password', input, { auth: false, silent: true, exempt: true })
}
