import { ActionIcon, Anchor, Button, Group, Menu, SimpleGrid, Stack, Text, TextInput, Title, Tooltip, VisuallyHidden } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import {
  IconArchive, IconArchiveOff, IconCategory, IconCopy, IconDotsVertical, IconDownload, IconExternalLink, IconEye, IconEyeOff, IconPencil, IconPlus, IconShare, IconTrash,
} from '@tabler/icons-react'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { productForms } from '../../../../shared/catalog'
import { formatMoney } from '../../../../shared/money'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { useErrorText } from '../../../components/form-error'
import { Modal } from '../../../components/modal'
import { SelectField } from '../../../components/select-field'
import { StatusBadge } from '../../../components/status-badge'
import { initialListState, withFilter, type ListState } from '../../../components/list-state'
import { formatDateTime } from '../../../lib/format'
import { useMe } from '../../../lib/session'
import { setProductArchived } from '../api/archive-product'
import { deleteProduct } from '../api/delete-product'
import { duplicateProduct } from '../api/duplicate-product'
import { exportProductsCsv } from '../api/export-products'
import { categoriesQuery, flattenCategories } from '../api/list-categories'
import { productListQuery } from '../api/list-products'
import { publishProduct } from '../api/publish-product'
import { productsKey, type Product } from '../api/types'
import { unpublishProduct } from '../api/unpublish-product'
import { currencyOf } from '../components/money'
import { NewProductModal } from '../components/new-product-modal'
import { ProductStatuses } from '../components/product-statuses'
import { cannotPublishReasons } from '../components/publish-reasons'
import { ShareModal } from '../components/share-modal'

// /cabinet/products: the seller's products (docs/reference/catalogue-and-selling.md §3 filters, docs/reference/accounts-and-orders.md §4 list
// behaviour), why each cannot sell, the row actions, the CSV export and "New product".

const yesNo = ['isPublished', 'isArchived', 'isPrivate', 'isFree'] as const

/** A date input's day as the start (from) or end (till) of that day in local time, as ISO. */
function dayBound(day: string, end: boolean): string | undefined {
  if (!day) return undefined
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

function Filters({ state, onChange }: { state: ListState; onChange: (next: ListState) => void }) {
  const { t } = useTranslation()
  const categories = useQuery(categoriesQuery())
  const [days, setDays] = useState({ from: '', till: '' })
  const [internalName, setInternalName] = useState(state.filters.internalName ?? '')
  const set = (key: string, value: string | null | undefined) => onChange(withFilter(state, key, value ?? undefined))
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} data-testid="product-filters">
      <SelectField
        label={t('products.filters.type')}
        data={productForms.map((form) => ({ value: form, label: t(`products.forms.${form}`) }))}
        value={state.filters.productType ?? null}
        onChange={(value) => set('productType', value)}
        clearable
        data-testid="filter-type"
      />
      {yesNo.map((key) => (
        <SelectField
          key={key}
          label={t(`products.filters.${key}`)}
          data={[{ value: 'true', label: t('products.filters.yes') }, { value: 'false', label: t('products.filters.no') }]}
          value={state.filters[key] ?? null}
          onChange={(value) => set(key, value)}
          searchable={false}
          clearable
          data-testid={`filter-${key}`}
        />
      ))}
      <SelectField
        label={t('products.filters.category')}
        data={flattenCategories(categories.data?.list ?? [])}
        value={state.filters.categoryId ?? null}
        onChange={(value) => set('categoryId', value)}
        clearable
      />
      <TextInput
        label={t('products.filters.internalName')}
        value={internalName}
        onChange={(e) => setInternalName(e.currentTarget.value)}
        onBlur={() => set('internalName', internalName.trim())}
        onKeyDown={(e) => e.key === 'Enter' && set('internalName', internalName.trim())}
      />
      <TextInput
        type="date"
        label={t('products.filters.createdFrom')}
        value={days.from}
        onChange={(e) => {
          const from = e.currentTarget.value
          setDays((d) => ({ ...d, from }))
          set('createdFromTime', dayBound(from, false))
        }}
      />
      <TextInput
        type="date"
        label={t('products.filters.createdTill')}
        value={days.till}
        onChange={(e) => {
          const till = e.currentTarget.value
          setDays((d) => ({ ...d, till }))
          set('createdTillTime', dayBound(till, true))
        }}
      />
    </SimpleGrid>
  )
}

