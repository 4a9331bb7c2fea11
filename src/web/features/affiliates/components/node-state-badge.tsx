import { Badge } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { AffiliateNodeState } from '../../../../shared/states/affiliate-node'
import { toneColor } from '../../../components/status-colors'
import { nodeStateLabelKey, nodeStateTone } from './node-state'

/** A participation's state in the back office's status colours; accepted reads "Active". */
export function NodeStateBadge({ state }: { state: AffiliateNodeState }) {
  const { t } = useTranslation()
  return <Badge color={toneColor[nodeStateTone(state)]} variant="light" radius="sm" data-status={state}>{t(nodeStateLabelKey(state))}</Badge>
}
