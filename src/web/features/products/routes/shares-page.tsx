import { ActionIcon, Anchor, Button, CopyButton, Group, Stack, Text, TextInput, Textarea, Title, Tooltip } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { IconArchive, IconCheck, IconCopy, IconPencil, IconPlus } from '@tabler/icons-react'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { shareLimits, updateShareInput } from '../../../../shared/schemas/shares'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { FormError } from '../../../components/form-error'
import { initialListState, type ListState } from '../../../components/list-state'
import { Modal } from '../../../components/modal'
import { formatDateTime } from '../../../lib/format'
import { textInputProps, useZodForm } from '../../../lib/forms'
import { archiveShare, sharesKey, sharesQuery, updateShare, type Share } from '../api/shares'
import { ShareModal } from '../components/share-modal'

// /cabinet/item_shares: the seller's shared links of several products (docs/decisions/0067-multi-item-shares.md):
// copy, open, change the texts or the address, archive; "New shared link" opens the share dialog.

const editInput = updateShareInput.pick({ title: true, description: true, button_text: true, slug: true })

function EditShareModal({ share, onClose }: { share: Share; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const form = useZodForm(editInput, { title: share.title, description: share.description ?? '', button_text: share.buttonText, slug: share.slug }, i18n.language)
  const save = useMutation({
    mutationFn: (input: Parameters<typeof updateShare>[1]) => updateShare(share.id, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sharesKey })
      onClose()
    },
    onError: (error) => form.fail(error),
  })
  return (
    <Modal opened onClose={onClose} title={t('shares.edit.title')} size="lg">
      <form noValidate onSubmit={(event) => {
        event.preventDefault()
        const data = form.validate()
        if (data) save.mutate(data)
      }}>
        <Stack gap="sm">
          <TextInput label={t('shares.fields.title')} required maxLength={shareLimits.title} {...textInputProps(form.field('title'))} data-testid="edit-share-title" />
          <Textarea label={t('shares.fields.description')} autosize minRows={2} maxLength={shareLimits.description} {...textInputProps(form.field('description'))} />
          <TextInput label={t('shares.fields.buttonText')} maxLength={shareLimits.buttonText} {...textInputProps(form.field('button_text'))} />
          <TextInput label={t('shares.fields.slug')} description={t('shares.fields.slugHelp')} maxLength={shareLimits.slugLength} {...textInputProps(form.field('slug'))} data-testid="edit-share-slug" />
          <FormError error={form.formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" loading={save.isPending} data-testid="edit-share-save">{t('common.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

export function SharesPage() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [state, setState] = useState<ListState>(() => initialListState({ sortKey: 'created_at' }))
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(sharesQuery(state))
  const [creating, setCreating] = useState(false)
  const [editing, setEditing] = useState<Share | null>(null)
  const archive = useMutation({ mutationFn: archiveShare, onSuccess: () => void queryClient.invalidateQueries({ queryKey: sharesKey }) })

  const columns: DataTableColumn<Share>[] = [
    { key: 'title', title: t('shares.columns.title'), sortable: true, render: (s) => <Text fw={500}>{s.title}</Text> },
    {
      key: 'link', title: t('shares.columns.link'),
      render: (s) => <Anchor href={s.url} target="_blank" rel="noopener" size="sm" data-testid="share-link">{s.url.replace(/^https?:\/\//, '')}</Anchor>,
    },
    { key: 'items', title: t('shares.columns.items'), render: (s) => s.items.length },
    { key: 'views', title: t('shares.columns.views'), sortable: true, render: (s) => s.views },
    { key: 'created_at', title: t('shares.columns.createdAt'), sortable: true, render: (s) => formatDateTime(s.createdAt, i18n.language) },
    {
      key: 'actions', title: '', width: 120,
      render: (s) => (
        <Group gap={4} wrap="nowrap">
          <CopyButton value={s.url}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('shares.copied') : t('shares.copy')}>
                <ActionIcon variant="subtle" color="gray" onClick={copy} aria-label={t('shares.copy')}>{copied ? <IconCheck size={16} /> : <IconCopy size={16} />}</ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
          <ActionIcon variant="subtle" color="gray" onClick={() => setEditing(s)} aria-label={t('shares.edit.title')} data-testid={`share-edit-${s.id}`}><IconPencil size={16} /></ActionIcon>
          <ActionIcon variant="subtle" color="red" loading={archive.isPending && archive.variables === s.id} onClick={() => archive.mutate(s.id)} aria-label={t('shares.archive')} data-testid={`share-archive-${s.id}`}>
            <IconArchive size={16} />
          </ActionIcon>
        </Group>
      ),
    },
  ]

  return (
    <Stack gap="lg" data-testid="shares-page">
      <Group justify="space-between">
        <div>
          <Title order={2}>{t('shares.title')}</Title>
          <Text c="dimmed" size="sm">{t('shares.intro')}</Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="new-share">{t('shares.new')}</Button>
      </Group>
      <DataTable
        columns={columns}
        rows={list.data?.list ?? []}
        rowKey={(s) => s.id}
        totalCount={list.data?.totalCount ?? 0}
        state={state}
        onStateChange={onStateChange}
        loading={list.isPending || list.isFetching}
        searchLabel={t('shares.search')}
        emptyText={t('shares.empty')}
      />
      <ShareModal opened={creating} onClose={() => setCreating(false)} />
      {editing && <EditShareModal share={editing} onClose={() => setEditing(null)} />}
    </Stack>
  )
}