function RowActions({ product, onDelete }: { product: Product; onDelete: (product: Product) => void }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const errorText = useErrorText()
  const refresh = () => queryClient.invalidateQueries({ queryKey: productsKey })
  const duplicate = useMutation({
    mutationFn: () => duplicateProduct(product.id),
    onSuccess: (copy) => {
      void refresh()
      notifications.show({ color: 'green', message: t('products.list.duplicated', { name: copy.name }) })
    },
  })
  const publish = useMutation({
    mutationFn: () => (product.published ? unpublishProduct(product.id) : publishProduct(product.id)),
    onSuccess: () => void refresh(),
    onError: (error) => {
      const reasons = cannotPublishReasons(error)
      notifications.show({
        color: 'red',
        title: t('products.publish.failed'),
        message: reasons ? reasons.map((status) => t(`products.statuses.${status}`)).join(', ') : errorText(error),
        autoClose: 4000,
      })
    },
  })
  const archive = useMutation({ mutationFn: () => setProductArchived(product.id, !product.archived), onSuccess: () => void refresh() })
  const busy = duplicate.isPending || publish.isPending || archive.isPending
  const pageUrl = `/s/${encodeURIComponent(product.sellerUsername)}/${encodeURIComponent(product.slug)}`
  const viewLabel = product.published ? t('products.list.view', { name: product.name }) : t('products.list.viewUnpublished', { name: product.name })
  return (
    <Group gap={2} wrap="nowrap">
      {/* the product page as payers see it; only a published product has one (docs/decisions/0041-first-ten-minutes.md) */}
      <Tooltip label={viewLabel} withinPortal>
        {product.published ? (
          <ActionIcon component="a" href={pageUrl} target="_blank" rel="noopener" variant="subtle" color="gray" aria-label={viewLabel} data-testid={`row-view-${product.id}`}>
            <IconExternalLink size={18} />
          </ActionIcon>
        ) : (
          <ActionIcon variant="subtle" color="gray" aria-label={viewLabel} data-disabled aria-disabled="true" data-testid={`row-view-${product.id}`}
            onClick={(event) => event.preventDefault()}>
            <IconExternalLink size={18} />
          </ActionIcon>
        )}
      </Tooltip>
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('products.list.actions', { name: product.name })} loading={busy} data-testid={`row-actions-${product.id}`}>
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => void navigate({ to: '/cabinet/products/$productId/edit', params: { productId: String(product.id) } })}>
          {t('products.list.edit')}
        </Menu.Item>
        <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => duplicate.mutate()} data-testid="action-duplicate">{t('products.list.duplicate')}</Menu.Item>
        <Menu.Item leftSection={product.published ? <IconEyeOff size={16} /> : <IconEye size={16} />} onClick={() => publish.mutate()} data-testid="action-publish">
          {product.published ? t('products.list.unpublish') : t('products.list.publish')}
        </Menu.Item>
        <Menu.Item leftSection={product.archived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />} onClick={() => archive.mutate()} data-testid="action-archive">
          {product.archived ? t('products.list.unarchive') : t('products.list.archive')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(product)} data-testid="action-delete">{t('products.list.delete')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
    </Group>
  )
}

