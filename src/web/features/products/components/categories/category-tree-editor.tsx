import { ActionIcon, Box, Button, Card, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  IconArrowDown, IconArrowUp, IconCheck, IconGripVertical, IconIndentDecrease, IconIndentIncrease, IconPencil, IconPlus, IconTrash, IconX,
} from '@tabler/icons-react'
import { useEffect, useState, type DragEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { categoryInput } from '../../../../../shared/schemas/catalog'
import { FormError } from '../../../../components/form-error'
import { LoadingMask } from '../../../../components/loading-mask'
import { Modal } from '../../../../components/modal'
import { SelectField } from '../../../../components/select-field'
import { selectInputProps, textInputProps, useZodForm } from '../../../../lib/forms'
import { categoriesKey, createCategory } from '../../api/create-category'
import { deleteCategory } from '../../api/delete-category'
import { categoriesQuery, flattenCategories } from '../../api/list-categories'
import { reorderCategories } from '../../api/reorder-categories'
import { updateCategory } from '../../api/update-category'
import {
  flattenTree, indentNode, moveAmongSiblings, moveNode, normalizeTree, outdentNode, reorderItems, type DropPlace, type FlatNode, type TreeNode,
} from './category-tree'

// The seller's category tree (docs/reference/catalogue-and-selling.md §3 "category tree"): create,
// rename, nest, delete, and reorder by native HTML5 drag and drop or with the buttons of each row
// (keyboard users). Every move saves the whole order at once with POST /cabinet/categories/reorder.

/** Where a drop lands: the upper quarter of a row is "before", the lower quarter "after", the middle "inside". */
function dropPlace(event: DragEvent<HTMLElement>): DropPlace {
  const rect = event.currentTarget.getBoundingClientRect()
  const offset = (event.clientY - rect.top) / Math.max(1, rect.height)
  return offset < 0.25 ? 'before' : offset > 0.75 ? 'after' : 'inside'
}

function NewCategory({ tree }: { tree: TreeNode[] }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const toInput = (v: { name: string; parent: string | null }) => ({ name: v.name, parent_id: v.parent ? Number(v.parent) : null })
  const form = useZodForm(categoryInput, { name: '', parent: null as string | null }, i18n.language, { toInput })
  const create = useMutation({
    mutationFn: () => createCategory(toInput(form.values)),
    onSuccess: async () => {
      form.reset()
      await queryClient.invalidateQueries({ queryKey: categoriesKey })
    },
    onError: (e) => form.fail(e),
  })
  return (
    <form onSubmit={(event) => {
      event.preventDefault()
      if (form.validate()) create.mutate()
    }} noValidate>
      <Stack gap="xs">
        <Group align="flex-start" gap="xs" wrap="wrap">
          <TextInput label={t('categories.name')} required {...textInputProps(form.field('name'))} data-testid="category-name" />
          <SelectField
            label={t('categories.parent')} placeholder={t('categories.topLevel')} clearable
            data={flattenCategories(tree)} {...selectInputProps(form.field('parent'))} data-testid="category-parent"
          />
          <Button type="submit" mt={25} leftSection={<IconPlus size={16} />} loading={create.isPending} data-testid="category-add">{t('categories.add')}</Button>
        </Group>
        <FormError error={form.formError} />
      </Stack>
    </form>
  )
}

function RenameField({ node, onDone }: { node: FlatNode; onDone: () => void }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const form = useZodForm(categoryInput, { name: node.name }, i18n.language)
  const rename = useMutation({
    mutationFn: (name: string) => updateCategory(node.id, { name }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: categoriesKey })
      onDone()
    },
    onError: (e) => form.fail(e),
  })
  return (
    <form onSubmit={(event) => {
      event.preventDefault()
      const data = form.validate()
      if (data) rename.mutate(data.name)
    }} noValidate>
      <Group gap={4} wrap="nowrap" align="flex-start">
        <TextInput size="xs" aria-label={t('categories.name')} autoFocus {...textInputProps(form.field('name'))} data-testid="category-rename-input" />
        <ActionIcon type="submit" variant="light" color="green" loading={rename.isPending} aria-label={t('common.save')}><IconCheck size={16} /></ActionIcon>
        <ActionIcon variant="subtle" color="gray" onClick={onDone} aria-label={t('common.cancel')}><IconX size={16} /></ActionIcon>
      </Group>
      <FormError error={form.formError} />
    </form>
  )
}

