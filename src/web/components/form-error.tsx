import { Alert } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { isApiError, isCanceled } from '../lib/api-client'
import { translateMessage } from '../../shared/validation/messages'

/** The text to show for a failed call: the server's message (a message key is translated). */
export function errorText(error: unknown, locale: string, fallback: string): string {
  if (isApiError(error) && error.message) return translateMessage(error.message, locale)
  return fallback
}

/**
 * Like errorText, but error types the back-office words itself (`apiErrors.<type>`, e.g. wrong
 * credentials or an expired link) read in the user's language whatever the server said.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation()
  return (error: unknown, fallback?: string): string => {
    if (isApiError(error) && i18n.exists(`apiErrors.${error.type}`)) return t(`apiErrors.${error.type}`)
    return errorText(error, i18n.language, fallback ?? t('errors.generic'))
  }
}

/** An inline error above a form's buttons; nothing for canceled calls. */
export function FormError({ error, title }: { error: unknown; title?: string }) {
  const text = useErrorText()
  if (!error || isCanceled(error)) return null
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} title={title} role="alert">
      {text(error)}
    </Alert>
  )
}
