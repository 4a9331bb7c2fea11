import { Anchor, Button, Card, Code, CopyButton, Group, SegmentedControl, Select, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { embeddableItemInput, embeddableItemKinds } from '../../../../shared/schemas/affiliates'
import { useConfirm } from '../../../components/confirm-modal'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { FormError } from '../../../components/form-error'
import { HexColorInput } from '../../../components/hex-color-input'
import { initialListState, type ListState } from '../../../components/list-state'
import { NotFoundState } from '../../../components/not-found-state'
import { isApiError } from '../../../lib/api-client'
import { useZodForm } from '../../../lib/forms'
import { formatDate } from '../../../lib/format'
import { deleteEmbeddableItem, embeddableItemQuery, embeddableItemsQuery, saveEmbeddableItem, type EmbeddableItem } from '../api/embeddable-items'
import { publicProgramQuery } from '../api/marketplace'
import { allNodesQuery } from '../api/nodes'

// Embeddable items (a product card or a buy button carrying the publisher's link) to paste on another
// site: the list (/publish/embeddable_items), the form (/new, /$itemId/edit) that shows the snippet once
// saved, and the preview (/$itemId/preview, the server's preview_url in a frame).

function useItemId(): number {
  const { itemId } = useParams({ strict: false }) as { itemId?: string }
  return /^\d+$/.test(itemId ?? '') ? Number(itemId) : 0
}

export function EmbeddableItemsPage() {
  const { t, i18n } = useTranslation()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(embeddableItemsQuery(state))
  const { confirm, modal } = useConfirm()
  const remove = useMutation({ mutationFn: deleteEmbeddableItem })
  const columns: DataTableColumn<EmbeddableItem>[] = [
    { key: 'name', title: t('publisher.embed.name'), render: (x) => (
      <Anchor component={Link} to={`/publish/embeddable_items/${x.id}/edit`} fw={500} data-testid={`embeddable-item-${x.id}`}>{x.name}</Anchor>
    ) },
    { key: 'kind', title: t('publisher.embed.kind'), render: (x) => t(`publisher.embed.kinds.${x.kind}`) },
    { key: 'product', title: t('publisher.columns.product'), render: (x) => x.product.name },
    { key: 'created_at', title: t('publisher.columns.date'), sortable: true, render: (x) => formatDate(x.createdAt, i18n.language) },
    { key: 'actions', title: '', render: (x) => (
      <Group gap={4} wrap="nowrap">
        <Button size="xs" variant="subtle" component={Link} to={`/publish/embeddable_items/${x.id}/preview`}>{t('publisher.embed.preview')}</Button>
        <Button size="xs" variant="subtle" color="red" onClick={() => confirm({ name: x.name, onConfirm: () => remove.mutate(x.id) })}>{t('confirmDelete.confirm')}</Button>
      </Group>
    ) },
  ]
  return (
    <Stack gap="lg" data-testid="publisher-embeddable-items">
      <Group justify="space-between">
        <Title order={2}>{t('publisher.embed.title')}</Title>
        <Button component={Link} to="/publish/embeddable_items/new" data-testid="embeddable-item-new">{t('publisher.embed.new')}</Button>
      </Group>
      <Text c="dimmed" size="sm">{t('publisher.embed.lead')}</Text>
      <FormError error={remove.error} />
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(x) => x.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching}
        searchLabel={t('publisher.embed.search')} emptyText={t('publisher.embed.empty')}
      />
      {modal}
    </Stack>
  )
}

export function EmbeddableItemNewPage() {
  const { t } = useTranslation()
  return (
    <Stack gap="lg" maw={760}>
      <Title order={2}>{t('publisher.embed.new')}</Title>
      <EmbeddableItemForm item={null} />
    </Stack>
  )
}

