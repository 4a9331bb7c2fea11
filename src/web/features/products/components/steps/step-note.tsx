import { Alert } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** The honest note of a step part whose feature arrives later: what it will hold, no invented data. */
export function StepNote({ children, testId }: { children: ReactNode; testId?: string }) {
  const { t } = useTranslation()
  return (
    <Alert color="gray" variant="light" icon={<IconInfoCircle size={20} />} title={t('products.wizard.laterTitle')} data-testid={testId ?? 'step-note'}>
      {children}
    </Alert>
  )
}
