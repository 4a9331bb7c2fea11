import { List, ThemeIcon } from '@mantine/core'
import { IconCheck, IconPoint } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { passwordMaxLength, passwordMinLength, passwordSpecialCharacters } from '../../../../shared/validation'

// The password rules of docs/reference/readings.md 18, checked live while the user types.
export function passwordRuleChecks(value: string) {
  return [
    { key: 'length', met: value.length >= passwordMinLength && value.length <= passwordMaxLength },
    { key: 'special', met: [...value].some((char) => passwordSpecialCharacters.includes(char)) },
  ] as const
}

export function PasswordRules({ value }: { value: string }) {
  const { t } = useTranslation()
  return (
    <List size="sm" spacing={4} aria-live="polite" mt={4}>
      {passwordRuleChecks(value).map((rule) => (
        <List.Item
          key={rule.key}
          c={rule.met ? 'teal' : 'dimmed'}
          icon={
            <ThemeIcon size={18} radius="xl" color={rule.met ? 'teal' : 'gray'} variant="light">
              {rule.met ? <IconCheck size={12} /> : <IconPoint size={12} />}
            </ThemeIcon>
          }
        >
          {rule.key === 'length'
            ? t('password.ruleLength', { min: passwordMinLength, max: passwordMaxLength })
            : t('password.ruleSpecial', { examples: '! ? # % & *' })}
        </List.Item>
      ))}
    </List>
  )
}
