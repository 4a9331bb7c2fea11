import { ActionIcon, Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { htmlLang, languageNames, localeCodes, localeDirection, type LocaleCode } from '../../shared/i18n/locales'

// A seller's texts in other languages, one card per language (docs/decisions/0095-product-translations.md): the
// language with a complete or partial badge and a remove button, the caller's fields written in that language's
// direction, and a language picker to add one. The caller keeps the drafts and says what each card holds.

export function LanguageCards<D>({ drafts, onChange, empty, complete, fields, testId }: {
  drafts: { [L in LocaleCode]?: D }
  onChange: (drafts: { [L in LocaleCode]?: D }) => void
  /** A new language's draft. */
  empty: () => D
  complete: (draft: D) => boolean
  fields: (code: LocaleCode, draft: D, set: (draft: D) => void) => ReactNode
  /** The prefix of the cards' test ids: `${testId}-translations`, `${testId}-translation-${code}`... */
  testId: string
}) {
  const { t } = useTranslation()
  const [adding, setAdding] = useState<string | null>(null)
  const codes = localeCodes.filter((code) => drafts[code])
  const available = localeCodes.filter((code) => !drafts[code])
  const add = () => {
    const code = localeCodes.find((c) => c === adding)
    if (!code) return
    onChange({ ...drafts, [code]: empty() })
    setAdding(null)
  }
  const remove = (code: LocaleCode) => {
    const { [code]: _removed, ...rest } = drafts
    onChange(rest as { [L in LocaleCode]?: D })
  }
  return (
    <Stack gap="sm" data-testid={`${testId}-translations`}>
      <Title order={4} fz="sm">{t('products.translations.title')}</Title>
      {codes.length === 0 && <Text size="sm" c="dimmed">{t('products.translations.none')}</Text>}
      {codes.map((code) => {
        const draft = drafts[code]!
        const done = complete(draft)
        return (
          <Card key={code} withBorder padding="sm" radius="md" data-testid={`${testId}-translation-${code}`} data-state={done ? 'complete' : 'partial'}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="xs">
                  <Text fw={600} lang={htmlLang(code)}>{languageNames[code]}</Text>
                  {done
                    ? <Badge color="green" variant="light">{t('products.translations.complete')}</Badge>
                    : <Badge color="yellow" variant="light">{t('products.translations.partial')}</Badge>}
                </Group>
                <ActionIcon variant="subtle" color="red" aria-label={t('products.translations.remove', { language: languageNames[code] })} onClick={() => remove(code)} data-testid={`${testId}-translation-remove-${code}`}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              <div lang={htmlLang(code)} dir={localeDirection(code)}>
                <Stack gap="xs">{fields(code, draft, (next) => onChange({ ...drafts, [code]: next }))}</Stack>
              </div>
            </Stack>
          </Card>
        )
      })}
      <Group align="flex-end" gap="xs">
        <Select label={t('products.translations.language')} placeholder={t('products.translations.choose')} searchable w={260} value={adding} onChange={setAdding}
          data={available.map((code) => ({ value: code, label: languageNames[code] }))} data-testid={`${testId}-translation-language`} />
        <Button variant="default" onClick={add} disabled={!adding} data-testid={`${testId}-translation-add`}>{t('products.translations.add')}</Button>
      </Group>
    </Stack>
  )
}
