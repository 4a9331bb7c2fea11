import { Anchor, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { partyKinds } from '../../../../shared/ledger/accounts'
import { payoutCurrencies } from '../../../../shared/schemas/payouts'
import { bankAccountLegitimationStates, bankAccountStates } from '../../../../shared/states/bank-account'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { activeFilterCount, FilterPanel } from '../../../components/filter-panel'
import { initialListState, withFilter, type ListState } from '../../../components/list-state'
import { SelectField } from '../../../components/select-field'
import { formatDateTime } from '../../../lib/format'
import { adminBankAccountsKey, adminBankAccountsQuery, type AdminBankAccount } from '../api/bank-accounts'
import { BankAdminDrawer } from './bank-admin-drawer'
import { BankStateBadges, maskIban } from './bank-badges'

// The managers' bank account lists (/admin/bank_accounts and the queue /admin/bank_account_legitimations):
// the spec's filters, one row per account, a drawer to check it (docs/decisions/0049-money-out.md "Bank accounts").

const stateFilterValues = [...bankAccountStates, 'activated_by_lw', 'deactivated_by_lw'] as const

function Filters({ state, onChange, countries }: { state: ListState; onChange: (next: ListState) => void; countries: string[] }) {
  const { t } = useTranslation()
  const select = (key: string, data: { value: string; label: string }[]) => (
    <SelectField
      key={key} label={t(`moneyBank.filters.${key}`)} data={data} value={state.filters[key] ?? null}
      onChange={(value) => onChange(withFilter(state, key, value ?? undefined))} searchable={false} clearable
      data-testid={`admin-bank-filter-${key}`}
    />
  )
  return (
    <FilterPanel active={activeFilterCount(state.filters)} onReset={() => onChange({ ...state, filters: {}, page: 1 })} testId="admin-bank-filters">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {select('state', stateFilterValues.map((s) => ({ value: s, label: t(`moneyBank.states.${s}`, { defaultValue: s }) })))}
        {select('legitimationState', bankAccountLegitimationStates.map((s) => ({ value: s, label: t(`moneyBank.checks.${s}`) })))}
        {select('partyKind', partyKinds.map((k) => ({ value: k, label: t(`moneyBank.parties.${k}`, { defaultValue: k }) })))}
        {select('countryCode', countries.map((c) => ({ value: c, label: c })))}
        {select('currency', payoutCurrencies.map((c) => ({ value: c, label: c.toUpperCase() })))}
      </SimpleGrid>
    </FilterPanel>
  )
}

export function BankAdminList({ kind }: { kind: 'all' | 'legitimations' }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [state, setState] = useState<ListState>(() => initialListState({ sortKey: 'created_at' }))
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const accounts = useQuery(adminBankAccountsQuery(kind, state))
  const [openId, setOpenId] = useState<number | null>(null)
  const open = accounts.data?.list.find((a) => a.id === openId) ?? null
  const countries = [...new Set(['DE', 'FR', 'NL', 'ES', 'IE', ...(accounts.data?.list.map((a) => a.countryCode) ?? [])])].sort()

  const columns: DataTableColumn<AdminBankAccount>[] = [
    { key: 'id', title: t('moneyBank.columns.id'), sortable: true, width: 70, render: (a) => a.id },
    {
      key: 'holder', title: t('moneyBank.columns.account'), sortable: true, render: (a) => (
        <Stack gap={0} data-testid={`admin-bank-row-${a.id}`}>
          <Anchor component="button" type="button" size="sm" fw={500} onClick={() => setOpenId(a.id)} data-testid={`admin-bank-open-${a.id}`}>{a.holder}</Anchor>
          <Text size="xs" c="dimmed">{maskIban(a.iban)}</Text>
        </Stack>
      ),
    },
    {
      key: 'user', title: t('moneyBank.columns.user'), render: (a) => (
        <Stack gap={0}>
          <Text size="sm">{a.user.email}</Text>
          <Text size="xs" c="dimmed">{t(`moneyBank.parties.${a.partyKind}`, { defaultValue: a.partyKind })} #{a.partyId}</Text>
        </Stack>
      ),
    },
    { key: 'country_code', title: t('moneyBank.columns.country'), sortable: true, render: (a) => `${a.countryCode} · ${a.currency.toUpperCase()}` },
    { key: 'state', title: t('moneyBank.columns.state'), sortable: true, render: (a) => <BankStateBadges id={a.id} state={a.state} legitimationState={a.legitimationState} /> },
    { key: 'identity', title: t('moneyBank.columns.identity'), render: (a) => t(`moneyBank.steps.${a.legitimation.step}`, { defaultValue: a.legitimation.step }) },
    { key: 'created_at', title: t('moneyBank.columns.created'), sortable: true, render: (a) => formatDateTime(a.createdAt, i18n.language) },
  ]

  return (
    <Stack gap="lg" data-testid={kind === 'all' ? 'admin-bank-accounts' : 'admin-bank-legitimations'}>
      <Stack gap={4}>
        <Title order={2}>{t(kind === 'all' ? 'moneyBank.admin.allTitle' : 'moneyBank.admin.queueTitle')}</Title>
        <Text c="dimmed">{t(kind === 'all' ? 'moneyBank.admin.allText' : 'moneyBank.admin.queueText')}</Text>
      </Stack>
      <Filters state={state} onChange={onStateChange} countries={countries} />
      <DataTable
        columns={columns} rows={accounts.data?.list ?? []} rowKey={(a) => a.id} totalCount={accounts.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={accounts.isPending || accounts.isFetching}
        searchLabel={t('moneyBank.admin.search')} emptyText={t(kind === 'all' ? 'moneyBank.admin.empty' : 'moneyBank.admin.queueEmpty')}
      />
      <BankAdminDrawer
        account={open}
        onClose={() => setOpenId(null)}
        onChanged={() => void queryClient.invalidateQueries({ queryKey: adminBankAccountsKey })}
      />
    </Stack>
  )
}