export function EmbeddableItemEditPage() {
  const { t } = useTranslation()
  const id = useItemId()
  const item = useQuery(embeddableItemQuery(id))
  if (id === 0 || (item.isError && isApiError(item.error) && item.error.status === 404)) return <NotFoundState homePath="/publish/embeddable_items" homeLabel={t('publisher.embed.back')} />
  if (item.isError) return <FormError error={item.error} />
  return (
    <Stack gap="lg" maw={760}>
      <Anchor component={Link} to="/publish/embeddable_items" size="sm">{t('publisher.embed.back')}</Anchor>
      <Title order={2}>{item.data?.name ?? t('publisher.embed.edit')}</Title>
      {item.data ? <EmbeddableItemForm key={item.data.id} item={item.data} /> : <Skeleton h={360} radius="md" />}
    </Stack>
  )
}

type FormValues = {
  name: string
  kind: (typeof embeddableItemKinds)[number]
  nodeId: string | null
  productId: string | null
  buttonText: string
  buttonColor: string
  showPrice: boolean
  showCover: boolean
}

function initialValues(item: EmbeddableItem | null): FormValues {
  const s = (item?.settings ?? {}) as Record<string, unknown>
  return {
    name: item?.name ?? '',
    kind: item?.kind ?? 'product_card',
    nodeId: item ? String(item.affiliateNodeId) : null,
    productId: item ? String(item.product.id) : null,
    buttonText: typeof s.buttonText === 'string' ? s.buttonText : '',
    buttonColor: typeof s.buttonColor === 'string' ? s.buttonColor : '',
    showPrice: typeof s.showPrice === 'boolean' ? s.showPrice : true,
    showCover: typeof s.showCover === 'boolean' ? s.showCover : true,
  }
}

/** The form's values as the request body. */
function toInput(values: FormValues) {
  return {
    name: values.name.trim(),
    kind: values.kind,
    affiliate_node_id: Number(values.nodeId ?? 0),
    product_id: Number(values.productId ?? 0),
    settings: {
      ...(values.buttonText.trim() ? { button_text: values.buttonText.trim() } : {}),
      ...(values.buttonColor.trim() ? { button_color: values.buttonColor.trim() } : {}),
      show_price: values.showPrice,
      show_cover: values.showCover,
    },
  }
}

function EmbeddableItemForm({ item }: { item: EmbeddableItem | null }) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const form = useZodForm(embeddableItemInput, initialValues(item), i18n.language, { toInput })
  const { values, errors } = form
  const set = form.setValue
  const nodes = useQuery(allNodesQuery())
  const accepted = (nodes.data?.list ?? []).filter((n) => n.state === 'accepted' || String(n.id) === values.nodeId)
  const node = accepted.find((n) => String(n.id) === values.nodeId)
  const program = useQuery(publicProgramQuery(node?.affiliateProgramId ?? 0))
  const save = useMutation({
    mutationFn: (input: Parameters<typeof saveEmbeddableItem>[1]) => saveEmbeddableItem(item?.id ?? null, input),
    onSuccess: (saved) => {
      notifications.show({ color: 'teal', message: t('publisher.saved') })
      if (!item) void navigate({ to: '/publish/embeddable_items/$itemId/edit', params: { itemId: String(saved.id) }, replace: true })
    },
    onError: (error) => form.applyApiError(error),
  })
  const submit = () => {
    const parsed = form.validate()
    if (parsed) save.mutate(parsed)
  }
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" radius="md">
        <form onSubmit={(event) => { event.preventDefault(); submit() }} noValidate>
          <Stack gap="md">
            <TextInput label={t('publisher.embed.name')} required value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} data-testid="embed-name" />
            <Stack gap={4}>
              <Text size="sm" fw={500}>{t('publisher.embed.kind')}</Text>
              <SegmentedControl
                value={values.kind} onChange={(value) => set('kind', value as FormValues['kind'])} w="fit-content"
                data={embeddableItemKinds.map((k) => ({ value: k, label: t(`publisher.embed.kinds.${k}`) }))}
              />
            </Stack>
            <Select
              label={t('publisher.embed.node')} required searchable placeholder={t('publisher.embed.nodePlaceholder')}
              data={accepted.map((n) => ({ value: String(n.id), label: n.affiliateProgramName }))}
              value={values.nodeId} onChange={(value) => { set('nodeId', value); set('productId', null) }}
              error={errors.affiliate_node_id} nothingFoundMessage={t('publisher.embed.noNodes')} data-testid="embed-node"
            />
            <Select
              label={t('publisher.columns.product')} required searchable disabled={!node}
              data={(program.data?.products ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
              value={values.productId} onChange={(value) => set('productId', value)} error={errors.product_id} data-testid="embed-product"
            />
            <Group grow align="flex-start">
              <TextInput label={t('publisher.embed.buttonText')} placeholder={t('publisher.embed.buttonTextPlaceholder')} maxLength={60} value={values.buttonText} onChange={(e) => set('buttonText', e.currentTarget.value)} />
              <HexColorInput label={t('publisher.embed.buttonColor')} value={values.buttonColor} onChange={(value) => set('buttonColor', value)} error={errors.settings} />
            </Group>
            <Group>
              <Switch label={t('publisher.embed.showPrice')} checked={values.showPrice} onChange={(e) => set('showPrice', e.currentTarget.checked)} />
              <Switch label={t('publisher.embed.showCover')} checked={values.showCover} onChange={(e) => set('showCover', e.currentTarget.checked)} />
            </Group>
            <FormError error={save.error} />
            <Group>
              <Button type="submit" loading={save.isPending} data-testid="embed-save">{t('common.save')}</Button>
              <Button variant="default" component={Link} to="/publish/embeddable_items">{t('common.cancel')}</Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {item && <SnippetCard item={item} />}
    </Stack>
  )
}

