import { Group, Stack, Table, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { StatusBadge } from '../../../components/status-badge'
import { formatDateTime } from '../../../lib/format'
import { feePercent, type ResellerApproval } from '../api/resellers'

// The approvals of a seller or a reseller: the other side, the frozen fee, the state with its reason, and
// the actions the page offers for each row.

// The spec's status colours (docs/reference/accounts-and-orders.md §4): waiting and canceled amber as listed; approved is active, rejected an error.
const tone: Record<string, string> = { approved: 'active', rejected: 'error' }

export function ApprovalsTable({ approvals, side, actions }: { approvals: ResellerApproval[]; side: 'seller' | 'reseller'; actions?: (a: ResellerApproval) => ReactNode }) {
  const { t, i18n } = useTranslation()
  if (approvals.length === 0) return <Text c="dimmed" size="sm" data-testid="reseller-approvals-empty">{t('resellers.approvals.empty')}</Text>
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" data-testid="reseller-approvals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{side === 'seller' ? t('resellers.columns.reseller') : t('resellers.columns.seller')}</Table.Th>
            <Table.Th>{t('resellers.columns.fee')}</Table.Th>
            <Table.Th>{t('resellers.columns.state')}</Table.Th>
            <Table.Th>{t('resellers.columns.date')}</Table.Th>
            {actions && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {approvals.map((a) => (
            <Table.Tr key={a.id} data-testid={`reseller-approval-${a.id}`}>
              <Table.Td>{side === 'seller' ? a.resellerName : a.sellerName}</Table.Td>
              <Table.Td>{feePercent(a.feeBps, i18n.language)}</Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <StatusBadge status={tone[a.state] ?? a.state} value={a.state} label={t(`resellers.states.${a.state}`)} testId={`reseller-approval-state-${a.id}`} />
                  {a.canceledBy && <Text size="xs" c="dimmed">{t('resellers.approvals.canceledBy', { who: t(`resellers.sides.${a.canceledBy}`, { defaultValue: a.canceledBy }) })}</Text>}
                  {a.reason && <Text size="xs" c={a.state === 'rejected' ? 'red' : 'dimmed'} data-testid={`reseller-approval-reason-${a.id}`}>{a.reason}</Text>}
                </Stack>
              </Table.Td>
              <Table.Td>{formatDateTime(a.createdAt, i18n.language)}</Table.Td>
              {actions && <Table.Td><Group gap="xs" justify="flex-end">{actions(a)}</Group></Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
