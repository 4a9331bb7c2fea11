import { Button, ColorInput, FileButton, Group, MultiSelect, Select, Text } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { IconUpload } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { colorPalette } from '../../../../shared/pages/page-blocks'
import type { UploadKind } from '../../../../shared/schemas/media'
import { useErrorText } from '../../../components/form-error'
import { sellerUploadsQuery, uploadForBlock, uploadsKey } from '../api/pages'

// Puck custom fields (type "custom") for the settings its built-in inputs do not fit: a colour with the
// builder's 15-colour palette, one of the seller's products, several products, several of a fixed list, one of the
// seller's uploads (or a new one).
// Each takes Puck's { value, onChange } and the label Puck would show.

export type Option = { value: string; label: string }
type Base<V> = { label: string; value: V; onChange: (value: V) => void; readOnly?: boolean | undefined; testId?: string }

export function ColorField({ label, value, onChange, readOnly, nullable, testId }: Base<string> & { nullable: boolean }) {
  return (
    <ColorInput size="xs" label={label} value={value ?? ''} onChange={onChange} disabled={readOnly} format="hex" swatches={[...colorPalette]}
      swatchesPerRow={8} placeholder={nullable ? '—' : undefined} data-testid={testId} />
  )
}

export function ProductField({ label, value, onChange, readOnly, options, testId }: Base<number | null> & { options: Option[] }) {
  return (
    <Select size="xs" label={label} data={options} value={value === null || value === undefined ? null : String(value)} clearable searchable disabled={readOnly}
      onChange={(v) => onChange(v ? Number(v) : null)} data-testid={testId} />
  )
}

export function ProductsField({ label, value, onChange, readOnly, options, testId }: Base<number[]> & { options: Option[] }) {
  return (
    <MultiSelect size="xs" label={label} data={options} value={(value ?? []).map(String)} searchable clearable disabled={readOnly}
      onChange={(v) => onChange(v.map(Number))} data-testid={testId} />
  )
}

export function MultiField({ label, value, onChange, readOnly, options, testId }: Base<string[]> & { options: Option[] }) {
  return <MultiSelect size="xs" label={label} data={options} value={value ?? []} disabled={readOnly} onChange={onChange} data-testid={testId} />
}

/** The upload kind of a file the seller picked, when the block takes any (the server checks the content). */
export function uploadKindOfFile(file: { type: string; name: string }): UploadKind {
  const type = file.type.toLowerCase()
  if (type.startsWith('image/')) return 'image'
  if (type === 'application/pdf' || /\.pdf$/i.test(file.name)) return 'pdf'
  if (type.startsWith('audio/')) return 'audio'
  if (type.startsWith('video/')) return 'video'
  return 'file'
}

const acceptOf: Record<UploadKind, string | undefined> = { image: 'image/*', audio: 'audio/*', video: 'video/*', pdf: 'application/pdf', file: undefined }

/** One of the seller's uploads of the kind the block plays (by name), or a new file uploaded here and chosen. */
export function UploadField({ label, value, onChange, readOnly, accept, testId }: Base<string | null> & { accept: UploadKind | undefined }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const uploads = useQuery(sellerUploadsQuery())
  const upload = useMutation({
    mutationFn: (file: File) => uploadForBlock(file, accept ?? uploadKindOfFile(file)),
    onSuccess: (made) => {
      void queryClient.invalidateQueries({ queryKey: uploadsKey })
      onChange(made.key)
    },
  })
  const options = (uploads.data?.list ?? []).filter((u) => !accept || u.kind === accept).map((u) => ({ value: u.key, label: u.name }))
  // A key the list does not hold (another seller's, a deleted file) still shows, so it can be cleared.
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: value })
  return (
    <div>
      <Select size="xs" label={label} data={options} value={value ?? null} clearable searchable disabled={readOnly} placeholder={t('pageBuilder.upload.choose')}
        onChange={(v) => onChange(v)} nothingFoundMessage={t('pageBuilder.upload.none')} data-testid={testId} />
      <Group gap="xs" mt={4}>
        <FileButton onChange={(file) => { if (file) upload.mutate(file) }} accept={accept ? acceptOf[accept] : undefined} disabled={readOnly}>
          {(props) => <Button {...props} size="compact-xs" variant="subtle" leftSection={<IconUpload size={12} />} loading={upload.isPending}>{t('pageBuilder.upload.new')}</Button>}
        </FileButton>
        {upload.isError && <Text size="xs" c="red">{errorText(upload.error)}</Text>}
      </Group>
    </div>
  )
}
