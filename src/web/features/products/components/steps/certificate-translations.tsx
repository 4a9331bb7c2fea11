import { ActionIcon, Badge, Button, Card, Group, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { IconFileTypePdf, IconPencil, IconTrash } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { htmlLang, languageNames, localeCodes, type LocaleCode } from '../../../../../shared/i18n/locales'
import { FormError } from '../../../../components/form-error'
import { certificatePreviewUrl } from '../../api/certificate-preview'
import { emptyCertificateDraft, missingCertificateTexts, type CertificateTranslationDraft, type CertificateTranslationDrafts } from '../certificate-translation-draft'

// The certificate design's "Languages" (docs/decisions/0095-product-translations.md, "Certificate designs"): its
// title, text and date text in other languages. A payer who bought in one of them gets the certificate with
// these texts; a text left empty prints as written in the design. Saved with the design, as the whole set.

const labelKey = { title: 'products.certificate.title', body: 'products.certificate.body', custom_date_text: 'products.certificate.customDateText' } as const

export function CertificateTranslations({ productId, drafts, onChange, base }: {
  productId: number; drafts: CertificateTranslationDrafts; onChange: (drafts: CertificateTranslationDrafts) => void
  base: { title: string; body: string; customDateText: string; dateSource: string }
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState<LocaleCode | null>(null)
  const [adding, setAdding] = useState<string | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview)
  }, [preview])
  const showPreview = useMutation({ mutationFn: (code: LocaleCode) => certificatePreviewUrl(productId, code), onSuccess: setPreview })
  const codes = localeCodes.filter((code) => drafts[code])
  const available = localeCodes.filter((code) => !drafts[code])
  const add = () => {
    const code = localeCodes.find((c) => c === adding)
    if (!code) return
    onChange({ ...drafts, [code]: emptyCertificateDraft() })
    setOpen(code)
    setAdding(null)
  }
  const remove = (code: LocaleCode) => {
    const { [code]: _removed, ...rest } = drafts
    onChange(rest)
    if (open === code) setOpen(null)
  }
  const draft = open ? drafts[open] : undefined
  const set = (text: keyof CertificateTranslationDraft, value: string) => open && draft && onChange({ ...drafts, [open]: { ...draft, [text]: value } })
  const baseText = (text: string) => (text.trim() ? t('products.translations.base', { text }) : undefined)
  return (
    <Stack gap="sm" data-testid="certificate-translations">
      <Title order={3} fz="md">{t('products.translations.title')}</Title>
      <Text size="sm" c="dimmed">{t('products.certificate.translationsHint')}</Text>
      {codes.length === 0
        ? <Text size="sm" c="dimmed">{t('products.translations.none')}</Text>
        : codes.map((code) => {
          const missing = missingCertificateTexts(drafts[code]!, base)
          return (
            <Group key={code} justify="space-between" wrap="nowrap" data-testid={`certificate-translation-${code}`} data-state={missing.length === 0 ? 'complete' : 'partial'}>
              <Group gap="xs" wrap="wrap">
                <Text fw={open === code ? 600 : 400} lang={htmlLang(code)}>{languageNames[code]}</Text>
                {missing.length === 0
                  ? <Badge color="green" variant="light">{t('products.translations.complete')}</Badge>
                  : <Badge color="yellow" variant="light">{t('products.translations.partial')}</Badge>}
                {missing.length > 0 && <Text size="xs" c="dimmed">{t('products.translations.missing', { texts: missing.map((text) => t(labelKey[text])).join(', ') })}</Text>}
              </Group>
              <Group gap={4} wrap="nowrap">
                <ActionIcon variant="subtle" aria-label={t('products.translations.edit', { language: languageNames[code] })} onClick={() => setOpen(code)} data-testid={`certificate-translation-edit-${code}`}>
                  <IconPencil size={16} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" aria-label={t('products.translations.remove', { language: languageNames[code] })} onClick={() => remove(code)} data-testid={`certificate-translation-remove-${code}`}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
          )
        })}
      <Group align="flex-end" gap="xs">
        <Select label={t('products.translations.language')} placeholder={t('products.translations.choose')} searchable w={260} value={adding} onChange={setAdding}
          data={available.map((code) => ({ value: code, label: languageNames[code] }))} data-testid="certificate-translation-language" />
        <Button variant="default" onClick={add} disabled={!adding} data-testid="certificate-translation-add">{t('products.translations.add')}</Button>
      </Group>
      {open && draft && (
        <Card withBorder padding="md" radius="md" data-testid="certificate-translation-editor" data-locale={open}>
          <Stack gap="sm">
            <Title order={4} fz="sm">{t('products.translations.editing', { language: languageNames[open] })}</Title>
            <TextInput label={t('products.certificate.title')} description={baseText(base.title)} maxLength={200} lang={htmlLang(open)}
              value={draft.title} onChange={(e) => set('title', e.currentTarget.value)} data-testid="certificate-translation-title" />
            <Textarea label={t('products.certificate.body')} description={baseText(base.body)} maxLength={5000} autosize minRows={3} lang={htmlLang(open)}
              value={draft.body} onChange={(e) => set('body', e.currentTarget.value)} data-testid="certificate-translation-body" />
            {(base.dateSource === 'custom_text' || draft.custom_date_text) && (
              <TextInput label={t('products.certificate.customDateText')} description={baseText(base.customDateText)} maxLength={200} lang={htmlLang(open)}
                value={draft.custom_date_text} onChange={(e) => set('custom_date_text', e.currentTarget.value)} data-testid="certificate-translation-date-text" />
            )}
            <Group justify="space-between">
              {/* The saved design in this language: save first to see the texts typed here. */}
              <Button variant="default" size="xs" leftSection={<IconFileTypePdf size={14} />} loading={showPreview.isPending} onClick={() => showPreview.mutate(open)} data-testid="certificate-translation-preview">
                {t('products.certificate.preview')}
              </Button>
              <Button variant="default" size="xs" onClick={() => setOpen(null)} data-testid="certificate-translation-done">{t('products.translations.done')}</Button>
            </Group>
          </Stack>
        </Card>
      )}
      <FormError error={showPreview.error} />
      {preview && <iframe title={t('products.certificate.preview')} src={preview} style={{ width: '100%', height: 480, border: 0 }} />}
    </Stack>
  )
}
