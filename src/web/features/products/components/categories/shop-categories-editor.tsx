import { ActionIcon, Badge, Button, ColorSwatch, Group, MultiSelect, Stack, Switch, Table, Text, TextInput, Textarea } from '@mantine/core'
import { HexColorInput } from '../../../../components/hex-color-input'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { shopCategoryInput, shopCategoryTextFields } from '../../../../../shared/schemas/catalog'
import { FormError } from '../../../../components/form-error'
import { LoadingMask } from '../../../../components/loading-mask'
import { Modal } from '../../../../components/modal'
import { TextLanguageCards, textDraftsOf, textTranslationsInputOf, type TextDrafts } from '../../../../components/text-language-cards'
import { NumberField } from '../../../../components/number-field'
import { initialListState } from '../../../../components/list-state'
import { textInputProps, useZodForm } from '../../../../lib/forms'
import { deleteShopCategory } from '../../api/delete-shop-category'
import { productListQuery } from '../../api/list-products'
import { shopCategoriesKey, shopCategoriesQuery, type ShopCategory } from '../../api/list-shop-categories'
import { saveShopCategory } from '../../api/save-shop-category'

// Shop categories (docs/reference/catalogue-and-selling.md §3): the groups the shop lists products in, with a title, a
// description, a colour (hex), hidden, a position and the products they hold (a picker loads at most
// 300 products, docs/reference/readings.md 11), and the title and description in other languages
// (docs/decisions/0095-product-translations.md), saved with the category as the whole set.

type Values = { title: string; description: string; color: string; hidden: boolean; position: string; products: string[] }

const valuesOf = (c: ShopCategory | null): Values => ({
  title: c?.title ?? '', description: c?.description ?? '', color: c?.color ?? '', hidden: c?.hidden ?? false,
  position: c ? String(c.position) : '', products: (c?.productIds ?? []).map(String),
})

const toInput = (v: Values) => ({
  title: v.title,
  description: v.description.trim() === '' ? null : v.description,
  color: v.color.trim() === '' ? null : v.color.trim(),
  hidden: v.hidden,
  ...(v.position.trim() === '' ? {} : { position: Number(v.position) }),
  product_ids: v.products.map(Number),
})