export function ProductListPage() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(productListQuery(state))
  const [creating, setCreating] = useState(false)
  const [sharing, setSharing] = useState(false)
  // The share dialog is the product_sharing feature (docs/decisions/0067-multi-item-shares.md).
  const sharingOn = useMe().data?.seller?.features.productSharing === true
  const [deleting, setDeleting] = useState<Product | null>(null)
  const remove = useMutation({
    mutationFn: (id: number) => deleteProduct(id),
    onSuccess: () => {
      setDeleting(null)
      void queryClient.invalidateQueries({ queryKey: productsKey })
    },
  })
  const exporting = useMutation({ mutationFn: () => exportProductsCsv(state) })

  const columns: DataTableColumn<Product>[] = [
    { key: 'id', title: t('products.columns.id'), sortable: true, width: 70, render: (p) => p.id },
    {
      key: 'name', title: t('products.columns.name'), sortable: true,
      render: (p) => (
        <Stack gap={0}>
          <Anchor component={Link} to={`/cabinet/products/${p.id}/edit`} fw={500} data-testid="product-name">{p.name}</Anchor>
          {p.internalName && <Text size="xs" c="dimmed">{p.internalName}</Text>}
        </Stack>
      ),
    },
    { key: 'form', title: t('products.columns.form'), render: (p) => t(`products.forms.${p.form}`) },
    {
      key: 'price', title: t('products.columns.price'),
      // What the shop shows: the display price, else the lowest plan price, after an active discount.
      render: (p) => (p.free ? t('products.free') : p.shopPrice.displayPrice !== null ? formatMoney({ amount: p.shopPrice.displayPrice, currency: currencyOf(p.shopPrice.currencyId) }) : '–'),
    },
    { key: 'state', title: t('products.columns.state'), render: (p) => <StatusBadge status={p.publishState} label={t(`products.publishStates.${p.publishState}`)} /> },
    { key: 'warnings', title: t('products.columns.warnings'), render: (p) => <ProductStatuses statuses={p.statuses} compact /> },
    { key: 'sold_count', title: t('products.columns.sold'), sortable: true, render: (p) => (p.limit === null ? p.soldCount : `${p.soldCount} / ${p.limit}`) },
    { key: 'created_at', title: t('products.columns.createdAt'), sortable: true, render: (p) => formatDateTime(p.createdAt, i18n.language) },
    { key: 'actions', title: <VisuallyHidden>{t('products.columns.actions')}</VisuallyHidden>, width: 88, render: (p) => <RowActions product={p} onDelete={setDeleting} /> },
  ]

  return (
    <Stack gap="lg" data-testid="product-list-page">
      <Group justify="space-between">
        <Title order={2}>{t('products.title')}</Title>
        <Group>
          <Button variant="default" component={Link} to="/cabinet/products/categories" leftSection={<IconCategory size={16} />} data-testid="open-categories">
            {t('categories.pageTitle')}
          </Button>
          {sharingOn && (
            <Button variant="default" leftSection={<IconShare size={16} />} onClick={() => setSharing(true)} data-testid="share-products">{t('shares.share')}</Button>
          )}
          <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporting.isPending} onClick={() => exporting.mutate()} data-testid="export-csv">
            {t('products.list.export')}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="new-product">{t('products.list.new')}</Button>
        </Group>
      </Group>
      <Filters state={state} onChange={onStateChange} />
      <DataTable
        columns={columns}
        rows={list.data?.list ?? []}
        rowKey={(p) => p.id}
        totalCount={list.data?.totalCount ?? 0}
        state={state}
        onStateChange={onStateChange}
        loading={list.isPending || list.isFetching}
        searchLabel={t('products.list.search')}
        emptyText={t('products.list.empty')}
      />
      <NewProductModal opened={creating} onClose={() => setCreating(false)} />
      <ShareModal opened={sharing} onClose={() => setSharing(false)} />
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('products.delete.title')}>
        <Stack>
          <Text>{t('products.delete.text', { name: deleting?.name ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>{t('common.cancel')}</Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id)} data-testid="confirm-delete">
              {t('products.delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
