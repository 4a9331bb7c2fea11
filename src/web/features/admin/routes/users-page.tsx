import { Anchor, Badge, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { accountStates, profileTypes } from '../../../../shared/accounts'
import { deletionStates } from '../../../../shared/states/account'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { SelectField } from '../../../components/select-field'
import { initialListState, withFilter, type ListState } from '../../../components/list-state'
import { dayBound, formatDateTime } from '../../../lib/format'
import { useSearchParam } from '../../../lib/search'
import { adminUsersQuery, type AdminUser } from '../api/users'

// /admin/users: every user (docs/decisions/0056-managers-admin-mode.md). Managers search by name, email or
// username and filter by profile type, account state (Active, Deactivated, Deleted), deletion state, when
// the account was deactivated, power seller and blocked; a row opens the user. `?query=` opens it searched.

const stateColor: Record<string, string> = { active: 'green', deactivated: 'yellow', deleted: 'gray' }

export function AccountStateBadge({ user }: { user: Pick<AdminUser, 'accountState' | 'blocked'> }) {
  const { t } = useTranslation()
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={stateColor[user.accountState]} variant="light" data-testid="user-account-state" data-value={user.accountState}>
        {t(`adminUsers.accountStates.${user.accountState}`)}
      </Badge>
      {user.blocked && <Badge color="red" variant="filled">{t('adminUsers.blocked')}</Badge>}
    </Group>
  )
}

function Filters({ state, onChange }: { state: ListState; onChange: (next: ListState) => void }) {
  const { t } = useTranslation()
  const yesNo = [{ value: 'true', label: t('sellers.filters.yes') }, { value: 'false', label: t('sellers.filters.no') }]
  const select = (key: string, label: string, data: { value: string; label: string }[]) => (
    <SelectField
      key={key} label={label} data={data} value={state.filters[key] ?? null}
      onChange={(value) => onChange(withFilter(state, key, value ?? undefined))}
      searchable={false} clearable data-testid={`user-filter-${key}`}
    />
  )
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} data-testid="user-filters">
      {select('profileType', t('adminUsers.filters.profileType'), profileTypes.map((p) => ({ value: p, label: t(`profileTypes.${p}`) })))}
      {select('accountState', t('adminUsers.filters.accountState'), accountStates.map((s) => ({ value: s, label: t(`adminUsers.accountStates.${s}`) })))}
      {select('deletionState', t('adminUsers.filters.deletionState'), deletionStates.map((s) => ({ value: s, label: t(`adminUsers.deletionStates.${s}`) })))}
      {select('powerSeller', t('adminUsers.filters.powerSeller'), yesNo)}
      {select('blocked', t('adminUsers.filters.blocked'), yesNo)}
      <TextInput
        type="date" label={t('adminUsers.filters.deactivatedFrom')} data-testid="user-filter-deactivated-from"
        onChange={(e) => onChange(withFilter(state, 'deactivatedFromTime', dayBound(e.currentTarget.value, false)))}
      />
      <TextInput
        type="date" label={t('adminUsers.filters.deactivatedTill')} data-testid="user-filter-deactivated-till"
        onChange={(e) => onChange(withFilter(state, 'deactivatedTillTime', dayBound(e.currentTarget.value, true)))}
      />
    </SimpleGrid>
  )
}

export function UsersPage() {
  const { t, i18n } = useTranslation()
  const initialQuery = useSearchParam('query') ?? ''
  const [state, setState] = useState<ListState>(() => initialListState({ query: initialQuery }))
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const users = useQuery(adminUsersQuery(state))
  const when = (value: string | null) => (value ? formatDateTime(value, i18n.language) : '–')

  const columns: DataTableColumn<AdminUser>[] = [
    { key: 'id', title: t('adminUsers.columns.id'), sortable: true, width: 70, render: (u) => u.id },
    {
      key: 'last_name', title: t('adminUsers.columns.user'), sortable: true, render: (u) => (
        <Stack gap={0} data-testid="user-row" data-email={u.email}>
          <Anchor size="sm" fw={500} renderRoot={(props) => <Link {...props} to="/admin/users/$id" params={{ id: String(u.id) }} />} data-testid="user-open">
            {`${u.firstName} ${u.lastName}`}
          </Anchor>
          <Text size="xs" c="dimmed">{u.email}{u.username ? ` · ${u.username}` : ''}</Text>
        </Stack>
      ),
    },
    { key: 'profiles', title: t('adminUsers.columns.profiles'), render: (u) => u.profileTypes.map((p) => t(`profileTypes.${p}`)).join(', ') || '–' },
    { key: 'state', title: t('adminUsers.columns.state'), render: (u) => <AccountStateBadge user={u} /> },
    { key: 'deletion_state', title: t('adminUsers.columns.deletionState'), render: (u) => t(`adminUsers.deletionStates.${u.deletionState}`) },
    { key: 'power_seller', title: t('adminUsers.columns.powerSeller'), render: (u) => (u.powerSeller == null ? '–' : u.powerSeller ? t('sellers.filters.yes') : t('sellers.filters.no')) },
    { key: 'last_sign_in_at', title: t('adminUsers.columns.lastSignIn'), sortable: true, render: (u) => when(u.lastSignInAt) },
    { key: 'deactivated_at', title: t('adminUsers.columns.deactivatedAt'), sortable: true, render: (u) => when(u.deactivatedAt) },
    { key: 'created_at', title: t('adminUsers.columns.createdAt'), sortable: true, render: (u) => when(u.createdAt) },
  ]

  return (
    <Stack gap="lg" data-testid="admin-users-page">
      <Stack gap={4}>
        <Title order={2}>{t('adminUsers.pageTitle')}</Title>
        <Text c="dimmed">{t('adminUsers.pageText')}</Text>
      </Stack>
      <Filters state={state} onChange={onStateChange} />
      <DataTable
        columns={columns} rows={users.data?.list ?? []} rowKey={(u) => u.id} totalCount={users.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={users.isPending || users.isFetching}
        searchLabel={t('adminUsers.search')} emptyText={t('adminUsers.empty')}
      />
    </Stack>
  )
}
