import { ActionIcon, Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { plainTextOf, richTextOf } from '../../../../../shared/html/rich-text'
import { htmlLang, languageNames, localeCodes, localeDirection, type LocaleCode } from '../../../../../shared/i18n/locales'
import type { DeliveryTranslationsInput } from '../../../../../shared/schemas/delivery'
import { RichTextEditor } from '../../../../components/rich-text-editor'
import { snakeToCamelKey } from '../../../../lib/api-client'

// The custom delivery mail's "Languages" (docs/decisions/0095-product-translations.md): its subject and body in
// other languages. A payer who ordered in one of them gets these texts; a text left empty is sent as written
// above. Saved with the delivery settings, as the whole set.

export type DeliveryTranslationDraft = { subject: string; body: string }
export type DeliveryTranslationDrafts = { [L in LocaleCode]?: DeliveryTranslationDraft }

type Stored = Record<string, { customSubject?: string | null; customBody?: string | null } | undefined> | undefined

/** The answer's translations (camelCased keys: `ptBr`) as drafts; a plain body opens as paragraphs. */
export function deliveryDraftsOf(stored: Stored): DeliveryTranslationDrafts {
  const drafts: DeliveryTranslationDrafts = {}
  for (const code of localeCodes) {
    const entry = stored?.[snakeToCamelKey(code)]
    if (entry) drafts[code] = { subject: entry.customSubject ?? '', body: richTextOf(entry.customBody ?? '') }
  }
  return drafts
}

/** The drafts as the request's `translations` (the whole set; empty texts are not stored). */
export function deliveryTranslationsInputOf(drafts: DeliveryTranslationDrafts): DeliveryTranslationsInput {
  const out: DeliveryTranslationsInput = {}
  for (const code of localeCodes) {
    const draft = drafts[code]
    if (draft) out[code] = { custom_subject: draft.subject.trim() || null, custom_body: plainTextOf(draft.body).trim() ? draft.body : null }
  }
  return out
}

export function DeliveryEmailTranslations({ drafts, onChange, base }: {
  drafts: DeliveryTranslationDrafts; onChange: (drafts: DeliveryTranslationDrafts) => void; base: { subject: string }
}) {
  const { t } = useTranslation()
  const [adding, setAdding] = useState<string | null>(null)
  const codes = localeCodes.filter((code) => drafts[code])
  const available = localeCodes.filter((code) => !drafts[code])
  const add = () => {
    const code = localeCodes.find((c) => c === adding)
    if (!code) return
    onChange({ ...drafts, [code]: { subject: '', body: '' } })
    setAdding(null)
  }
  const remove = (code: LocaleCode) => {
    const { [code]: _removed, ...rest } = drafts
    onChange(rest)
  }
  const set = (code: LocaleCode, text: keyof DeliveryTranslationDraft, value: string) => onChange({ ...drafts, [code]: { ...drafts[code]!, [text]: value } })
  return (
    <Stack gap="sm" data-testid="delivery-translations">
      <Title order={4} fz="sm">{t('products.translations.title')}</Title>
      {codes.length === 0 && <Text size="sm" c="dimmed">{t('products.translations.none')}</Text>}
      {codes.map((code) => {
        const draft = drafts[code]!
        const complete = draft.subject.trim() !== '' && plainTextOf(draft.body).trim() !== ''
        return (
          <Card key={code} withBorder padding="sm" radius="md" data-testid={`delivery-translation-${code}`} data-state={complete ? 'complete' : 'partial'}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="xs">
                  <Text fw={600} lang={htmlLang(code)}>{languageNames[code]}</Text>
                  {complete
                    ? <Badge color="green" variant="light">{t('products.translations.complete')}</Badge>
                    : <Badge color="yellow" variant="light">{t('products.translations.partial')}</Badge>}
                </Group>
                <ActionIcon variant="subtle" color="red" aria-label={t('products.translations.remove', { language: languageNames[code] })} onClick={() => remove(code)} data-testid={`delivery-translation-remove-${code}`}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              <div lang={htmlLang(code)} dir={localeDirection(code)}>
                <Stack gap="xs">
                  <TextInput label={t('payerArea.delivery.subject')} value={draft.subject} maxLength={200} onChange={(e) => set(code, 'subject', e.currentTarget.value)}
                    description={base.subject.trim() ? t('products.translations.base', { text: base.subject }) : undefined} data-testid={`delivery-translation-subject-${code}`} />
                  <RichTextEditor label={t('payerArea.delivery.body')} value={draft.body} onChange={(value) => set(code, 'body', value)} minHeight={120} data-testid={`delivery-translation-body-${code}`} />
                </Stack>
              </div>
            </Stack>
          </Card>
        )
      })}
      <Group align="flex-end" gap="xs">
        <Select label={t('products.translations.language')} placeholder={t('products.translations.choose')} searchable w={260} value={adding} onChange={setAdding}
          data={available.map((code) => ({ value: code, label: languageNames[code] }))} data-testid="delivery-translation-language" />
        <Button variant="default" onClick={add} disabled={!adding} data-testid="delivery-translation-add">{t('products.translations.add')}</Button>
      </Group>
    </Stack>
  )
}
