import { Badge, Group } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { StatusBadge } from '../../../components/status-badge'

// A bank account's state and its check by a manager, side by side (docs/decisions/0049-money-out.md
// "Bank accounts"), and its IBAN masked to the country and the last four characters.

/** "DE •••• 3000": enough to recognise an account without showing it whole on screen. */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '')
  return compact.length <= 6 ? compact : `${compact.slice(0, 2)} •••• ${compact.slice(-4)}`
}

const checkColor: Record<string, string> = { init: 'yellow', change: 'yellow', accepted: 'green', rejected: 'red' }

export function BankStateBadges({ id, state, legitimationState }: { id: number; state: string; legitimationState: string }) {
  const { t } = useTranslation()
  return (
    <Group gap={6} wrap="nowrap">
      <span data-testid={`bank-account-state-${id}`} data-value={state}>
        <StatusBadge status={state} label={t(`moneyBank.states.${state}`, { defaultValue: state })} />
      </span>
      <Badge color={checkColor[legitimationState] ?? 'gray'} variant="outline" radius="sm" data-testid={`bank-account-check-${id}`} data-value={legitimationState}>
        {t(`moneyBank.checks.${legitimationState}`, { defaultValue: legitimationState })}
      </Badge>
    </Group>
  )
}
