import { ActionIcon, Badge, Button, Group, Modal, MultiSelect, Select, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  defaultConsentCategory, isTrackingIdOf, trackingCodeTypes, trackingConsentCategories, trackingEvents, trackingIdExamples,
  type TrackingCodeType, type TrackingConsentCategory, type TrackingEvent,
} from '../../../../shared/tracking-codes'
import { useConfirm } from '../../../components/confirm-modal'
import { FormError } from '../../../components/form-error'
import { createTrackingCode, deleteTrackingCode, trackingCodesKey, trackingCodesQuery, updateTrackingCode, type TrackingCode } from '../api/tracking-codes'
import { FeaturesOff } from '../../../components/feature-off'

// /cabinet/tracking_codes: the seller's tracking codes (docs/decisions/0074-tracking-with-consent.md). The form's
// fields follow the type: an id for the vendors' codes (checked as the server checks it), the code itself for
// custom codes (the server keeps only external https scripts and pixels and shows what it kept).

type Draft = { type: TrackingCodeType; name: string; trackingId: string; code: string; consentCategory: TrackingConsentCategory; events: TrackingEvent[] }

const emptyDraft = (type: TrackingCodeType = 'google_analytics_4'): Draft => ({
  type, name: '', trackingId: '', code: '', consentCategory: defaultConsentCategory[type], events: [...trackingEvents],
})

function CodeForm({ editing, onDone }: { editing: TrackingCode | null; onDone: () => void }) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState<Draft>(() => (editing
    ? { type: editing.type, name: editing.name, trackingId: editing.trackingId ?? '', code: editing.code ?? '', consentCategory: editing.consentCategory, events: editing.events }
    : emptyDraft()))
  const [error, setError] = useState<unknown>(null)
  const [saving, setSaving] = useState(false)
  const custom = draft.type === 'custom_tracking_codes'
  const idProblem = !custom && draft.trackingId !== '' && !isTrackingIdOf(draft.type, draft.trackingId.trim())
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }))
  const submit = async () => {
    setError(null)
    setSaving(true)
    try {
      const common = { name: draft.name, consent_category: draft.consentCategory, events: draft.events, ...(custom ? { code: draft.code } : { tracking_id: draft.trackingId.trim() }) }
      if (editing) await updateTrackingCode(editing.id, common)
      else await createTrackingCode({ type: draft.type, ...common })
      onDone()
    } catch (caught) {
      setError(caught)
    } finally {
      setSaving(false)
    }
  }
  return (
    <Stack gap="sm" component="form" onSubmit={(event) => { event.preventDefault(); void submit() }} data-testid="tracking-code-form">
      <Select
        label={t('tracking.type')} allowDeselect={false} disabled={editing !== null} value={draft.type}
        data={trackingCodeTypes.map((type) => ({ value: type, label: t(`tracking.types.${type}`) }))}
        onChange={(value) => value && set({ type: value as TrackingCodeType, consentCategory: defaultConsentCategory[value as TrackingCodeType] })}
        data-testid="tracking-type"
      />
      <TextInput label={t('tracking.name')} required value={draft.name} onChange={(e) => set({ name: e.currentTarget.value })} data-testid="tracking-name" />
      {custom ? (
        <Textarea
          label={t('tracking.code')} description={t('tracking.codeHint')} autosize minRows={4} maxRows={12} ff="monospace"
          value={draft.code} onChange={(e) => set({ code: e.currentTarget.value })} data-testid="tracking-code"
        />
      ) : (
        <TextInput
          label={t('tracking.trackingId')} required placeholder={trackingIdExamples[draft.type as Exclude<TrackingCodeType, 'custom_tracking_codes'>]}
          value={draft.trackingId} onChange={(e) => set({ trackingId: e.currentTarget.value })}
          error={idProblem ? t('tracking.invalidId', { example: trackingIdExamples[draft.type as Exclude<TrackingCodeType, 'custom_tracking_codes'>] }) : undefined}
          data-testid="tracking-id"
        />
      )}
      <Select
        label={t('tracking.consentCategory')} description={t('tracking.consentHint')} allowDeselect={false} value={draft.consentCategory}
        data={trackingConsentCategories.map((c) => ({ value: c, label: t(`tracking.categories.${c}`) }))}
        onChange={(value) => value && set({ consentCategory: value as TrackingConsentCategory })}
      />
      <MultiSelect
        label={t('tracking.events')} value={draft.events} onChange={(value) => set({ events: value as TrackingEvent[] })}
        data={trackingEvents.map((e) => ({ value: e, label: t(`tracking.eventNames.${e}`) }))}
      />
      <FormError error={error} />
      <Group justify="flex-end">
        <Button type="submit" loading={saving} disabled={idProblem || draft.name.trim() === ''} data-testid="tracking-save">{t('tracking.save')}</Button>
      </Group>
    </Stack>
  )
}

export function TrackingCodesPage() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [type, setType] = useState<string | null>(null)
  const codes = useQuery(trackingCodesQuery(type ? { type } : {}))
  const [editing, setEditing] = useState<TrackingCode | 'new' | null>(null)
  const { confirm, modal } = useConfirm()
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trackingCodesKey })
  const list = codes.data?.list ?? []
  return (
    <Stack gap="lg" data-testid="tracking-codes-page">
      <FeaturesOff flags={['google_analytics', 'tag_manager', 'facebook_pixel', 'custom_css', 'conversion_tools']} />
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2}>{t('tracking.title')}</Title>
          <Text c="dimmed" size="sm">{t('tracking.lead')}</Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="tracking-add">{t('tracking.add')}</Button>
      </Group>
      <Select
        w={260} clearable placeholder={t('tracking.allTypes')} value={type} onChange={setType}
        data={trackingCodeTypes.map((v) => ({ value: v, label: t(`tracking.types.${v}`) }))}
      />
      {codes.isSuccess && list.length === 0 && <Text size="sm" c="dimmed">{t('tracking.empty')}</Text>}
      {list.length > 0 && (
        <Table withTableBorder striped data-testid="tracking-codes-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('tracking.name')}</Table.Th><Table.Th>{t('tracking.type')}</Table.Th><Table.Th>{t('tracking.trackingId')}</Table.Th>
              <Table.Th>{t('tracking.consentCategory')}</Table.Th><Table.Th>{t('tracking.events')}</Table.Th><Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((code) => (
              <Table.Tr key={code.id}>
                <Table.Td>{code.name}</Table.Td>
                <Table.Td>{t(`tracking.types.${code.type}`)}</Table.Td>
                <Table.Td>{code.trackingId ?? (code.hosts.join(', ') || '-')}</Table.Td>
                <Table.Td><Badge variant="light">{t(`tracking.categories.${code.consentCategory}`)}</Badge></Table.Td>
                <Table.Td>{t('tracking.eventCount', { count: code.events.length })}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <ActionIcon variant="subtle" aria-label={t('tracking.edit')} onClick={() => setEditing(code)}><IconPencil size={16} /></ActionIcon>
                    <ActionIcon
                      variant="subtle" color="red" aria-label={t('tracking.delete')}
                      onClick={() => confirm({ name: code.name, onConfirm: async () => { await deleteTrackingCode(code.id); refresh() } })}
                    ><IconTrash size={16} /></ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? t('tracking.add') : t('tracking.edit')} size="lg">
        {editing !== null && <CodeForm editing={editing === 'new' ? null : editing} onDone={() => { setEditing(null); refresh() }} />}
      </Modal>
      {modal}
    </Stack>
  )
}