function ShopCategoryForm({ category, onDone }: { category: ShopCategory | null; onDone: () => void }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const products = useQuery(productListQuery(initialListState({ per: 300, sortKey: 'name', sortDir: 'asc' })))
  const form = useZodForm(shopCategoryInput, valuesOf(category), i18n.language, { toInput })
  const [drafts, setDrafts] = useState<TextDrafts<'title' | 'description'>>(() => textDraftsOf(category?.translations, shopCategoryTextFields))
  const save = useMutation({
    mutationFn: () => saveShopCategory(category?.id ?? null, { ...toInput(form.values), translations: textTranslationsInputOf(drafts, shopCategoryTextFields) }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: shopCategoriesKey })
      onDone()
    },
    onError: (e) => form.fail(e),
  })
  const v = form.values
  return (
    <form onSubmit={(event) => {
      event.preventDefault()
      if (form.validate()) save.mutate()
    }} noValidate>
      <Stack gap="sm">
        <TextInput label={t('shopCategories.fields.title')} required {...textInputProps(form.field('title'))} data-testid="shop-category-title" />
        <Textarea label={t('shopCategories.fields.description')} autosize minRows={2} {...textInputProps(form.field('description'))} />
        <HexColorInput
          label={t('shopCategories.fields.color')} description={t('shopCategories.fields.colorHelp')} value={v.color}
          onChange={(color) => form.setValue('color', color)} onBlur={form.field('color').onBlur} error={form.errors.color}
          data-testid="shop-category-color"
        />
        <NumberField label={t('shopCategories.fields.position')} value={v.position} onChange={(value) => form.setValue('position', value)} min={0} allowEmptyValue error={form.errors.position} />
        <MultiSelect
          label={t('shopCategories.fields.products')} searchable clearable
          data={(products.data?.list ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          value={v.products} onChange={(ids) => form.setValue('products', ids)} error={form.errors.product_ids}
          nothingFoundMessage={t('common.nothingFound')} data-testid="shop-category-products"
        />
        <Switch label={t('shopCategories.fields.hidden')} description={t('shopCategories.fields.hiddenHelp')} checked={v.hidden} onChange={(e) => form.setValue('hidden', e.currentTarget.checked)} />
        <TextLanguageCards drafts={drafts} onChange={setDrafts} testId="shop-category" fields={[
          { name: 'title', label: t('shopCategories.fields.title'), maxLength: 100, base: v.title },
          { name: 'description', label: t('shopCategories.fields.description'), maxLength: 2000, multiline: true, base: v.description },
        ]} />
        <FormError error={form.formError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>{t('common.cancel')}</Button>
          <Button type="submit" loading={save.isPending} data-testid="shop-category-save">{t('common.save')}</Button>
        </Group>
      </Stack>
    </form>
  )
}

export function ShopCategoriesEditor() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const list = useQuery(shopCategoriesQuery())
  const [editing, setEditing] = useState<ShopCategory | 'new' | null>(null)
  const [deleting, setDeleting] = useState<ShopCategory | null>(null)
  const remove = useMutation({
    mutationFn: (id: number) => deleteShopCategory(id),
    onSuccess: async () => {
      setDeleting(null)
      await queryClient.invalidateQueries({ queryKey: shopCategoriesKey })
    },
  })
  const rows = list.data?.list ?? []
  return (
    <Stack gap="md" data-testid="shop-categories-editor">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">{t('shopCategories.hint')}</Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="shop-category-new">{t('shopCategories.new')}</Button>
      </Group>
      <LoadingMask visible={list.isPending}>
        {rows.length === 0 && !list.isPending ? <Text size="sm" c="dimmed">{t('shopCategories.empty')}</Text> : (
          <Table.ScrollContainer minWidth={600}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('shopCategories.fields.position')}</Table.Th>
                  <Table.Th>{t('shopCategories.fields.title')}</Table.Th>
                  <Table.Th>{t('shopCategories.fields.color')}</Table.Th>
                  <Table.Th>{t('shopCategories.fields.products')}</Table.Th>
                  <Table.Th>{t('shopCategories.visibility')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((c) => (
                  <Table.Tr key={c.id} data-testid="shop-category-row" data-color={c.color ?? ''}>
                    <Table.Td>{c.position}</Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>{c.title}</Text>
                      {c.description && <Text size="xs" c="dimmed" lineClamp={1}>{c.description}</Text>}
                    </Table.Td>
                    <Table.Td>{c.color ? <Group gap={6}><ColorSwatch color={c.color} size={16} /><Text size="xs" ff="monospace">{c.color}</Text></Group> : '–'}</Table.Td>
                    <Table.Td>{c.productIds.length}</Table.Td>
                    <Table.Td>{c.hidden ? <Badge color="gray" variant="light">{t('shopCategories.hidden')}</Badge> : <Badge color="green" variant="light">{t('shopCategories.shown')}</Badge>}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <ActionIcon variant="subtle" aria-label={t('shopCategories.editNamed', { name: c.title })} onClick={() => setEditing(c)}><IconPencil size={16} /></ActionIcon>
                        <ActionIcon variant="subtle" color="red" aria-label={t('shopCategories.deleteNamed', { name: c.title })} onClick={() => setDeleting(c)}><IconTrash size={16} /></ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </LoadingMask>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} size="md" title={editing === 'new' ? t('shopCategories.new') : t('shopCategories.edit')}>
        {editing !== null && <ShopCategoryForm key={editing === 'new' ? 'new' : editing.id} category={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('shopCategories.deleteTitle')}>
        <Stack>
          <Text>{t('shopCategories.deleteText', { name: deleting?.title ?? '' })}</Text>
          <FormError error={remove.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>{t('common.cancel')}</Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id)}>{t('shopCategories.delete')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
