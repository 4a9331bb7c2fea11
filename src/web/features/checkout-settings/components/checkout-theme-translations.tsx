import { Text, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { localeCodes, type LocaleCode } from '../../../../shared/i18n/locales'
import { checkoutThemeTextFields, type CheckoutThemeTextField, type CheckoutThemeTranslationsInput } from '../../../../shared/schemas/checkout-settings'
import { LanguageCards } from '../../../components/language-cards'
import { snakeToCamelKey } from '../../../lib/api-client'
import type { CheckoutSettings } from '../api/types'

// The checkout theme's "Languages" (docs/decisions/0095-product-translations.md): the buy button's, the free
// product's button's and the countdown's texts in other languages. A payer who reads the checkout in one of them
// sees these; a text left empty shows the theme's text (or the platform's wording when the theme has none).
// Saved with the settings, as the whole set.

export type ThemeTranslationDraft = Record<CheckoutThemeTextField, string>
export type ThemeTranslationDrafts = { [L in LocaleCode]?: ThemeTranslationDraft }

const emptyDraft = (): ThemeTranslationDraft => ({ buy_button_text: '', get_for_free_text: '', countdown_text: '' })
const maxLength: Record<CheckoutThemeTextField, number> = { buy_button_text: 60, get_for_free_text: 60, countdown_text: 200 }

/** The answer's translations (camelCased keys: `ptBr`, `buyButtonText`) as drafts. */
export function themeDraftsOf(stored: CheckoutSettings['translations']): ThemeTranslationDrafts {
  const drafts: ThemeTranslationDrafts = {}
  for (const code of localeCodes) {
    const entry = (stored as Record<string, Record<string, string | null> | undefined> | undefined)?.[snakeToCamelKey(code)]
    if (entry) drafts[code] = Object.fromEntries(checkoutThemeTextFields.map((field) => [field, entry[snakeToCamelKey(field)] ?? ''])) as ThemeTranslationDraft
  }
  return drafts
}

/** The drafts as the request's `translations` (the whole set; empty texts are not stored). */
export function themeTranslationsInputOf(drafts: ThemeTranslationDrafts): CheckoutThemeTranslationsInput {
  const out: CheckoutThemeTranslationsInput = {}
  for (const code of localeCodes) {
    const draft = drafts[code]
    if (draft) out[code] = Object.fromEntries(checkoutThemeTextFields.map((field) => [field, draft[field].trim() || null]))
  }
  return out
}

export function CheckoutThemeTranslations({ drafts, onChange, base }: {
  drafts: ThemeTranslationDrafts; onChange: (drafts: ThemeTranslationDrafts) => void
  /** The theme's texts as typed above (empty: the platform's wording). */
  base: ThemeTranslationDraft
}) {
  const { t } = useTranslation()
  return (
    <>
      <Text size="xs" c="dimmed">{t('checkoutSettings.translationsHint')}</Text>
      <LanguageCards
        drafts={drafts} onChange={onChange} testId="theme" empty={emptyDraft}
        // Complete: every text the theme has is given (a text the theme leaves to the platform needs none).
        complete={(draft) => checkoutThemeTextFields.every((field) => !base[field].trim() || draft[field].trim() !== '')}
        fields={(code, draft, set) => checkoutThemeTextFields.map((field) => (
          <TextInput key={field} label={t(`checkoutSettings.theme.${field}`)} value={draft[field]} maxLength={maxLength[field]}
            onChange={(e) => set({ ...draft, [field]: e.currentTarget.value })}
            description={base[field].trim() ? t('products.translations.base', { text: base[field].trim() }) : undefined}
            data-testid={`theme-translation-${field}-${code}`} />
        ))}
      />
    </>
  )
}
