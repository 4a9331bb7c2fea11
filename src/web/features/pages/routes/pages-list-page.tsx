import { ActionIcon, Badge, Button, Group, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { pageTypes, type PageType } from '../../../../shared/pages/page-blocks'
import { createPageInput, memberPageForm, memberPageTypes, productPageTypes } from '../../../../shared/schemas/pages'
import { useConfirm } from '../../../components/confirm-modal'
import { FormError } from '../../../components/form-error'
import { Modal } from '../../../components/modal'
import { StatusBadge } from '../../../components/status-badge'
import { activatePage, archivePage, createPage, deactivatePage, pagesKey, pagesQuery, sellerProductsQuery, type Page } from '../api/pages'

// /cabinet/pages (docs/decisions/0064-visual-editor.md): the seller's built pages with their type, product,
// published version and whether the storefront uses them; create (then the editor opens), use, archive.

const perPage = 30

function CreateForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const products = useQuery(sellerProductsQuery())
  const [pageType, setPageType] = useState<PageType>('shop')
  const [name, setName] = useState('')
  const [productId, setProductId] = useState<string | null>(null)
  const [error, setError] = useState<unknown>(null)
  const needsProduct = productPageTypes.includes(pageType)
  // A course or membership page may belong to one product of its form, or serve all of them (docs/decisions/0069-member-pages.md).
  const mayHaveProduct = needsProduct || memberPageTypes.includes(pageType)
  const form = memberPageForm[pageType]
  const submit = async () => {
    setError(null)
    const input = createPageInput.safeParse({ page_type: pageType, name, product_id: mayHaveProduct && productId ? Number(productId) : null })
    if (!input.success) {
      setError(new Error(input.error.issues[0]?.message ?? 'invalid_value'))
      return
    }
    try {
      const page = await createPage(input.data)
      await navigate({ to: '/cabinet/pages/$pageId/edit', params: { pageId: String(page.id) } })
    } catch (caught) {
      setError(caught)
    }
  }
  return (
    <Stack gap="md" component="form" onSubmit={(event) => { event.preventDefault(); void submit() }} data-testid="page-form">
      <Select label={t('pageBuilder.type')} data={pageTypes.map((type) => ({ value: type, label: t(`pageBuilder.types.${type}`) }))} value={pageType} allowDeselect={false}
        onChange={(v) => setPageType((v ?? 'shop') as PageType)} data-testid="page-type" />
      <TextInput label={t('pageBuilder.name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="page-name" />
      {mayHaveProduct && (
        <Select label={t('pageBuilder.product')} required={needsProduct} clearable={!needsProduct} searchable
          description={needsProduct ? undefined : t('pageBuilder.productOptional')}
          data={(products.data?.list ?? []).filter((p) => !form || p.form === form).map((p) => ({ value: String(p.id), label: p.name }))}
          value={productId} onChange={setProductId} data-testid="page-product" />
      )}
      <FormError error={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="submit" data-testid="page-submit">{t('pageBuilder.create')}</Button>
      </Group>
    </Stack>
  )
}

function PageRow({ page, productName, onChanged }: { page: Page; productName: string | null; onChanged: () => void }) {
  const { t } = useTranslation()
  const { confirm, modal } = useConfirm()
  const run = useMutation({ mutationFn: (action: () => Promise<unknown>) => action(), onSuccess: onChanged })
  return (
    <Table.Tr data-testid="page-row">
      <Table.Td><Text fw={600} component={Link} to={`/cabinet/pages/${page.id}/edit`}>{page.name}</Text></Table.Td>
      <Table.Td>{t(`pageBuilder.types.${page.pageType}`)}</Table.Td>
      <Table.Td>{productName ?? (page.productId ? `#${page.productId}` : '—')}</Table.Td>
      <Table.Td>
        <Group gap={4}>
          {page.publishedVersion ? <StatusBadge status="published" label={t('pageBuilder.published', { number: page.publishedVersion })} /> : <Badge variant="outline" color="gray">{t('pageBuilder.notPublished')}</Badge>}
          {page.publishedVersion !== null && page.unpublishedChanges && <Badge variant="outline" color="yellow">{t('pageBuilder.unpublishedChanges')}</Badge>}
        </Group>
      </Table.Td>
      <Table.Td>
        {page.active
          ? (
            <Group gap={4} wrap="nowrap">
              <StatusBadge status="active" label={t('pageBuilder.active')} testId="page-active" />
              <Button size="xs" variant="subtle" color="gray" onClick={() => run.mutate(() => deactivatePage(page.id))} data-testid="page-deactivate">{t('pageBuilder.deactivate')}</Button>
            </Group>
          )
          : page.publishedVersion !== null && <Button size="xs" variant="light" onClick={() => run.mutate(() => activatePage(page.id))} data-testid="page-activate">{t('pageBuilder.activate')}</Button>}
        <FormError error={run.error} />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" component={Link} to={`/cabinet/pages/${page.id}/edit`} aria-label={t('pageBuilder.edit')} data-testid="page-edit"><IconEdit size={16} /></ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={t('pageBuilder.archive')}
            onClick={() => confirm({ name: page.name, title: `${t('pageBuilder.archive')}: ${page.name}`, text: t('pageBuilder.archiveText'), confirmLabel: t('pageBuilder.archive'), onConfirm: () => run.mutateAsync(() => archivePage(page.id)) })}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
        {modal}
      </Table.Td>
    </Table.Tr>
  )
}

export function PagesListPage() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [pageType, setPageType] = useState<PageType | null>(null)
  const [page, setPage] = useState(1)
  const [creating, setCreating] = useState(false)
  const list = useQuery(pagesQuery({ pageType, page, per: perPage }))
  const products = useQuery(sellerProductsQuery())
  const productNames = new Map((products.data?.list ?? []).map((p) => [p.id, p.name]))
  const refresh = () => void queryClient.invalidateQueries({ queryKey: pagesKey })
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>{t('pageBuilder.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="page-new">{t('pageBuilder.new')}</Button>
      </Group>
      <Text c="dimmed" size="sm">{t('pageBuilder.intro')}</Text>
      <Select w={260} label={t('pageBuilder.type')} placeholder={t('pageBuilder.allTypes')} clearable value={pageType}
        data={pageTypes.map((type) => ({ value: type, label: t(`pageBuilder.types.${type}`) }))} onChange={(v) => { setPageType((v as PageType | null) ?? null); setPage(1) }} />
      {list.data && list.data.list.length === 0 && <Text c="dimmed" data-testid="pages-empty">{t('pageBuilder.empty')}</Text>}
      {list.data && list.data.list.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {(['name', 'type', 'product', 'published', 'state', 'actions'] as const).map((c) => <Table.Th key={c}>{t(`pageBuilder.columns.${c}`)}</Table.Th>)}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.list.map((p) => <PageRow key={p.id} page={p} productName={p.productId ? productNames.get(p.productId) ?? null : null} onChanged={refresh} />)}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && list.data.totalCount > perPage && <Pagination total={Math.ceil(list.data.totalCount / perPage)} value={page} onChange={setPage} />}
      <Modal opened={creating} onClose={() => setCreating(false)} title={t('pageBuilder.new')}>
        <CreateForm onCancel={() => setCreating(false)} />
      </Modal>
    </Stack>
  )
}
