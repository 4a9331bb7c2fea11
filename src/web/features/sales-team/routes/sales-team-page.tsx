import { ActionIcon, Button, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { inviteSalesTeamMemberInput } from '../../../../shared/schemas/deals'
import { useConfirm } from '../../../components/confirm-modal'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { FormError } from '../../../components/form-error'
import { initialListState, type ListState } from '../../../components/list-state'
import { Modal } from '../../../components/modal'
import { StatusBadge } from '../../../components/status-badge'
import { formatDateTime } from '../../../lib/format'
import { inviteSalesTeamMember, removeSalesTeamMember, salesTeamKey, salesTeamQuery, updateSalesTeamFee, type SalesTeamMember } from '../api/sales-team'
import { FeatureGate } from '../../../components/feature-off'

// /cabinet/sales_team: the seller's sales team members with their fee (invite, change the fee, remove),
// docs/decisions/0054-sales-team-and-deals.md.

const stateColor: Record<SalesTeamMember['state'], string> = { invited: 'pending', active: 'active', declined: 'canceled', removed: 'canceled' }

function FeeForm({ member, onDone, onCancel }: { member: SalesTeamMember | null; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation()
  const [email, setEmail] = useState('')
  const [fee, setFee] = useState<number>(member ? member.feeBps / 100 : 10)
  const [error, setError] = useState<unknown>(null)
  const submit = async () => {
    setError(null)
    try {
      if (member) await updateSalesTeamFee(member.id, fee)
      else {
        const input = inviteSalesTeamMemberInput.safeParse({ email, fee_percent: fee })
        if (!input.success) {
          setError(new Error(t('salesTeam.invalid')))
          return
        }
        await inviteSalesTeamMember(input.data)
      }
      onDone()
    } catch (caught) {
      setError(caught)
    }
  }
  return (
    <Stack gap="md" component="form" onSubmit={(event) => { event.preventDefault(); void submit() }} data-testid="sales-team-form">
      {member ? <Text size="sm" c="dimmed">{member.email}</Text> : <TextInput label={t('salesTeam.email')} type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} data-testid="sales-team-email" />}
      <NumberInput label={t('salesTeam.fee')} description={t('salesTeam.feeHint')} min={0} max={100} step={1} allowDecimal={false} suffix=" %" value={fee} onChange={(v) => setFee(typeof v === 'number' ? v : Number(v) || 0)} data-testid="sales-team-fee" />
      <FormError error={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="submit" data-testid="sales-team-submit">{member ? t('common.save') : t('salesTeam.sendInvite')}</Button>
      </Group>
    </Stack>
  )
}

/** Behind the sales_team flag: the notice of docs/decisions/0077-feature-flags.md when it is off. */
export function SalesTeamPage() {
  return <FeatureGate flag="sales_team"><SalesTeamPageContent /></FeatureGate>
}

function SalesTeamPageContent() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(salesTeamQuery(state))
  const [editing, setEditing] = useState<SalesTeamMember | 'new' | null>(null)
  const { confirm, modal } = useConfirm()
  const refresh = () => queryClient.invalidateQueries({ queryKey: salesTeamKey })
  const remove = useMutation({ mutationFn: (id: number) => removeSalesTeamMember(id), onSuccess: () => void refresh() })
  const columns: DataTableColumn<SalesTeamMember>[] = [
    { key: 'email', title: t('salesTeam.columns.member'), render: (m) => <Stack gap={0}><Text size="sm" data-testid="sales-team-row-email">{m.email}</Text>{m.name && <Text size="xs" c="dimmed">{m.name}</Text>}</Stack> },
    { key: 'state', title: t('salesTeam.columns.state'), render: (m) => <StatusBadge status={stateColor[m.state]} label={t(`team.states.${m.state}`)} /> },
    { key: 'fee', title: t('salesTeam.columns.fee'), render: (m) => `${m.feeBps / 100} %` },
    { key: 'invited_at', title: t('salesTeam.columns.invitedAt'), render: (m) => formatDateTime(m.invitedAt, i18n.language) },
    {
      key: 'actions', title: '', width: 80, render: (m) => (m.state === 'invited' || m.state === 'active') && (
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={t('salesTeam.editFee')} onClick={() => setEditing(m)}><IconPencil size={16} /></ActionIcon>
          <ActionIcon
            variant="subtle" color="red" aria-label={t('team.remove')}
            onClick={() => confirm({ name: m.email, title: t('salesTeam.removeTitle', { email: m.email }), text: t('salesTeam.removeText'), confirmLabel: t('team.remove'), onConfirm: () => remove.mutateAsync(m.id) })}
          ><IconTrash size={16} /></ActionIcon>
        </Group>
      ),
    },
  ]
  return (
    <Stack gap="lg" data-testid="sales-team-page">
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={2}>{t('salesTeam.title')}</Title>
          <Text c="dimmed" size="sm">{t('salesTeam.lead')}</Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="sales-team-invite">{t('salesTeam.invite')}</Button>
      </Group>
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(m) => m.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching} searchLabel={t('team.search')} emptyText={t('salesTeam.empty')}
      />
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? t('salesTeam.invite') : t('salesTeam.editFee')}>
        {editing !== null && <FeeForm member={editing === 'new' ? null : editing} onCancel={() => setEditing(null)} onDone={() => { setEditing(null); void refresh() }} />}
      </Modal>
      {modal}
    </Stack>
  )
}
