import { ActionIcon, Button, Card, Group, SegmentedControl, Select, Stack, Switch, Text, TextInput } from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { localeCodes, type LocaleCode } from '../../../../../shared/i18n/locales'
import {
  checkoutQuestionTypes, maxQuestionOptions, maxQuestions, optionGroups, questionTypesWithOptions, selectStyles, type CheckoutQuestionInput,
} from '../../../../../shared/schemas/checkout-settings'
import { LanguageCards } from '../../../../components/language-cards'
import { snakeToCamelKey } from '../../../../lib/api-client'
import type { ProductCheckout } from '../../api/product-checkout'

// Custom checkout questions (docs/reference/readings.md 9): checkbox, open question, service and select box; select boxes
// show as a drop-down or a list; options (of services and select boxes) form checkboxes or radios and may
// carry a group heading. Ids are made here once and kept, since orders' answers refer to them. Each question may
// give its label and options in other languages (docs/decisions/0095-product-translations.md): the options by
// position, kept in step with the options above as they are added and removed.

type QuestionType = (typeof checkoutQuestionTypes)[number]
export type QuestionDraft = {
  id: string
  type: QuestionType
  label: string
  required: boolean
  select_style: (typeof selectStyles)[number]
  option_group: (typeof optionGroups)[number]
  options: { id: string; label: string; group: string }[]
  /** The label and the options' labels (by position, as many as `options`) per language; empty: the base text. */
  translations: { [L in LocaleCode]?: QuestionTranslationDraft }
}
export type QuestionTranslationDraft = { label: string; options: string[] }

