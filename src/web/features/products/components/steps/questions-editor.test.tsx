import { MantineProvider } from '@mantine/core'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { checkoutQuestionInput } from '../../../../../shared/schemas/checkout-settings'
import { i18n } from '../../../../i18n'
import type { ProductCheckout } from '../../api/product-checkout'
import { QuestionsEditor, questionDrafts, questionsInput } from './questions-editor'

// A checkout question's "Languages" (docs/decisions/0095-product-translations.md): the label and the options by
// position, read from the camelCased answer and sent as the whole set with exactly as many option texts as options.

const stored = [
  {
    id: 'material', type: 'select_box', label: 'Which material?', required: true, selectStyle: 'list', optionGroup: 'radios',
    options: [{ id: 'clay', label: 'Clay', group: null }, { id: 'porcelain', label: 'Porcelain', group: null }],
    translations: { de: { label: 'Welches Material?', options: ['Ton', null] }, ptBr: { label: null, options: ['Argila', 'Porcelana'] } },
  },
  { id: 'note', type: 'open_question', label: 'Anything else?', required: false, selectStyle: null, optionGroup: null, options: [], translations: {} },
] as unknown as ProductCheckout['questions']

describe('the checkout questions\' languages', () => {
  test('drafts from the answer and back: locale codes restored, empty texts null, option texts as many as options', () => {
    const drafts = questionDrafts(stored)
    expect(drafts[0]!.translations).toEqual({ de: { label: 'Welches Material?', options: ['Ton', ''] }, pt_br: { label: '', options: ['Argila', 'Porcelana'] } })
    const input = questionsInput(drafts)
    expect(input[0]!.translations).toEqual({ de: { label: 'Welches Material?', options: ['Ton', null] }, pt_br: { label: null, options: ['Argila', 'Porcelana'] } })
    expect(input[1]!.translations).toEqual({})
    for (const q of input) expect(checkoutQuestionInput.safeParse(q).success).toBe(true)
    // an option added after the texts were written: one more (empty) text, still valid
    const more = questionsInput([{ ...drafts[0]!, options: [...drafts[0]!.options, { id: 'glass', label: 'Glass', group: '' }] }])
    expect(more[0]!.translations!.de!.options).toEqual(['Ton', null, null])
    expect(checkoutQuestionInput.safeParse(more[0]).success).toBe(true)
    // a question that no longer has options sends no option texts
    const checkbox = questionsInput([{ ...drafts[0]!, type: 'checkbox' }])
    expect(checkbox[0]!.translations!.de).toEqual({ label: 'Welches Material?' })
    expect(checkoutQuestionInput.safeParse(checkbox[0]).success).toBe(true)
  })

  test('each question lists its languages, complete or partial, with the base texts under the fields', async () => {
    await i18n.changeLanguage('en')
    const html = renderToStaticMarkup(<MantineProvider><QuestionsEditor value={questionDrafts(stored)} onChange={() => undefined} /></MantineProvider>)
    expect(html).toMatch(/data-testid="question-material-translation-de" data-state="partial"/)
    expect(html).toMatch(/data-testid="question-material-translation-pt_br" data-state="partial"/)
    expect(html).toContain('data-testid="question-note-translations"')
    expect(html).toContain('Original: Porcelain')
    expect(html).toContain('value="Ton"')
  })
})
