import { ActionIcon, Button, CopyButton, Drawer, Group, Stack, Tooltip } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { IconArchive, IconCheck, IconLink, IconPencil, IconPlus } from '@tabler/icons-react'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '../../../components/confirm-modal'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { initialListState, type ListState } from '../../../components/list-state'
import { formatDateTime, money } from '../../../lib/format'
import { affiliatesKey, archiveProgram, programListQuery, type AffiliateProgram } from '../api/affiliates'
import { ProgramForm } from './program-form'

// The programs tab: the seller's programs (id, name, created, cookie days, commission duration, bonus,
// level 1's commission, number of levels), created and edited in a drawer, archived after a confirmation.

export function ProgramsTable() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(programListQuery(state))
  const [open, setOpen] = useState<{ program?: AffiliateProgram } | null>(null)
  const { confirm, modal } = useConfirm()
  const refresh = () => queryClient.invalidateQueries({ queryKey: affiliatesKey })
  const archive = useMutation({ mutationFn: (id: number) => archiveProgram(id), onSuccess: () => void refresh() })
  const lifetime = (p: AffiliateProgram) => (p.lifetime === 'days' ? t('affiliates.lifetimeDays', { count: p.lifetimeDays ?? 0 }) : t(`affiliates.lifetimes.${p.lifetime}`))
  const columns: DataTableColumn<AffiliateProgram>[] = [
    { key: 'id', title: t('affiliates.columns.id'), sortable: true, render: (p) => p.id },
    { key: 'name', title: t('affiliates.columns.name'), sortable: true, render: (p) => p.name },
    { key: 'created_at', title: t('affiliates.columns.createdAt'), sortable: true, render: (p) => formatDateTime(p.createdAt, i18n.language) },
    { key: 'cookies_expire', title: t('affiliates.columns.cookiesExpire'), render: (p) => t('affiliates.days', { count: p.cookiesExpire }) },
    { key: 'lifetime', title: t('affiliates.columns.lifetime'), render: lifetime },
    { key: 'bonus', title: t('affiliates.columns.bonus'), render: (p) => (p.bonus && p.bonusCurrency ? money(p.bonus, p.bonusCurrency) : '–') },
    { key: 'commission', title: t('affiliates.columns.commission'), render: (p) => `${p.commission} %` },
    { key: 'type', title: t('affiliates.columns.type'), render: (p) => t('affiliates.stages', { count: p.type }) },
    {
      key: 'actions', title: '', width: 120, render: (p) => (
        <Group gap={4} wrap="nowrap">
          <CopyButton value={p.landingUrl}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('affiliates.programs.copied') : t('affiliates.programs.copyLink')} withArrow>
                <ActionIcon variant="subtle" color={copied ? 'teal' : undefined} aria-label={t('affiliates.programs.copyLink')} onClick={copy} data-testid={`affiliate-program-copy-${p.id}`}>
                  {copied ? <IconCheck size={16} /> : <IconLink size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
          <ActionIcon variant="subtle" aria-label={t('affiliates.programs.edit')} onClick={() => setOpen({ program: p })} data-testid={`affiliate-program-edit-${p.id}`}><IconPencil size={16} /></ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={t('affiliates.programs.archive')} data-testid={`affiliate-program-archive-${p.id}`}
            onClick={() => confirm({
              name: p.name, title: t('affiliates.programs.archiveTitle', { name: p.name }), text: t('affiliates.programs.archiveText'),
              confirmLabel: t('affiliates.programs.archive'), onConfirm: () => archive.mutate(p.id),
            })}>
            <IconArchive size={16} />
          </ActionIcon>
        </Group>
      ),
    },
  ]
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setOpen({})} data-testid="affiliate-program-new">{t('affiliates.programs.new')}</Button>
      </Group>
      <div data-testid="affiliate-programs-table">
        <DataTable
          columns={columns} rows={list.data?.list ?? []} rowKey={(p) => p.id} totalCount={list.data?.totalCount ?? 0}
          state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching}
          searchLabel={t('affiliates.programs.search')} emptyText={t('affiliates.programs.empty')}
        />
      </div>
      <Drawer opened={open !== null} onClose={() => setOpen(null)} position="right" size="xl"
        title={open?.program ? t('affiliates.programs.edit') : t('affiliates.programs.new')}>
        {open && (
          <ProgramForm key={open.program?.id ?? 'new'} program={open.program} onCancel={() => setOpen(null)} onDone={() => {
            setOpen(null)
            void refresh()
          }} />
        )}
      </Drawer>
      {modal}
    </Stack>
  )
}