function SnippetCard({ item }: { item: EmbeddableItem }) {
  const { t } = useTranslation()
  return (
    <Card withBorder padding="lg" radius="md" data-testid="embed-snippet">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{t('publisher.embed.snippet')}</Text>
          <Group gap="xs">
            <Button size="xs" variant="default" component={Link} to={`/publish/embeddable_items/${item.id}/preview`}>{t('publisher.embed.preview')}</Button>
            <CopyButton value={item.snippet}>
              {({ copied, copy }) => <Button size="xs" color={copied ? 'teal' : undefined} onClick={copy} data-testid="embed-snippet-copy">{copied ? t('publisher.copied') : t('publisher.embed.copySnippet')}</Button>}
            </CopyButton>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">{t('publisher.embed.snippetText')}</Text>
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{item.snippet}</Code>
      </Stack>
    </Card>
  )
}

export function EmbeddableItemPreviewPage() {
  const { t } = useTranslation()
  const id = useItemId()
  const item = useQuery(embeddableItemQuery(id))
  if (id === 0 || (item.isError && isApiError(item.error) && item.error.status === 404)) return <NotFoundState homePath="/publish/embeddable_items" homeLabel={t('publisher.embed.back')} />
  if (item.isError) return <FormError error={item.error} />
  if (!item.data) return <Skeleton h={360} radius="md" />
  return (
    <Stack gap="lg" data-testid="embed-preview">
      <Anchor component={Link} to={`/publish/embeddable_items/${item.data.id}/edit`} size="sm">{t('publisher.embed.backToItem')}</Anchor>
      <Title order={2}>{t('publisher.embed.previewOf', { name: item.data.name })}</Title>
      <Text c="dimmed" size="sm">{t('publisher.embed.previewText')}</Text>
      <Card withBorder padding={0} radius="md" style={{ overflow: 'hidden' }}>
        <iframe
          src={item.data.previewUrl} title={t('publisher.embed.previewOf', { name: item.data.name })}
          style={{ width: '100%', height: 480, border: 0, display: 'block', background: 'white' }}
          data-testid="embed-preview-frame"
        />
      </Card>
      <SnippetCard item={item.data} />
    </Stack>
  )
}