const newId = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`

export function questionDrafts(questions: ProductCheckout['questions']): QuestionDraft[] {
  return questions.map((q) => ({
    id: q.id, type: q.type, label: q.label, required: q.required, select_style: q.selectStyle ?? 'drop_down', option_group: q.optionGroup ?? 'radios',
    options: q.options.map((o) => ({ id: o.id, label: o.label, group: o.group ?? '' })),
    translations: translationDraftsOf(q.translations, q.options.length),
  }))
}

/** The answer's translations (camelCased locale keys: `ptBr`) as drafts, one option text per option. */
function translationDraftsOf(stored: ProductCheckout['questions'][number]['translations'], optionCount: number): QuestionDraft['translations'] {
  const drafts: QuestionDraft['translations'] = {}
  for (const code of localeCodes) {
    const entry = (stored as Record<string, { label: string | null; options: (string | null)[] } | undefined> | undefined)?.[snakeToCamelKey(code)]
    if (entry) drafts[code] = { label: entry.label ?? '', options: Array.from({ length: optionCount }, (_, i) => entry.options[i] ?? '') }
  }
  return drafts
}

/** Each language's option texts padded to `count` options, a new one empty (the texts go by position). */
const withOption = (translations: QuestionDraft['translations'], count: number): QuestionDraft['translations'] =>
  Object.fromEntries(Object.entries(translations).map(([code, tr]) => [code, { ...tr, options: [...Array.from({ length: count }, (_, i) => tr.options[i] ?? ''), ''] }]))

/** Each language's option texts with the option at `index` removed (the texts go by position). */
const withoutOption = (translations: QuestionDraft['translations'], index: number): QuestionDraft['translations'] =>
  Object.fromEntries(Object.entries(translations).map(([code, tr]) => [code, { ...tr, options: tr.options.filter((_, i) => i !== index) }]))

/** The drafts as the API takes them: options only where the type has them, empty groups left out. */
export function questionsInput(drafts: readonly QuestionDraft[]): CheckoutQuestionInput[] {
  return drafts.map((q) => {
    const withOptions = questionTypesWithOptions.includes(q.type)
    return {
      id: q.id, type: q.type, label: q.label, required: q.required,
      ...(q.type === 'select_box' ? { select_style: q.select_style } : {}),
      ...(withOptions ? { option_group: q.option_group } : {}),
      options: withOptions ? q.options.map((o) => ({ id: o.id, label: o.label, ...(o.group.trim() ? { group: o.group } : {}) })) : [],
      translations: translationsInputOf(q, withOptions),
    }
  })
}

/** The whole set; the option texts exactly as many as the options sent (the server refuses another count). */
function translationsInputOf(q: QuestionDraft, withOptions: boolean): NonNullable<CheckoutQuestionInput['translations']> {
  const out: NonNullable<CheckoutQuestionInput['translations']> = {}
  for (const code of localeCodes) {
    const tr = q.translations[code]
    if (tr) out[code] = { label: tr.label.trim() || null, ...(withOptions ? { options: q.options.map((_, i) => tr.options[i]?.trim() || null) } : {}) }
  }
  return out
}

/** A question's "Languages": its label and options in other languages, the base text under each field. */
function QuestionTranslations({ question, onChange }: { question: QuestionDraft; onChange: (translations: QuestionDraft['translations']) => void }) {
  const { t } = useTranslation()
  const withOptions = questionTypesWithOptions.includes(question.type)
  const options = withOptions ? question.options : []
  return (
    <Stack gap={4} pl="md">
      <Text size="xs" c="dimmed">{t('productCheckout.questions.translationsHint')}</Text>
      <LanguageCards
        drafts={question.translations} onChange={onChange} testId={`question-${question.id}`}
        empty={() => ({ label: '', options: question.options.map(() => '') })}
        complete={(draft) => (!question.label.trim() || draft.label.trim() !== '') && options.every((o, i) => !o.label.trim() || (draft.options[i] ?? '').trim() !== '')}
        fields={(code, draft, set) => (
          <>
            <TextInput size="xs" label={t('productCheckout.questions.label')} maxLength={500} value={draft.label} onChange={(e) => set({ ...draft, label: e.currentTarget.value })}
              description={question.label.trim() ? t('products.translations.base', { text: question.label.trim() }) : undefined} data-testid={`question-translation-label-${code}`} />
            {options.map((option, i) => (
              <TextInput key={option.id} size="xs" label={`${t('productCheckout.questions.option')} ${i + 1}`} maxLength={200} value={draft.options[i] ?? ''}
                onChange={(e) => set({ ...draft, options: options.map((_, j) => (j === i ? e.currentTarget.value : (draft.options[j] ?? ''))) })}
                description={option.label.trim() ? t('products.translations.base', { text: option.label.trim() }) : undefined} data-testid={`question-translation-option-${code}-${i}`} />
            ))}
          </>
        )}
      />
    </Stack>
  )
}

export function QuestionsEditor({ value, onChange }: { value: QuestionDraft[]; onChange: (next: QuestionDraft[]) => void }) {
  const { t } = useTranslation()
  const update = (index: number, next: Partial<QuestionDraft>) => onChange(value.map((q, i) => (i === index ? { ...q, ...next } : q)))
  return (
    <Stack gap="sm" data-testid="questions-editor">
      {value.length === 0 && <Text size="sm" c="dimmed">{t('productCheckout.questions.none')}</Text>}
      {value.map((question, index) => {
        const withOptions = questionTypesWithOptions.includes(question.type)
        const setOption = (o: number, next: Partial<QuestionDraft['options'][number]>) =>
          update(index, { options: question.options.map((option, i) => (i === o ? { ...option, ...next } : option)) })
        return (
          <Card key={question.id} withBorder padding="sm" data-testid="question">
            <Stack gap="xs">
              <Group align="flex-end" wrap="wrap">
                <Select
                  label={t('productCheckout.questions.type')} w={190} allowDeselect={false} value={question.type}
                  data={checkoutQuestionTypes.map((type) => ({ value: type, label: t(`productCheckout.questionTypes.${type}`) }))}
                  onChange={(type) => type && update(index, {
                    type: type as QuestionType,
                    options: questionTypesWithOptions.includes(type as QuestionType) && question.options.length === 0 ? [{ id: newId('o'), label: '', group: '' }] : question.options,
                  })}
                />
                <TextInput label={t('productCheckout.questions.label')} style={{ flex: 1, minWidth: 200 }} maxLength={500} value={question.label}
                  onChange={(e) => update(index, { label: e.currentTarget.value })} data-testid="question-label" />
                <Switch label={t('productCheckout.questions.required')} checked={question.required} onChange={(e) => update(index, { required: e.currentTarget.checked })} mb={8} />
                <ActionIcon variant="subtle" color="red" mb={4} aria-label={t('productCheckout.questions.remove')} onClick={() => onChange(value.filter((_, i) => i !== index))}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              {withOptions && (
                <Stack gap={6} pl="md">
                  <Group gap="md">
                    {question.type === 'select_box' && (
                      <SegmentedControl size="xs" value={question.select_style} onChange={(v) => update(index, { select_style: v as QuestionDraft['select_style'] })}
                        data={selectStyles.map((s) => ({ value: s, label: t(`productCheckout.selectStyles.${s}`) }))} />
                    )}
                    <SegmentedControl size="xs" value={question.option_group} onChange={(v) => update(index, { option_group: v as QuestionDraft['option_group'] })}
                      data={optionGroups.map((g) => ({ value: g, label: t(`productCheckout.optionGroups.${g}`) }))} />
                  </Group>
                  {question.options.map((option, o) => (
                    <Group key={option.id} gap="xs" wrap="nowrap">
                      <TextInput size="xs" style={{ flex: 2 }} placeholder={t('productCheckout.questions.option')} maxLength={200} value={option.label}
                        onChange={(e) => setOption(o, { label: e.currentTarget.value })} aria-label={t('productCheckout.questions.option')} />
                      <TextInput size="xs" style={{ flex: 1 }} placeholder={t('productCheckout.questions.group')} maxLength={100} value={option.group}
                        onChange={(e) => setOption(o, { group: e.currentTarget.value })} aria-label={t('productCheckout.questions.group')} />
                      <ActionIcon size="sm" variant="subtle" color="red" aria-label={t('productCheckout.questions.removeOption')}
                        onClick={() => update(index, { options: question.options.filter((_, i) => i !== o), translations: withoutOption(question.translations, o) })}><IconTrash size={14} /></ActionIcon>
                    </Group>
                  ))}
                  {question.options.length < maxQuestionOptions && (
                    <Button size="xs" variant="subtle" w="fit-content" leftSection={<IconPlus size={14} />}
                      onClick={() => update(index, { options: [...question.options, { id: newId('o'), label: '', group: '' }], translations: withOption(question.translations, question.options.length) })}>
                      {t('productCheckout.questions.addOption')}
                    </Button>
                  )}
                </Stack>
              )}
              <QuestionTranslations question={question} onChange={(translations) => update(index, { translations })} />
            </Stack>
          </Card>
        )
      })}
      {value.length < maxQuestions && (
        <Button variant="light" w="fit-content" leftSection={<IconPlus size={16} />} data-testid="question-add"
          onClick={() => onChange([...value, { id: newId('q'), type: 'checkbox', label: '', required: false, select_style: 'drop_down', option_group: 'radios', options: [], translations: {} }])}>
          {t('productCheckout.questions.add')}
        </Button>
      )}
    </Stack>
  )
}
