import { Badge } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { humanizeStatus, statusTone, toneColor } from './status-colors'

// A state shown with the spec's colour (green, red, amber; others grey). The label is the translated
// state name (`status.<state>`), or the state in words when no translation exists.
export type StatusBadgeProps = { status: string; label?: string }

export function StatusBadge({ status, label }: StatusBadgeProps) {
  const { t } = useTranslation()
  const text = label ?? t(`status.${status}`, { defaultValue: humanizeStatus(status) })
  return (
    <Badge color={toneColor[statusTone(status)]} variant="light" radius="sm" data-status={status}>
      {text}
    </Badge>
  )
}
