import { useEffect, useState } from 'react'
import { isEmail } from '../../../../shared/validation'
import { checkEmail } from '../api/check-email'

export type EmailAvailability = 'idle' | 'checking' | 'available' | 'taken'

/** Checks a typed address against the server after a short pause (POST /user/check_email). */
export function useEmailAvailability(email: string, delayMs = 500): EmailAvailability {
  const [state, setState] = useState<EmailAvailability>('idle')
  useEffect(() => {
    const value = email.trim()
    if (!isEmail(value)) {
      setState('idle')
      return
    }
    const controller = new AbortController()
    const timer = setTimeout(() => {
      setState('checking')
      checkEmail(value, controller.signal)
        .then((answer) => setState(answer.available ? 'available' : 'taken'))
        .catch(() => setState('idle'))
    }, delayMs)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [email, delayMs])
  return state
}
