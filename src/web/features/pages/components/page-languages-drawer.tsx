import { Button, Drawer, Group, Stack, Text, TextInput, Textarea } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { htmlLang, type LocaleCode } from '../../../../shared/i18n/locales'
import type { PageBlock, PageTranslations } from '../../../../shared/pages/page-blocks'
import type { PageTextProp } from '../../../../shared/pages/page-translations'
import { LanguageCards } from '../../../components/language-cards'
import { RichTextEditor } from '../../../components/rich-text-editor'
import { labelParts, translatableBlocks } from '../lib/page-translations-draft'

// The page editor's "Languages" panel (docs/decisions/0095-product-translations.md, "Built pages"): beside the
// canvas, each language of the page with a field per text of its blocks, the base text under each; a language is
// complete when it gives every text the blocks have. The caller keeps the translations and saves them with the draft.

type Language = Record<string, Record<string, string>>

/** A base text as the field's hint: plain, without the rich text's tags, shortened. */
function hintOf(prop: PageTextProp): string {
  const text = (prop.rich ? (prop.base ?? '').replace(/<[^>]*>/g, ' ') : prop.base ?? '').replace(/\s+/g, ' ').trim()
  return text.length > 200 ? `${text.slice(0, 199)}…` : text
}

export function PageLanguagesDrawer({ opened, onClose, blocks, translations, onChange }: {
  opened: boolean
  onClose: () => void
  /** The blocks as the canvas holds them now. */
  blocks: readonly PageBlock[]
  translations: PageTranslations
  onChange: (translations: PageTranslations) => void
}) {
  const { t } = useTranslation()
  const listed = translatableBlocks(blocks)
  const label = (key: string) => labelParts(key).map((part) => t(`pageBuilder.settings.${part}`, { defaultValue: part })).join(' · ')
  const field = (code: LocaleCode, block: PageBlock, prop: PageTextProp, draft: Language, set: (draft: Language) => void) => {
    const value = draft[block.id]?.[prop.key] ?? ''
    const change = (text: string) => set({ ...draft, [block.id]: { ...draft[block.id], [prop.key]: text } })
    const common = { label: label(prop.key), description: t('products.translations.base', { text: hintOf(prop) }), 'data-testid': `page-translation-${block.id}-${prop.key}` }
    if (prop.rich) return <RichTextEditor key={prop.key} {...common} value={value} onChange={change} minHeight={80} />
    return prop.max > 300
      ? <Textarea key={prop.key} {...common} lang={htmlLang(code)} maxLength={prop.max} autosize minRows={2} value={value} onChange={(e) => change(e.currentTarget.value)} />
      : <TextInput key={prop.key} {...common} lang={htmlLang(code)} maxLength={prop.max} value={value} onChange={(e) => change(e.currentTarget.value)} />
  }
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="lg" title={t('pageBuilder.editor.languages')} data-testid="languages-drawer">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">{t('pageBuilder.editor.languagesHint')}</Text>
        {listed.length === 0
          ? <Text size="sm" data-testid="page-translations-none">{t('pageBuilder.editor.languagesNone')}</Text>
          : (
            <LanguageCards<Language>
              drafts={translations} onChange={onChange} empty={() => ({})} testId="page"
              complete={(draft) => listed.every(({ block, props }) => props.every((prop) => (draft[block.id]?.[prop.key] ?? '').trim() !== ''))}
              fields={(code, draft, set) => listed.map(({ block, position, props }) => (
                <Stack key={block.id} gap={6} data-testid={`page-translation-block-${block.id}`}>
                  <Text size="sm" fw={600}>{t(`pageBuilder.kinds.${block.kind}`)} · {position + 1}</Text>
                  {props.map((prop) => field(code, block, prop, draft, set))}
                </Stack>
              ))}
            />
          )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="languages-done">{t('products.translations.done')}</Button>
        </Group>
      </Stack>
    </Drawer>
  )
}
