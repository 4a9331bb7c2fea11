import { ActionIcon, Badge, Button, Card, FileInput, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { IconTrash, IconUpload } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fallbackFonts, fontDefaults, fontDisplays, fontStyles, fontUploadFields, fontWeights, type FontUploadFields } from '../../../../shared/schemas/fonts'
import { useConfirm } from '../../../components/confirm-modal'
import { FormError } from '../../../components/form-error'
import { withHelp } from '../../../components/info-popover'
import { useUploadMutation } from '../../../components/upload-progress'
import { deleteFont, fontsKey, fontsQuery, uploadFont, type Font } from '../api/fonts'

// /cabinet/fonts: the seller's custom fonts (docs/decisions/0061-fonts-and-themes.md). Each is previewed in
// its own face, loaded through the seller's stylesheet as the pages load it.

/** The CSS font-family of a font: its own name, then its fallback. */
const familyOf = (font: Pick<Font, 'fontName' | 'fallbackFont'>) => `${JSON.stringify(font.fontName)}, ${font.fallbackFont.includes(' ') ? JSON.stringify(font.fallbackFont) : font.fallbackFont}`

function UploadForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation()
  const [file, setFile] = useState<File | null>(null)
  const [fields, setFields] = useState<FontUploadFields>({ font_name: '', ...fontDefaults })
  const [error, setError] = useState<unknown>(null)
  const upload = useUploadMutation(({ file, fields }: { file: File; fields: FontUploadFields }, transfer) => uploadFont(file, fields, transfer), {
    name: ({ file }) => file.name,
    onSuccess: () => { setFile(null); setFields({ font_name: '', ...fontDefaults }); onDone() },
    onError: (caught) => setError(caught),
  })
  const submit = () => {
    setError(null)
    const parsed = fontUploadFields.safeParse(fields)
    if (!file || !parsed.success) {
      setError(new Error(t('fonts.invalid')))
      return
    }
    upload.mutate({ file, fields: parsed.data })
  }
  const set = <K extends keyof FontUploadFields>(key: K, value: FontUploadFields[K]) => setFields((f) => ({ ...f, [key]: value }))
  return (
    <Card withBorder component="form" onSubmit={(event) => { event.preventDefault(); submit() }} data-testid="font-upload-form">
      <Stack gap="sm">
        <Title order={4}>{t('fonts.upload')}</Title>
        <FileInput label={t('fonts.file')} description={t('fonts.fileHint')} accept=".woff2,.woff,.ttf,font/woff2,font/woff,font/ttf" value={file}
          onChange={(f) => { setFile(f); if (f && !fields.font_name) set('font_name', f.name.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ')) }} data-testid="font-file" />
        <TextInput label={t('fonts.name')} required value={fields.font_name} onChange={(e) => set('font_name', e.currentTarget.value)} data-testid="font-name" />
        <Group grow>
          <Select label={t('fonts.weight')} {...withHelp(t('fonts.weight'), t('help.fontWeight'), 'help-font-weight')} data={fontWeights.map((w) => ({ value: String(w), label: String(w) }))} value={String(fields.font_weight)} allowDeselect={false}
            onChange={(v) => set('font_weight', Number(v ?? 400) as FontUploadFields['font_weight'])} />
          <Select label={t('fonts.style')} {...withHelp(t('fonts.style'), t('help.fontStyle'), 'help-font-style')} data={fontStyles.map((s) => ({ value: s, label: t(`fonts.styles.${s}`) }))} value={fields.font_style} allowDeselect={false}
            onChange={(v) => set('font_style', (v ?? 'normal') as FontUploadFields['font_style'])} />
        </Group>
        <Group grow>
          <Select label={t('fonts.display')} description={t('fonts.displayHint')} {...withHelp(t('fonts.display'), t('help.fontDisplay'), 'help-font-display')} data={[...fontDisplays]} value={fields.font_display} allowDeselect={false}
            onChange={(v) => set('font_display', (v ?? 'swap') as FontUploadFields['font_display'])} />
          <Select label={t('fonts.fallback')} description={t('fonts.fallbackHint')} {...withHelp(t('fonts.fallback'), t('help.fallbackFont'), 'help-fallback-font')} data={[...fallbackFonts]} value={fields.fallback_font} allowDeselect={false}
            onChange={(v) => set('fallback_font', (v ?? 'sans-serif') as FontUploadFields['fallback_font'])} />
        </Group>
        {upload.progress}
        <FormError error={error} />
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconUpload size={16} />} loading={upload.isPending} data-testid="font-upload-submit">{t('fonts.uploadButton')}</Button>
        </Group>
      </Stack>
    </Card>
  )
}

export function FontsPage() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const fonts = useQuery(fontsQuery())
  const { confirm, modal } = useConfirm()
  const refresh = () => queryClient.invalidateQueries({ queryKey: fontsKey })
  const remove = useMutation({ mutationFn: (id: number) => deleteFont(id), onSuccess: () => void refresh() })
  return (
    <Stack gap="lg">
      <Title order={2}>{t('fonts.title')}</Title>
      <Text c="dimmed" size="sm">{t('fonts.intro')}</Text>
      {/* The served stylesheet, reloaded whenever the list changes, so the previews use the real files. */}
      {fonts.data && <link rel="stylesheet" href={`${fonts.data.stylesheetUrl}?v=${fonts.dataUpdatedAt}`} />}
      <UploadForm onDone={() => void refresh()} />
      {fonts.data && fonts.data.list.length === 0 && <Text c="dimmed" data-testid="fonts-empty">{t('fonts.empty')}</Text>}
      {fonts.data?.list.map((font) => (
        <Card key={font.id} withBorder data-testid="font-row">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={4}>
              <Group gap="xs">
                <Text fw={600}>{font.fontName}</Text>
                <Badge variant="light">{font.fontFormat}</Badge>
                <Badge variant="outline">{font.fontWeight} · {t(`fonts.styles.${font.fontStyle}`)} · {font.fontDisplay}</Badge>
              </Group>
              <Text size="xl" style={{ fontFamily: familyOf(font), fontWeight: font.fontWeight, fontStyle: font.fontStyle }} data-testid="font-preview">
                {t('fonts.sample')}
              </Text>
              <Text size="xs" c="dimmed">{font.originalName} · {t('fonts.fallbackIs', { font: font.fallbackFont })}</Text>
            </Stack>
            <ActionIcon variant="subtle" color="red" aria-label={t('confirmDelete.confirm')}
              onClick={() => confirm({ name: font.fontName, onConfirm: () => remove.mutateAsync(font.id) })}><IconTrash size={16} /></ActionIcon>
          </Group>
        </Card>
      ))}
      {modal}
    </Stack>
  )
}
