import { Anchor, Badge, Code, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { initialListState, type ListState } from '../../../components/list-state'
import { formatDateTime } from '../../../lib/format'
import { adminAuditLogQuery, type AdminAuditEntry } from '../api/users'

// /admin/admin_audit_log: every mutating request made in admin mode, newest first: which manager acted as
// which user, the route and its target, the status answered (docs/decisions/0056-managers-admin-mode.md).

export function AdminAuditLogPage() {
  const { t, i18n } = useTranslation()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const log = useQuery(adminAuditLogQuery(state))
  const userLink = (id: number, email: string) => (
    <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/admin/users/$id" params={{ id: String(id) }} />}>{email}</Anchor>
  )
  const columns: DataTableColumn<AdminAuditEntry>[] = [
    { key: 'created_at', title: t('adminAudit.columns.time'), render: (e) => formatDateTime(e.createdAt, i18n.language) },
    { key: 'manager', title: t('adminAudit.columns.manager'), render: (e) => userLink(e.managerUserId, e.managerEmail) },
    { key: 'user', title: t('adminAudit.columns.user'), render: (e) => userLink(e.userId, e.userEmail) },
    {
      key: 'route', title: t('adminAudit.columns.request'), render: (e) => (
        <Text size="sm" data-testid="audit-entry" data-route={e.route}><Code>{e.method}</Code> {e.route}</Text>
      ),
    },
    { key: 'target', title: t('adminAudit.columns.target'), render: (e) => Object.entries(e.target).map(([k, v]) => `${k}=${v}`).join(', ') || '–' },
    {
      key: 'status', title: t('adminAudit.columns.status'), render: (e) => (
        <Badge color={e.statusCode == null ? 'gray' : e.statusCode < 400 ? 'green' : 'red'} variant="light">{e.statusCode ?? '…'}</Badge>
      ),
    },
  ]
  return (
    <Stack gap="lg" data-testid="admin-audit-log-page">
      <Stack gap={4}>
        <Title order={2}>{t('adminAudit.pageTitle')}</Title>
        <Text c="dimmed">{t('adminAudit.pageText')}</Text>
      </Stack>
      <DataTable
        columns={columns} rows={log.data?.list ?? []} rowKey={(e) => e.id} totalCount={log.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={log.isPending || log.isFetching} searchable={false} emptyText={t('adminAudit.empty')}
      />
    </Stack>
  )
}
