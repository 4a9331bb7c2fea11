import { ActionIcon, Badge, Button, Card, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { htmlLang, languageNames, localeCodes, localeDirection, type LocaleCode } from '../../../../shared/i18n/locales'
import { cancellationTermsBodyMaxLength, type CancellationTermsTranslationsInput } from '../../../../shared/schemas/checkout-settings'
import { snakeToCamelKey } from '../../../lib/api-client'

// The cancellation terms' "Languages" (docs/decisions/0095-product-translations.md): their title and text in
// other languages. A payer who reads the shop in one of them sees these texts on the terms' page; a text left
// empty shows as written above. Saved with the terms, as the whole set.

export type TermsTranslationDraft = { title: string; body: string }
export type TermsTranslationDrafts = { [L in LocaleCode]?: TermsTranslationDraft }

type Stored = Record<string, { title?: string | null; body?: string | null } | undefined> | undefined

/** The answer's translations (camelCased keys: `ptBr`) as drafts. */
export function termsDraftsOf(stored: Stored): TermsTranslationDrafts {
  const drafts: TermsTranslationDrafts = {}
  for (const code of localeCodes) {
    const entry = stored?.[snakeToCamelKey(code)]
    if (entry) drafts[code] = { title: entry.title ?? '', body: entry.body ?? '' }
  }
  return drafts
}

/** The drafts as the request's `translations` (the whole set; empty texts are not stored). */
export function termsTranslationsInputOf(drafts: TermsTranslationDrafts): CancellationTermsTranslationsInput {
  const out: CancellationTermsTranslationsInput = {}
  for (const code of localeCodes) {
    const draft = drafts[code]
    if (draft) out[code] = { title: draft.title.trim() || null, body: draft.body.trim() || null }
  }
  return out
}

export function CancellationTermsTranslations({ drafts, onChange, base }: {
  drafts: TermsTranslationDrafts; onChange: (drafts: TermsTranslationDrafts) => void; base: { title: string }
}) {
  const { t } = useTranslation()
  const [adding, setAdding] = useState<string | null>(null)
  const codes = localeCodes.filter((code) => drafts[code])
  const available = localeCodes.filter((code) => !drafts[code])
  const add = () => {
    const code = localeCodes.find((c) => c === adding)
    if (!code) return
    onChange({ ...drafts, [code]: { title: '', body: '' } })
    setAdding(null)
  }
  const remove = (code: LocaleCode) => {
    const { [code]: _removed, ...rest } = drafts
    onChange(rest)
  }
  const set = (code: LocaleCode, text: keyof TermsTranslationDraft, value: string) => onChange({ ...drafts, [code]: { ...drafts[code]!, [text]: value } })
  return (
    <Stack gap="sm" data-testid="terms-translations">
      <Title order={4} fz="sm">{t('products.translations.title')}</Title>
      {codes.length === 0 && <Text size="sm" c="dimmed">{t('products.translations.none')}</Text>}
      {codes.map((code) => {
        const draft = drafts[code]!
        const complete = draft.title.trim() !== '' && draft.body.trim() !== ''
        return (
          <Card key={code} withBorder padding="sm" radius="md" data-testid={`terms-translation-${code}`} data-state={complete ? 'complete' : 'partial'}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="xs">
                  <Text fw={600} lang={htmlLang(code)}>{languageNames[code]}</Text>
                  {complete
                    ? <Badge color="green" variant="light">{t('products.translations.complete')}</Badge>
                    : <Badge color="yellow" variant="light">{t('products.translations.partial')}</Badge>}
                </Group>
                <ActionIcon variant="subtle" color="red" aria-label={t('products.translations.remove', { language: languageNames[code] })} onClick={() => remove(code)} data-testid={`terms-translation-remove-${code}`}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              <div lang={htmlLang(code)} dir={localeDirection(code)}>
                <Stack gap="xs">
                  <TextInput label={t('cancellationTerms.fields.title')} value={draft.title} maxLength={200} onChange={(e) => set(code, 'title', e.currentTarget.value)}
                    description={base.title.trim() ? t('products.translations.base', { text: base.title }) : undefined} data-testid={`terms-translation-title-${code}`} />
                  <Textarea label={t('cancellationTerms.fields.body')} value={draft.body} autosize minRows={6} maxRows={20} maxLength={cancellationTermsBodyMaxLength}
                    onChange={(e) => set(code, 'body', e.currentTarget.value)} data-testid={`terms-translation-body-${code}`} />
                </Stack>
              </div>
            </Stack>
          </Card>
        )
      })}
      <Group align="flex-end" gap="xs">
        <Select label={t('products.translations.language')} placeholder={t('products.translations.choose')} searchable w={260} value={adding} onChange={setAdding}
          data={available.map((code) => ({ value: code, label: languageNames[code] }))} data-testid="terms-translation-language" />
        <Button variant="default" onClick={add} disabled={!adding} data-testid="terms-translation-add">{t('products.translations.add')}</Button>
      </Group>
    </Stack>
  )
}
