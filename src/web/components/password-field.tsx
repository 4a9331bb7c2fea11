import { PasswordInput, type PasswordInputProps } from '@mantine/core'
import { useTranslation } from 'react-i18next'

// Mantine's PasswordInput with a named show/hide toggle, so the field's label names only the field.
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation()
  return <PasswordInput {...props} visibilityToggleButtonProps={{ 'aria-label': t('fields.toggleVisibility') }} />
}
