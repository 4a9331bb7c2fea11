import { Anchor, Badge, Button, SimpleGrid, Stack, Switch, Text, Title, Tooltip } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { Modal } from '../../../components/modal'
import { SelectField } from '../../../components/select-field'
import { initialListState, withFilter, type ListState } from '../../../components/list-state'
import { formatDateTime } from '../../../lib/format'
import { useSearchParam } from '../../../lib/search'
import { adminSellersKey, adminSellersQuery, setSellingPaused, type AdminSeller } from '../api/list-sellers'
import { SellerFeaturesSection } from '../components/seller-features-section'
import { SellerFlagModal, type SellerFlagChange } from '../components/seller-flag-modal'

// /admin/sellers: every seller with the flags of docs/reference/readings.md 23. Managers search by username, email or
// company, filter by power seller, blocked and can-sell, and switch power seller and blocked after a
// confirmation (PATCH /admin/sellers/{id}). `?query=` opens the list searched (links from other lists).

const flagFilters = ['powerSeller', 'blocked', 'canSell'] as const

function Filters({ state, onChange }: { state: ListState; onChange: (next: ListState) => void }) {
  const { t } = useTranslation()
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} maw={720} data-testid="seller-filters">
      {flagFilters.map((key) => (
        <SelectField
          key={key}
          label={t(`sellers.filters.${key}`)}
          data={[{ value: 'true', label: t('sellers.filters.yes') }, { value: 'false', label: t('sellers.filters.no') }]}
          value={state.filters[key] ?? null}
          onChange={(value) => onChange(withFilter(state, key, value ?? undefined))}
          searchable={false}
          clearable
          data-testid={`seller-filter-${key}`}
        />
      ))}
    </SimpleGrid>
  )
}

function CanSell({ seller }: { seller: AdminSeller }) {
  const { t } = useTranslation()
  const missing = [
    !seller.paymentAccountDone && t('sellers.paymentsOpen'),
    !seller.profileFinished && t('sellers.profileOpen'),
    seller.blocked && t('sellers.isBlocked'),
  ].filter(Boolean).join(', ')
  const badge = (
    <Badge color={seller.canSell ? 'green' : 'yellow'} variant="light" data-testid="seller-can-sell" data-value={String(seller.canSell)}>
      {seller.canSell ? t('sellers.canSell') : t('sellers.cannotSell')}
    </Badge>
  )
  return seller.canSell ? badge : <Tooltip label={missing || t('sellers.emailOpen')}>{badge}</Tooltip>
}

export function SellersPage() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const initialQuery = useSearchParam('query') ?? ''
  const [state, setState] = useState<ListState>(() => initialListState({ query: initialQuery }))
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const sellers = useQuery(adminSellersQuery(state))
  const [change, setChange] = useState<SellerFlagChange | null>(null)
  const [featuresOf, setFeaturesOf] = useState<AdminSeller | null>(null)
  const ask = (seller: AdminSeller, flag: SellerFlagChange['flag'], value: boolean) =>
    setChange({ sellerId: seller.id, username: seller.username, flag, value })

  const columns: DataTableColumn<AdminSeller>[] = [
    { key: 'id', title: t('sellers.columns.id'), sortable: true, width: 70, render: (s) => s.id },
    {
      key: 'username', title: t('sellers.columns.seller'), sortable: true, render: (s) => (
        <Stack gap={0} data-testid="seller-row" data-username={s.username}>
          <Text size="sm" fw={500}>{s.username}</Text>
          <Text size="xs" c="dimmed">{s.email}</Text>
        </Stack>
      ),
    },
    { key: 'company', title: t('sellers.columns.company'), render: (s) => s.company ?? '–' },
    {
      key: 'power_seller', title: t('sellers.columns.powerSeller'), render: (s) => (
        <Switch
          checked={s.powerSeller} onChange={() => ask(s, 'power_seller', !s.powerSeller)} color="indigo"
          aria-label={t('sellers.powerSellerOf', { username: s.username })} data-testid={`seller-power-${s.username}`}
        />
      ),
    },
    {
      key: 'blocked', title: t('sellers.columns.blocked'), render: (s) => (
        <Switch
          checked={s.blocked} onChange={() => ask(s, 'blocked', !s.blocked)} color="red"
          aria-label={t('sellers.blockedOf', { username: s.username })} data-testid={`seller-blocked-${s.username}`}
        />
      ),
    },
    { key: 'can_sell', title: t('sellers.columns.canSell'), render: (s) => <CanSell seller={s} /> },
    {
      // Pausing stops new orders; plans keep charging (docs/decisions/0051-resellers.md "Selling modes").
      key: 'selling', title: t('sellers.columns.selling'), render: (s) => (
        <Switch
          checked={s.sellingMode !== 'selling_none'} color="green"
          onChange={() => void setSellingPaused(s.id, s.sellingMode !== 'selling_none').then(() => queryClient.invalidateQueries({ queryKey: adminSellersKey }))}
          aria-label={t('sellers.sellingOf', { username: s.username })} data-testid={`seller-selling-${s.username}`}
        />
      ),
    },
    {
      key: 'products_count', title: t('sellers.columns.products'), sortable: true, render: (s) => (
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/admin/products" search={{ seller_id: s.id }} />} data-testid="seller-products">
          {s.productsCount}
        </Anchor>
      ),
    },
    { key: 'created_at', title: t('sellers.columns.createdAt'), sortable: true, render: (s) => formatDateTime(s.createdAt, i18n.language) },
    {
      // docs/decisions/0077-feature-flags.md: each flag with its source, set on, off or back to the default.
      key: 'features', title: t('featureFlags.admin.title'), render: (s) => (
        <Button size="compact-xs" variant="light" onClick={() => setFeaturesOf(s)} data-testid={`seller-features-${s.username}`}>{t('featureFlags.admin.open')}</Button>
      ),
    },
  ]

  return (
    <Stack gap="lg" data-testid="admin-sellers-page">
      <Stack gap={4}>
        <Title order={2}>{t('sellers.pageTitle')}</Title>
        <Text c="dimmed">{t('sellers.pageText')}</Text>
      </Stack>
      <Filters state={state} onChange={onStateChange} />
      <DataTable
        columns={columns} rows={sellers.data?.list ?? []} rowKey={(s) => s.id} totalCount={sellers.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={sellers.isPending || sellers.isFetching}
        searchLabel={t('sellers.search')} emptyText={t('sellers.empty')}
      />
      <Modal opened={featuresOf !== null} onClose={() => setFeaturesOf(null)} size="xl" title={featuresOf ? t('featureFlags.admin.of', { username: featuresOf.username }) : ''}>
        {featuresOf && <SellerFeaturesSection sellerId={featuresOf.id} />}
      </Modal>
      <SellerFlagModal
        change={change}
        onClose={() => setChange(null)}
        onDone={(flags) => {
          setChange(null)
          void queryClient.invalidateQueries({ queryKey: adminSellersKey })
          notifications.show({
            color: 'green', autoClose: 4000,
            message: t('sellers.saved', {
              username: flags.username,
              power: flags.powerSeller ? t('sellers.isPower') : t('sellers.isNotPower'),
              blocked: flags.blocked ? t('sellers.isBlocked') : t('sellers.isNotBlocked'),
            }),
          })
        }}
      />
    </Stack>
  )
}
