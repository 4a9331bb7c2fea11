import { ActionIcon, Badge, Button, Card, Group, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { IconPencil, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TranslatableText } from '../../../../../shared/catalog/translations'
import { htmlLang, languageNames, localeCodes, type LocaleCode } from '../../../../../shared/i18n/locales'
import { productNameMaxLength } from '../../../../../shared/schemas/catalog'
import { bumpHeadlineMaxLength, bumpTextMaxLength } from '../../../../../shared/schemas/checkout-settings'
import { FormError } from '../../../../components/form-error'
import { RichTextEditor } from '../../../../components/rich-text-editor'
import { productCheckoutQuery } from '../../api/product-checkout'
import { updateProduct } from '../../api/update-product'
import { draftsOf, emptyDraft, missingTexts, presentTexts, translationsInputOf, type TranslationDraft, type TranslationDrafts } from '../translation-draft'
import type { StepProps } from './step-types'

// Step "product details", section "Languages" (docs/decisions/0095-product-translations.md): the product's
// name, description and order bump texts in other languages. A payer who reads the shop in one of them sees
// these texts; a text left empty shows in the base language. The list says which languages give every text
// the product has (complete) and which do not yet (partial). Saved on its own, as the whole set.

/** The product's languages with their state; `open` is the one being edited. */
export function TranslationList({ drafts, present, open, onEdit, onRemove }: {
  drafts: TranslationDrafts; present: readonly TranslatableText[]; open: LocaleCode | null
  onEdit: (code: LocaleCode) => void; onRemove: (code: LocaleCode) => void
}) {
  const { t } = useTranslation()
  const codes = localeCodes.filter((code) => drafts[code])
  if (codes.length === 0) return <Text size="sm" c="dimmed" data-testid="translations-none">{t('products.translations.none')}</Text>
  return (
    <Stack gap={4} data-testid="translations-list">
      {codes.map((code) => {
        const missing = missingTexts(drafts[code]!, present)
        return (
          <Group key={code} justify="space-between" wrap="nowrap" data-testid={`translation-${code}`} data-state={missing.length === 0 ? 'complete' : 'partial'}>
            <Group gap="xs" wrap="wrap">
              <Text fw={open === code ? 600 : 400} lang={htmlLang(code)}>{languageNames[code]}</Text>
              {missing.length === 0
                ? <Badge color="green" variant="light">{t('products.translations.complete')}</Badge>
                : <Badge color="yellow" variant="light">{t('products.translations.partial')}</Badge>}
              {missing.length > 0 && (
                <Text size="xs" c="dimmed">{t('products.translations.missing', { texts: missing.map((text) => t(`products.translations.texts.${text}`)).join(', ') })}</Text>
              )}
            </Group>
            <Group gap={4} wrap="nowrap">
              <ActionIcon variant="subtle" aria-label={t('products.translations.edit', { language: languageNames[code] })} onClick={() => onEdit(code)} data-testid={`translation-edit-${code}`}>
                <IconPencil size={16} />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" aria-label={t('products.translations.remove', { language: languageNames[code] })} onClick={() => onRemove(code)} data-testid={`translation-remove-${code}`}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
        )
      })}
    </Stack>
  )
}

/** One language's texts; the base text of each is shown beneath its field. */
function TranslationEditor({ code, draft, base, withBump, onChange, onClose }: {
  code: LocaleCode; draft: TranslationDraft; base: { name: string; bumpHeadline: string | null; bumpText: string | null }; withBump: boolean
  onChange: (draft: TranslationDraft) => void; onClose: () => void
}) {
  const { t } = useTranslation()
  const baseText = (text: string | null | undefined) => (text ? t('products.translations.base', { text }) : undefined)
  const lang = htmlLang(code)
  return (
    <Card withBorder padding="md" radius="md" data-testid="translation-editor" data-locale={code}>
      <Stack gap="sm">
        <Title order={4} fz="sm">{t('products.translations.editing', { language: languageNames[code] })}</Title>
        <TextInput label={t('products.translations.name')} description={baseText(base.name)} maxLength={productNameMaxLength} lang={lang}
          value={draft.name} onChange={(e) => onChange({ ...draft, name: e.currentTarget.value })} data-testid="translation-name" />
        <RichTextEditor label={t('products.translations.description')} value={draft.description_html} minHeight={80}
          onChange={(html) => onChange({ ...draft, description_html: html })}
          data-testid="translation-description" />
        {withBump && (
          <>
            <TextInput label={t('products.translations.bumpHeadline')} description={baseText(base.bumpHeadline)} maxLength={bumpHeadlineMaxLength} lang={lang}
              value={draft.bump_headline} onChange={(e) => onChange({ ...draft, bump_headline: e.currentTarget.value })} data-testid="translation-bump-headline" />
            <Textarea label={t('products.translations.bumpText')} description={baseText(base.bumpText)} maxLength={bumpTextMaxLength} autosize minRows={2} lang={lang}
              value={draft.bump_text} onChange={(e) => onChange({ ...draft, bump_text: e.currentTarget.value })} data-testid="translation-bump-text" />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={onClose} data-testid="translation-done">{t('products.translations.done')}</Button>
        </Group>
      </Stack>
    </Card>
  )
}

export function TranslationsSection({ product, onSaved }: StepProps) {
  const { t } = useTranslation()
  const checkout = useQuery(productCheckoutQuery(product.id))
  const [drafts, setDrafts] = useState<TranslationDrafts>(() => draftsOf(product.translations))
  const [open, setOpen] = useState<LocaleCode | null>(null)
  const [adding, setAdding] = useState<string | null>(null)
  const save = useMutation({ mutationFn: () => updateProduct(product.id, { translations: translationsInputOf(drafts) }), onSuccess: onSaved })
  const bump = checkout.data?.bump
  const present = presentTexts(product, bump)
  const openDraft = open ? drafts[open] : undefined
  const available = localeCodes.filter((code) => !drafts[code])
  const add = () => {
    const code = localeCodes.find((c) => c === adding)
    if (!code) return
    setDrafts({ ...drafts, [code]: emptyDraft() })
    setOpen(code)
    setAdding(null)
  }
  const remove = (code: LocaleCode) => {
    const { [code]: _removed, ...rest } = drafts
    setDrafts(rest)
    if (open === code) setOpen(null)
  }
  return (
    <form onSubmit={(event) => {
      event.preventDefault()
      save.mutate()
    }} noValidate data-testid="translations-section">
      <Stack gap="sm">
        <Title order={3} fz="md">{t('products.translations.title')}</Title>
        <Text size="sm" c="dimmed">{t('products.translations.hint')}</Text>
        <TranslationList drafts={drafts} present={present} open={open} onEdit={setOpen} onRemove={remove} />
        <Group align="flex-end" gap="xs">
          <Select label={t('products.translations.language')} placeholder={t('products.translations.choose')} searchable w={260} value={adding} onChange={setAdding}
            data={available.map((code) => ({ value: code, label: languageNames[code] }))} data-testid="translation-language" />
          <Button variant="default" onClick={add} disabled={!adding} data-testid="translation-add">{t('products.translations.add')}</Button>
        </Group>
        {open && openDraft && (
          <TranslationEditor
            key={open} code={open} draft={openDraft} withBump={Boolean(bump?.headline || bump?.text || openDraft.bump_headline || openDraft.bump_text)}
            base={{ name: product.name, bumpHeadline: bump?.headline ?? null, bumpText: bump?.text ?? null }}
            onChange={(draft) => setDrafts({ ...drafts, [open]: draft })} onClose={() => setOpen(null)}
          />
        )}
        <FormError error={save.error} />
        {/* Its own save beside the details' (test ids apart from the step's `step-save`). */}
        <Group justify="flex-end">
          {save.isSuccess && <Text size="sm" c="green" data-testid="translations-saved">{t('products.wizard.saved')}</Text>}
          <Button type="submit" variant="light" loading={save.isPending} data-testid="translations-save">{t('products.translations.save')}</Button>
        </Group>
      </Stack>
    </form>
  )
}
