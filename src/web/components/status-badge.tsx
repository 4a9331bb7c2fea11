import { Badge } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { humanizeStatus, statusTone, toneColor } from './status-colors'

// A state shown with the spec's colour (green, red, amber; others grey). The label is the translated
// state name (`status.<state>`), or the state in words when no translation exists. A state outside the
// spec's list is passed as the listed state of the tone it should have (`status={tone[state] ?? state}`),
// with its own label, and its own value in `value` (data-value) for tests and styles.
export type StatusBadgeProps = { status: string; label?: string; value?: string; testId?: string }

export function StatusBadge({ status, label, value, testId }: StatusBadgeProps) {
  const { t } = useTranslation()
  const text = label ?? t(`status.${status}`, { defaultValue: humanizeStatus(status) })
  return (
    <Badge color={toneColor[statusTone(status)]} variant="light" radius="sm" data-status={status} data-value={value ?? status} data-testid={testId}>
      {text}
    </Badge>
  )
}
