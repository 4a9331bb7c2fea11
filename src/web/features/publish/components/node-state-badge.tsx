import { StatusBadge } from '../../../components/status-badge'
import { useTranslation } from 'react-i18next'

// A participation's state; accepted reads "Active" (src/shared/states/affiliate-node.ts).
const tone: Record<string, string> = { accepted: 'active', requested: 'pending', rejected: 'error', canceled: 'canceled' }

export function NodeStateBadge({ state }: { state: string }) {
  const { t } = useTranslation()
  return <StatusBadge status={tone[state] ?? state} label={t(`publisher.nodeStates.${state}`, { defaultValue: state })} />
}
