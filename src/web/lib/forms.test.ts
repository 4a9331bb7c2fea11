import { describe, expect, test } from 'vitest'
import { signUpInput } from '../../shared/schemas/accounts'
import { loadCompleteLocale } from '../i18n/complete-locales'
import { serverFieldErrors, zodFieldErrors } from './forms'

const formSchema = signUpInput.omit({ fingerprint: true })

describe('form messages from the shared schemas', () => {
  test('zod issues become one translated message per field', async () => {
    const result = formSchema.safeParse({ email: 'nope', password: 'short', first_name: '', last_name: 'Lovelace' })
    expect(result.success).toBe(false)
    const issues = result.success ? [] : result.error.issues
    expect(zodFieldErrors(issues, 'en')).toEqual({
      email: 'Please enter a valid email address.',
      password: 'Your password must be at least 8 characters long.',
      first_name: 'This field is required.',
    })
    // German messages are English until the back office loads German (its validation messages come with it).
    expect(zodFieldErrors(issues, 'de').email).toBe('Please enter a valid email address.')
    await loadCompleteLocale('de')
    expect(zodFieldErrors(issues, 'de').email).toBe('Bitte gib eine gültige E-Mail-Adresse ein.')
  })
  test('server field errors show on their fields, translated when they are keys', () => {
    expect(serverFieldErrors([{ path: 'email', message: 'email_taken' }, { path: 'profile.first_name', message: 'Too long' }], 'en')).toEqual({
      email: 'An account with this email address already exists.',
      profile: 'Too long',
    })
  })
})
