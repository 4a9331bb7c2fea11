import { Anchor, Button, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useLocation } from '@tanstack/react-router'
import { useCallback, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { isCurrencyId, parseMoneyInput } from '../../../../shared/money'
import { allowsPayouts } from '../../../../shared/payouts/availability'
import { partyKinds, payoutCurrencies } from '../../../../shared/schemas/payouts'
import { payoutStates } from '../../../../shared/states/payout'
import { useConfirm } from '../../../components/confirm-modal'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { activeFilterCount, FilterPanel } from '../../../components/filter-panel'
import { FormError } from '../../../components/form-error'
import { initialListState, withFilter, type ListState } from '../../../components/list-state'
import { SelectField } from '../../../components/select-field'
import { formatDateTime, money } from '../../../lib/format'
import {
  adminPayoutsKey, adminPayoutsQuery, adminSettlePayout, areaOfPath, balanceQuery, cancelPayout, openCreditMemo, payoutListQuery, payoutsKey, settingsQuery,
  type AdminPayout, type Payout, type PayoutArea,
} from '../api/payouts'
import { BalanceAvailability } from '../components/balance-availability'
import { BalanceCards } from '../components/balance-cards'
import { PayoutBatches } from '../components/payout-batches'
import { PayoutCancelModal } from '../components/payout-cancel-modal'
import { PayoutRequestForm } from '../components/payout-request-form'
import { PayoutSettingsForm } from '../components/payout-settings-form'
import { PayoutStateBadge } from '../components/payout-state-badge'
import { PayoutTabs } from '../components/payout-tabs'

// Balances, payouts and settings of the seller (/cabinet) and the publisher (/publish), and the managers'
// payouts with their SEPA batches (/admin/payouts); docs/decisions/0049-money-out.md "Balances", "Payouts".

function useArea(): PayoutArea {
  return areaOfPath(useLocation().pathname)
}

/** `children`: what the app composes below (the publisher's transfers and credit memos, src/web/app). */
export function PayoutsBalancePage({ children }: { children?: ReactNode } = {}) {
  const { t } = useTranslation()
  const area = useArea()
  const balance = useQuery(balanceQuery(area))
  const availability = balance.data?.availability
  return (
    <Stack gap="lg" data-testid="payouts-balance-page">
      <Title order={2}>{t('moneyPayouts.balance.title')}</Title>
      <PayoutTabs area={area} current="payouts_balance" />
      <Text c="dimmed" size="sm">{t('moneyPayouts.balance.lead')}</Text>
      {balance.data ? (
        <>
          <BalanceCards balances={balance.data.balances} />
          {availability && <BalanceAvailability area={area} availability={availability} />}
          <PayoutRequestForm area={area} balances={balance.data.balances} disabled={!availability || !allowsPayouts(availability.value)} />
        </>
      ) : <Skeleton h={160} radius="md" />}
      {children}
    </Stack>
  )
}

export function PayoutsPage() {
  const { t, i18n } = useTranslation()
  const area = useArea()
  const queryClient = useQueryClient()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const payouts = useQuery(payoutListQuery(area, state))
  const { confirm, modal } = useConfirm()
  const cancel = useMutation({
    mutationFn: (id: number) => cancelPayout(area, id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: payoutsKey(area) }),
  })
  const memo = useMutation({ mutationFn: (id: number) => openCreditMemo(area, id) })
  const columns: DataTableColumn<Payout>[] = [
    { key: 'id', title: t('moneyPayouts.columns.id'), width: 70, render: (p) => <span data-testid={`payout-row-${p.id}`}>{p.id}</span> },
    { key: 'created_at', title: t('moneyPayouts.columns.createdAt'), render: (p) => formatDateTime(p.createdAt, i18n.language) },
    { key: 'amount', title: t('moneyPayouts.columns.amount'), render: (p) => money(p.amount, p.currency) },
    { key: 'account', title: t('moneyPayouts.columns.account'), render: (p) => `${p.transferCountryCode} ···${p.ibanLast4}` },
    { key: 'origin', title: t('moneyPayouts.columns.origin'), render: (p) => t(`moneyPayouts.origins.${p.origin}`) },
    { key: 'state', title: t('moneyPayouts.columns.state'), render: (p) => <PayoutStateBadge state={p.state} testId={`payout-state-${p.id}`} /> },
    {
      key: 'actions', title: '', render: (p) => (
        <Group gap="xs" wrap="nowrap">
          {p.state === 'pending' && p.batchId === null && (
            <Button size="xs" variant="subtle" color="red" data-testid={`payout-cancel-${p.id}`} onClick={() => confirm({
              name: money(p.amount, p.currency), title: t('moneyPayouts.payouts.cancelTitle'), text: t('moneyPayouts.payouts.cancelText'),
              confirmLabel: t('moneyPayouts.payouts.cancel'), onConfirm: () => cancel.mutate(p.id),
            })}>{t('moneyPayouts.payouts.cancel')}</Button>
          )}
          {area === 'publish' && p.state !== 'canceled' && (
            <Anchor component="button" type="button" size="sm" onClick={() => memo.mutate(p.id)} data-testid={`payout-memo-${p.id}`}>{t('moneyPayouts.payouts.creditMemo')}</Anchor>
          )}
        </Group>
      ),
    },
  ]
  return (
    <Stack gap="lg" data-testid="payouts-page">
      <Title order={2}>{t('moneyPayouts.payouts.title')}</Title>
      <PayoutTabs area={area} current="payouts" />
      <SelectField
        label={t('moneyPayouts.columns.state')} maw={240} searchable={false} clearable value={state.filters.state ?? null}
        data={payoutStates.map((s) => ({ value: s, label: t(`moneyPayouts.states.${s}`) }))}
        onChange={(value) => onStateChange(withFilter(state, 'state', value ?? undefined))} data-testid="payouts-filter-state"
      />
      <FormError error={cancel.error ?? memo.error} />
      <DataTable
        columns={columns} rows={payouts.data?.list ?? []} rowKey={(p) => p.id} totalCount={payouts.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={payouts.isPending || payouts.isFetching} searchable={false}
        emptyText={t('moneyPayouts.payouts.empty')}
      />
      {modal}
    </Stack>
  )
}

export function PayoutsSettingsPage() {
  const { t } = useTranslation()
  const area = useArea()
  const settings = useQuery(settingsQuery(area))
  return (
    <Stack gap="lg" data-testid="payouts-settings-page">
      <Title order={2}>{t('moneyPayouts.settings.title')}</Title>
      <PayoutTabs area={area} current="payouts_settings" />
      <Text c="dimmed" size="sm">{t('moneyPayouts.settings.lead')}</Text>
      {settings.data ? <PayoutSettingsForm area={area} settings={settings.data} /> : <Skeleton h={240} radius="md" maw={560} />}
    </Stack>
  )
}

// ------------------------------------------------------------------ managers

function AdminFilters({ state, onChange }: { state: ListState; onChange: (next: ListState) => void }) {
  const { t } = useTranslation()
  const [amount, setAmount] = useState('')
  const set = (key: string, value: string | null | undefined) => onChange(withFilter(state, key, value || undefined))
  const currency = state.filters.currency ?? 'eur'
  return (
    <FilterPanel active={activeFilterCount(state.filters)} onReset={() => { setAmount(''); onChange({ ...state, page: 1, filters: {} }) }} testId="admin-payout-filters">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <SelectField label={t('moneyPayouts.columns.state')} searchable={false} clearable value={state.filters.state ?? null}
          data={payoutStates.map((s) => ({ value: s, label: t(`moneyPayouts.states.${s}`) }))} onChange={(v) => set('state', v)} data-testid="admin-filter-state" />
        <TextInput label={t('moneyPayouts.filters.payoutId')} inputMode="numeric" value={state.filters.payout_id ?? ''}
          onChange={(e) => set('payout_id', /^\d{1,9}$/.test(e.currentTarget.value) ? e.currentTarget.value : undefined)} data-testid="admin-filter-payout-id" />
        <TextInput label={t('moneyPayouts.filters.country')} maxLength={2} value={state.filters.transfer_country_code ?? ''}
          onChange={(e) => set('transfer_country_code', /^[A-Za-z]{2}$/.test(e.currentTarget.value) ? e.currentTarget.value.toUpperCase() : undefined)} data-testid="admin-filter-country" />
        <TextInput label={t('moneyPayouts.filters.amount')} inputMode="decimal" value={amount} data-testid="admin-filter-amount" onChange={(e) => {
          const text = e.currentTarget.value
          setAmount(text)
          const minor = isCurrencyId(currency) ? parseMoneyInput(text, currency) : null
          set('amount', minor !== null && minor >= 0 ? String(minor) : undefined)
        }} />
        <SelectField label={t('moneyPayouts.filters.partyKind')} searchable={false} clearable value={state.filters.party_kind ?? null}
          data={partyKinds.map((k) => ({ value: k, label: t(`moneyPayouts.partyKinds.${k}`) }))} onChange={(v) => set('party_kind', v)} data-testid="admin-filter-party-kind" />
        <SelectField label={t('moneyPayouts.request.currency')} searchable={false} clearable value={state.filters.currency ?? null}
          data={payoutCurrencies.map((c) => ({ value: c, label: c.toUpperCase() }))} onChange={(v) => set('currency', v)} data-testid="admin-filter-currency" />
      </SimpleGrid>
    </FilterPanel>
  )
}

export function AdminPayoutsPage() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const payouts = useQuery(adminPayoutsQuery(state))
  const [canceling, setCanceling] = useState<number | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminPayoutsKey })
  const settle = useMutation({ mutationFn: (id: number) => adminSettlePayout(id), onSuccess: () => void refresh() })
  const columns: DataTableColumn<AdminPayout>[] = [
    { key: 'id', title: t('moneyPayouts.columns.id'), width: 70, render: (p) => <span data-testid={`payout-row-${p.id}`}>{p.id}</span> },
    { key: 'created_at', title: t('moneyPayouts.columns.createdAt'), render: (p) => formatDateTime(p.createdAt, i18n.language) },
    {
      key: 'party', title: t('moneyPayouts.columns.party'), render: (p) => (
        <Stack gap={0}>
          <Text size="sm">{t(`moneyPayouts.partyKinds.${p.partyKind}`)} #{p.partyId}</Text>
          <Text size="xs" c="dimmed">{p.user.email}</Text>
        </Stack>
      ),
    },
    {
      key: 'account', title: t('moneyPayouts.columns.account'), render: (p) => (
        <Stack gap={0}>
          <Text size="sm">{p.holder}</Text>
          <Text size="xs" c="dimmed">{p.iban}{p.bic ? ` · ${p.bic}` : ''} · {p.transferCountryCode}</Text>
        </Stack>
      ),
    },
    { key: 'amount', title: t('moneyPayouts.columns.amount'), render: (p) => money(p.amount, p.currency) },
    { key: 'rail', title: t('moneyPayouts.columns.rail'), render: (p) => `${p.rail.toUpperCase()}${p.batchId ? ` · #${p.batchId}` : ''}` },
    { key: 'state', title: t('moneyPayouts.columns.state'), render: (p) => <PayoutStateBadge state={p.state} testId={`payout-state-${p.id}`} /> },
    {
      key: 'actions', title: '', render: (p) => (
        <Group gap="xs" wrap="nowrap">
          {p.state === 'issued' && (
            <Button size="xs" variant="light" color="green" onClick={() => settle.mutate(p.id)} data-testid={`admin-payout-successful-${p.id}`}>{t('moneyPayouts.admin.markPaid')}</Button>
          )}
          {(p.state === 'pending' || p.state === 'issued') && (
            <Button size="xs" variant="subtle" color="red" onClick={() => setCanceling(p.id)} data-testid={`admin-payout-cancel-${p.id}`}>{t('moneyPayouts.admin.cancel')}</Button>
          )}
        </Group>
      ),
    },
  ]
  return (
    <Stack gap="lg" data-testid="admin-payouts">
      <Stack gap={4}>
        <Title order={2}>{t('moneyPayouts.admin.title')}</Title>
        <Text c="dimmed">{t('moneyPayouts.admin.lead')}</Text>
      </Stack>
      <AdminFilters state={state} onChange={onStateChange} />
      <FormError error={settle.error} />
      <DataTable
        columns={columns} rows={payouts.data?.list ?? []} rowKey={(p) => p.id} totalCount={payouts.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={payouts.isPending || payouts.isFetching} searchable={false}
        emptyText={t('moneyPayouts.payouts.empty')}
      />
      <PayoutBatches />
      <PayoutCancelModal payoutId={canceling} onClose={() => setCanceling(null)} onDone={() => { setCanceling(null); void refresh() }} />
    </Stack>
  )
}
