import { ActionIcon, Badge, Button, Card, Group, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { IconPencil, IconTrash } from '@tabler/icons-react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { htmlLang, languageNames, localeCodes, type LocaleCode } from '../../../../../shared/i18n/locales'
import { FormError } from '../../../../components/form-error'
import { RichTextEditor } from '../../../../components/rich-text-editor'
import type { CourseModule } from '../../api/course-content'
import { updateModule } from '../../api/update-module'
import {
  lessonMissing, moduleDraftsOf, moduleMissing, moduleTranslationsInputOf, type Drafts, type LessonTranslationDraft, type ModuleTranslationDraft,
} from '../course-translation-draft'

// The course editor's "Languages" sections (docs/decisions/0095-product-translations.md, "Course content"): a
// module's title and description, a lesson's title and text in other languages. The payer reads the course in
// their order's language; a text left empty shows as written in the base language. The list says which
// languages give every text the module or lesson has (complete) and which do not yet (partial).

/** Choose a language, see each one's state, open one to edit it, remove one. */
function LanguageSet<D>({ drafts, onChange, empty, missing, editor, testId }: {
  drafts: Drafts<D>; onChange: (drafts: Drafts<D>) => void; empty: () => D; missing: (draft: D) => string[]
  editor: (code: LocaleCode, draft: D, change: (draft: D) => void) => ReactNode; testId: string
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState<LocaleCode | null>(null)
  const [adding, setAdding] = useState<string | null>(null)
  const codes = localeCodes.filter((code) => drafts[code])
  const openDraft = open ? drafts[open] : undefined
  const add = () => {
    const code = localeCodes.find((c) => c === adding)
    if (!code) return
    onChange({ ...drafts, [code]: empty() })
    setOpen(code)
    setAdding(null)
  }
  const remove = (code: LocaleCode) => {
    const { [code]: _removed, ...rest } = drafts
    onChange(rest as Drafts<D>)
    if (open === code) setOpen(null)
  }
  return (
    <Stack gap="xs" data-testid={testId}>
      <Title order={5}>{t('products.translations.title')}</Title>
      <Text size="xs" c="dimmed">{t('products.courseTranslations.hint')}</Text>
      {codes.map((code) => {
        const lacking = missing(drafts[code]!)
        return (
          <Group key={code} justify="space-between" wrap="nowrap" data-testid={`${testId}-${code}`} data-state={lacking.length === 0 ? 'complete' : 'partial'}>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={open === code ? 600 : 400} lang={htmlLang(code)}>{languageNames[code]}</Text>
              {lacking.length === 0
                ? <Badge color="green" variant="light">{t('products.translations.complete')}</Badge>
                : <Badge color="yellow" variant="light">{t('products.translations.partial')}</Badge>}
              {lacking.length > 0 && (
                <Text size="xs" c="dimmed">{t('products.translations.missing', { texts: lacking.map((text) => t(`products.courseTranslations.texts.${text}`)).join(', ') })}</Text>
              )}
            </Group>
            <Group gap={4} wrap="nowrap">
              <ActionIcon variant="subtle" aria-label={t('products.translations.edit', { language: languageNames[code] })} onClick={() => setOpen(code)}><IconPencil size={16} /></ActionIcon>
              <ActionIcon variant="subtle" color="red" aria-label={t('products.translations.remove', { language: languageNames[code] })} onClick={() => remove(code)}><IconTrash size={16} /></ActionIcon>
            </Group>
          </Group>
        )
      })}
      <Group align="flex-end" gap="xs">
        <Select label={t('products.translations.language')} placeholder={t('products.translations.choose')} searchable w={240} value={adding} onChange={setAdding}
          data={localeCodes.filter((code) => !drafts[code]).map((code) => ({ value: code, label: languageNames[code] }))} data-testid={`${testId}-language`} />
        <Button variant="default" onClick={add} disabled={!adding} data-testid={`${testId}-add`}>{t('products.translations.add')}</Button>
      </Group>
      {open && openDraft && (
        <Card withBorder padding="sm" radius="sm" data-locale={open} data-testid={`${testId}-editor`}>
          <Stack gap="xs">
            <Text size="sm" fw={600}>{t('products.translations.editing', { language: languageNames[open] })}</Text>
            {editor(open, openDraft, (draft) => onChange({ ...drafts, [open]: draft }))}
            <Group justify="flex-end">
              <Button variant="default" size="xs" onClick={() => setOpen(null)}>{t('products.translations.done')}</Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  )
}

const useBase = () => {
  const { t } = useTranslation()
  return (text: string | null | undefined) => (text ? t('products.translations.base', { text }) : undefined)
}

/** A module's languages, saved on their own (PATCH of the module with the whole set). */
export function ModuleTranslations({ productId, module, onSaved }: { productId: number; module: CourseModule; onSaved: () => void }) {
  const { t } = useTranslation()
  const baseText = useBase()
  const [drafts, setDrafts] = useState<Drafts<ModuleTranslationDraft>>(() => moduleDraftsOf(module.translations))
  const save = useMutation({ mutationFn: () => updateModule(productId, module.id, { translations: moduleTranslationsInputOf(drafts) }), onSuccess: onSaved })
  return (
    <form onSubmit={(event) => {
      event.preventDefault()
      save.mutate()
    }} noValidate>
      <Stack gap="xs">
        <LanguageSet
          drafts={drafts} onChange={setDrafts} empty={() => ({ title: '', description: '' })} testId="module-translations"
          missing={(draft) => moduleMissing(draft, module)}
          editor={(code, draft, change) => (
            <>
              <TextInput label={t('products.courseTranslations.moduleTitle')} description={baseText(module.title)} maxLength={200} lang={htmlLang(code)}
                value={draft.title} onChange={(e) => change({ ...draft, title: e.currentTarget.value })} data-testid="module-translation-title" />
              <Textarea label={t('products.translations.description')} description={baseText(module.description)} maxLength={5000} autosize minRows={2} lang={htmlLang(code)}
                value={draft.description} onChange={(e) => change({ ...draft, description: e.currentTarget.value })} data-testid="module-translation-description" />
            </>
          )}
        />
        <FormError error={save.error} />
        <Group justify="flex-end">
          <Button type="submit" size="xs" variant="light" loading={save.isPending} data-testid="module-translations-save">{t('products.translations.save')}</Button>
        </Group>
      </Stack>
    </form>
  )
}

/** A lesson's languages, edited beside the lesson and saved with it. `baseTitle`, `baseHtml`: the lesson's texts as edited. */
export function LessonTranslations({ drafts, onChange, baseTitle, baseHtml }: {
  drafts: Drafts<LessonTranslationDraft>; onChange: (drafts: Drafts<LessonTranslationDraft>) => void; baseTitle: string; baseHtml: string
}) {
  const { t } = useTranslation()
  const baseText = useBase()
  return (
    <LanguageSet
      drafts={drafts} onChange={onChange} empty={() => ({ title: '', html: '' })} testId="lesson-translations"
      missing={(draft) => lessonMissing(draft, baseHtml)}
      editor={(code, draft, change) => (
        <>
          <TextInput label={t('products.content.lessonTitle')} description={baseText(baseTitle)} maxLength={200} lang={htmlLang(code)}
            value={draft.title} onChange={(e) => change({ ...draft, title: e.currentTarget.value })} data-testid="lesson-translation-title" />
          {baseHtml.trim() !== '' && (
            <RichTextEditor label={t('products.content.text')} value={draft.html} minHeight={80} onChange={(html) => change({ ...draft, html })} data-testid="lesson-translation-text" />
          )}
        </>
      )}
    />
  )
}
