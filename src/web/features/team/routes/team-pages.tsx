import { ActionIcon, Button, Group, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { IconHistory, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '../../../components/confirm-modal'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { initialListState, type ListState } from '../../../components/list-state'
import { Modal } from '../../../components/modal'
import { StatusBadge } from '../../../components/status-badge'
import { formatDateTime } from '../../../lib/format'
import { removeTeamMember, teamAuditLogQuery, teamKey, teamMembersQuery, updateTeamMember, type TeamAuditEntry, type TeamMember } from '../api/team'
import { InviteForm } from '../components/invite-form'
import { areaKeys, PermissionsMatrix, type Levels } from '../components/permissions-matrix'

// /cabinet/team: the seller's team members (invite with the per-area matrix, edit levels, remove) and
// /cabinet/team/audit_log: what team members wrote (docs/decisions/0053-team-members.md).

const stateColor: Record<TeamMember['state'], string> = { invited: 'pending', active: 'active', declined: 'canceled', removed: 'canceled' }

function EditLevels({ member, onDone }: { member: TeamMember; onDone: () => void }) {
  const { t } = useTranslation()
  const [levels, setLevels] = useState<Levels>(member.permissions as Levels)
  const save = useMutation({ mutationFn: () => updateTeamMember(member.id, levels), onSuccess: onDone })
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">{member.email}</Text>
      <PermissionsMatrix value={levels} onChange={setLevels} />
      <Group justify="flex-end">
        <Button loading={save.isPending} onClick={() => save.mutate()} data-testid="levels-save">{t('common.save')}</Button>
      </Group>
    </Stack>
  )
}

export function TeamPage() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(teamMembersQuery(state))
  const [inviting, setInviting] = useState(false)
  const [editing, setEditing] = useState<TeamMember | null>(null)
  const { confirm, modal } = useConfirm()
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamKey })
  const remove = useMutation({ mutationFn: (id: number) => removeTeamMember(id), onSuccess: () => void refresh() })
  const levelsText = (m: TeamMember) => areaKeys.filter((key) => (m.permissions as Levels)[key] !== 'none')
    .map((key) => `${t(`team.areas.${key}`)}: ${t(`team.levels.${(m.permissions as Levels)[key]}`)}`).join(', ') || t('team.levels.none')
  const columns: DataTableColumn<TeamMember>[] = [
    { key: 'email', title: t('team.columns.member'), render: (m) => <Stack gap={0}><Text size="sm" data-testid="team-row-email">{m.email}</Text>{m.name && <Text size="xs" c="dimmed">{m.name}</Text>}</Stack> },
    { key: 'state', title: t('team.columns.state'), render: (m) => <StatusBadge status={stateColor[m.state]} label={t(`team.states.${m.state}`)} /> },
    { key: 'permissions', title: t('team.columns.permissions'), render: (m) => <Text size="xs">{levelsText(m)}</Text> },
    { key: 'invited_at', title: t('team.columns.invitedAt'), render: (m) => formatDateTime(m.invitedAt, i18n.language) },
    {
      key: 'actions', title: '', width: 80, render: (m) => (m.state === 'invited' || m.state === 'active') && (
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={t('team.editLevels')} onClick={() => setEditing(m)} data-testid="team-edit"><IconPencil size={16} /></ActionIcon>
          <ActionIcon
            variant="subtle" color="red" aria-label={t('team.remove')} data-testid="team-remove"
            onClick={() => confirm({ name: m.email, title: t('team.removeTitle', { email: m.email }), text: t('team.removeText'), confirmLabel: t('team.remove'), onConfirm: () => remove.mutateAsync(m.id) })}
          ><IconTrash size={16} /></ActionIcon>
        </Group>
      ),
    },
  ]
  return (
    <Stack gap="lg" data-testid="team-page">
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={2}>{t('team.title')}</Title>
          <Text c="dimmed" size="sm">{t('team.lead')}</Text>
        </Stack>
        <Group>
          <Button variant="default" component={Link} to="/cabinet/team/audit_log" leftSection={<IconHistory size={16} />}>{t('team.auditLog')}</Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setInviting(true)} data-testid="team-invite">{t('team.invite')}</Button>
        </Group>
      </Group>
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(m) => m.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching}
        searchLabel={t('team.search')} emptyText={t('team.empty')}
      />
      <Modal opened={inviting} onClose={() => setInviting(false)} size="lg" title={t('team.invite')}>
        {inviting && <InviteForm onCancel={() => setInviting(false)} onDone={() => { setInviting(false); void refresh() }} />}
      </Modal>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} size="lg" title={t('team.editLevels')}>
        {editing && <EditLevels key={editing.id} member={editing} onDone={() => { setEditing(null); void refresh() }} />}
      </Modal>
      {modal}
    </Stack>
  )
}

export function TeamAuditLogPage() {
  const { t, i18n } = useTranslation()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(teamAuditLogQuery(state))
  const columns: DataTableColumn<TeamAuditEntry>[] = [
    { key: 'created_at', title: t('team.audit.when'), render: (e) => formatDateTime(e.createdAt, i18n.language) },
    { key: 'email', title: t('team.audit.who'), render: (e) => e.email },
    { key: 'action', title: t('team.audit.what'), render: (e) => <Text size="sm" ff="monospace" data-testid="audit-action">{e.action}</Text> },
    { key: 'target', title: t('team.audit.target'), render: (e) => Object.entries(e.target).map(([k, v]) => `${k} ${v}`).join(', ') },
    { key: 'status', title: t('team.audit.status'), render: (e) => e.statusCode },
  ]
  return (
    <Stack gap="lg" data-testid="team-audit-page">
      <Stack gap={2}>
        <Title order={2}>{t('team.auditLog')}</Title>
        <Text c="dimmed" size="sm">{t('team.audit.lead')}</Text>
      </Stack>
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(e) => e.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching} emptyText={t('team.audit.empty')} searchable={false}
      />
    </Stack>
  )
}
