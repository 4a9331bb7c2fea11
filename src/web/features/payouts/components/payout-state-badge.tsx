import { Badge } from '@mantine/core'
import { useTranslation } from 'react-i18next'

// A payout's state (docs/reference/accounts-and-orders.md §4): pending, issued, successful, canceled.

const colors: Record<string, string> = { pending: 'yellow', issued: 'blue', successful: 'green', canceled: 'gray', mixed: 'grape' }

export function PayoutStateBadge({ state, testId }: { state: string; testId?: string }) {
  const { t } = useTranslation()
  return <Badge color={colors[state] ?? 'gray'} variant="light" data-testid={testId} data-value={state}>{t(`moneyPayouts.states.${state}`)}</Badge>
}