export function CategoryTreeEditor() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const categories = useQuery(categoriesQuery())
  const [tree, setTree] = useState<TreeNode[]>([])
  const [dragId, setDragId] = useState<number | null>(null)
  const [over, setOver] = useState<{ id: number; place: DropPlace } | null>(null)
  const [renaming, setRenaming] = useState<number | null>(null)
  const [deleting, setDeleting] = useState<FlatNode | null>(null)

  useEffect(() => {
    if (categories.data) setTree(normalizeTree(categories.data.list))
  }, [categories.data])

  const save = useMutation({
    mutationFn: (next: TreeNode[]) => reorderCategories(reorderItems(next)),
    onSuccess: (answer) => queryClient.setQueryData(categoriesKey, answer),
    onError: () => void queryClient.invalidateQueries({ queryKey: categoriesKey }),
  })
  const remove = useMutation({
    mutationFn: (id: number) => deleteCategory(id),
    onSuccess: async () => {
      setDeleting(null)
      await queryClient.invalidateQueries({ queryKey: categoriesKey })
    },
  })
  const apply = (next: TreeNode[] | null) => {
    if (!next) return
    setTree(next)
    save.mutate(next)
  }

  const rows = flattenTree(tree)
  return (
    <Stack gap="md" data-testid="category-tree-editor">
      <Text size="sm" c="dimmed">{t('categories.hint')}</Text>
      <NewCategory tree={tree} />
      <LoadingMask visible={categories.isPending}>
        {rows.length === 0 && !categories.isPending && <Text size="sm" c="dimmed">{t('categories.empty')}</Text>}
        <Stack gap={4} role="tree" aria-label={t('categories.title')} data-testid="category-tree" data-saving={save.isPending}>
          {rows.map((node) => {
            const highlight = over?.id === node.id && dragId !== null && dragId !== node.id
            return (
              <Card
                key={node.id}
                withBorder
                padding={6}
                radius="sm"
                role="treeitem"
                aria-level={node.depth + 1}
                ml={node.depth * 28}
                draggable={renaming !== node.id}
                data-testid="category-row"
                data-category-id={node.id}
                data-depth={node.depth}
                data-name={node.name}
                style={{
                  opacity: dragId === node.id ? 0.5 : 1,
                  borderTop: highlight && over.place === 'before' ? '3px solid var(--mantine-color-blue-6)' : undefined,
                  borderBottom: highlight && over.place === 'after' ? '3px solid var(--mantine-color-blue-6)' : undefined,
                  background: highlight && over.place === 'inside' ? 'var(--mantine-color-blue-light)' : undefined,
                  cursor: 'grab',
                }}
                onDragStart={(event: DragEvent<HTMLDivElement>) => {
                  event.dataTransfer.effectAllowed = 'move'
                  event.dataTransfer.setData('text/plain', String(node.id))
                  setDragId(node.id)
                }}
                onDragEnd={() => {
                  setDragId(null)
                  setOver(null)
                }}
                onDragOver={(event: DragEvent<HTMLDivElement>) => {
                  if (dragId === null || dragId === node.id) return
                  event.preventDefault()
                  event.dataTransfer.dropEffect = 'move'
                  const place = dropPlace(event)
                  if (over?.id !== node.id || over.place !== place) setOver({ id: node.id, place })
                }}
                onDragLeave={() => setOver((o) => (o?.id === node.id ? null : o))}
                onDrop={(event: DragEvent<HTMLDivElement>) => {
                  event.preventDefault()
                  const id = dragId ?? Number(event.dataTransfer.getData('text/plain'))
                  setDragId(null)
                  setOver(null)
                  if (id && id !== node.id) apply(moveNode(tree, id, node.id, dropPlace(event)))
                }}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap="xs" wrap="nowrap">
                    <Box c="dimmed" aria-hidden style={{ display: 'flex' }}><IconGripVertical size={16} /></Box>
                    {renaming === node.id
                      ? <RenameField node={node} onDone={() => setRenaming(null)} />
                      : <Text size="sm" fw={node.depth === 0 ? 600 : 400} data-testid="category-label">{node.name}</Text>}
                  </Group>
                  <Group gap={2} wrap="nowrap">
                    <Tooltip label={t('categories.up')}><ActionIcon variant="subtle" disabled={node.index === 0} aria-label={t('categories.upNamed', { name: node.name })} onClick={() => apply(moveAmongSiblings(tree, node.id, -1))} data-testid="category-up"><IconArrowUp size={16} /></ActionIcon></Tooltip>
                    <Tooltip label={t('categories.down')}><ActionIcon variant="subtle" disabled={node.index === node.siblings - 1} aria-label={t('categories.downNamed', { name: node.name })} onClick={() => apply(moveAmongSiblings(tree, node.id, 1))} data-testid="category-down"><IconArrowDown size={16} /></ActionIcon></Tooltip>
                    <Tooltip label={t('categories.indent')}><ActionIcon variant="subtle" disabled={node.index === 0} aria-label={t('categories.indentNamed', { name: node.name })} onClick={() => apply(indentNode(tree, node.id))} data-testid="category-indent"><IconIndentIncrease size={16} /></ActionIcon></Tooltip>
                    <Tooltip label={t('categories.outdent')}><ActionIcon variant="subtle" disabled={node.depth === 0} aria-label={t('categories.outdentNamed', { name: node.name })} onClick={() => apply(outdentNode(tree, node.id))} data-testid="category-outdent"><IconIndentDecrease size={16} /></ActionIcon></Tooltip>
                    <Tooltip label={t('categories.rename')}><ActionIcon variant="subtle" aria-label={t('categories.renameNamed', { name: node.name })} onClick={() => setRenaming(node.id)} data-testid="category-rename"><IconPencil size={16} /></ActionIcon></Tooltip>
                    <Tooltip label={t('categories.delete')}><ActionIcon variant="subtle" color="red" aria-label={t('categories.deleteNamed', { name: node.name })} onClick={() => setDeleting(node)} data-testid="category-delete"><IconTrash size={16} /></ActionIcon></Tooltip>
                  </Group>
                </Group>
              </Card>
            )
          })}
        </Stack>
      </LoadingMask>
      <FormError error={save.error} />
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('categories.deleteTitle')}>
        <Stack>
          <Text>{t('categories.deleteText', { name: deleting?.name ?? '' })}</Text>
          <FormError error={remove.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>{t('common.cancel')}</Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id)} data-testid="category-delete-confirm">{t('categories.delete')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
