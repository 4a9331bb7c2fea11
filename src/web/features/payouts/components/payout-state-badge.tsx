import { useTranslation } from 'react-i18next'
import { StatusBadge } from '../../../components/status-badge'

// A payout's state (docs/reference/accounts-and-orders.md §4): pending, issued, successful, canceled, in the
// spec's status colours; `issued` (sent to the bank, not yet booked) is on its way like `waiting`.

const tone: Record<string, string> = { issued: 'waiting' }

export function PayoutStateBadge({ state, testId }: { state: string; testId?: string }) {
  const { t } = useTranslation()
  return <StatusBadge status={tone[state] ?? state} value={state} label={t(`moneyPayouts.states.${state}`)} testId={testId} />
}
