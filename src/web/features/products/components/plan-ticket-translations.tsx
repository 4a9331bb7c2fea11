import { Stack, Text, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { planNameMaxLength } from '../../../../shared/pricing/plan-input'
import { planTranslationFields, ticketLocationMaxLength, ticketNameMaxLength, ticketTranslationFields } from '../../../../shared/schemas/catalog'
import { LanguageCards } from '../../../components/language-cards'
import { emptyTextDraft, textDraftComplete, type TextDrafts } from './text-translation-drafts'

// The "Languages" part of a pricing plan (its name) and of a ticket type (its name and location), docs/decisions/
// 0095-product-translations.md: a payer reading the shop in one of these languages sees these texts, a ticket prints
// them in its order's language; a text left empty shows as written in the base fields. Saved with the plan or the
// ticket type, as the whole set.

export type PlanNameDrafts = TextDrafts<(typeof planTranslationFields)[number]>
export type TicketTextDrafts = TextDrafts<(typeof ticketTranslationFields)[number]>

function useBase() {
  const { t } = useTranslation()
  return (text: string | null | undefined) => (text?.trim() ? t('products.translations.base', { text }) : undefined)
}

export function PlanNameTranslations({ drafts, onChange, base }: { drafts: PlanNameDrafts; onChange: (drafts: PlanNameDrafts) => void; base: { name: string } }) {
  const { t } = useTranslation()
  const baseText = useBase()
  return (
    <Stack gap={4}>
      <LanguageCards
        drafts={drafts} onChange={onChange} testId="plan" empty={() => emptyTextDraft(planTranslationFields)}
        complete={(draft) => textDraftComplete(draft, base, planTranslationFields)}
        fields={(code, draft, set) => (
          <TextInput label={t('products.translations.name')} value={draft.name} maxLength={planNameMaxLength} description={baseText(base.name)}
            onChange={(e) => set({ ...draft, name: e.currentTarget.value })} data-testid={`plan-translation-name-${code}`} />
        )}
      />
      <Text size="xs" c="dimmed">{t('products.plans.translationsHint')}</Text>
    </Stack>
  )
}

export function TicketTextTranslations({ drafts, onChange, base }: {
  drafts: TicketTextDrafts; onChange: (drafts: TicketTextDrafts) => void; base: { name: string; location: string }
}) {
  const { t } = useTranslation()
  const baseText = useBase()
  return (
    <Stack gap={4}>
      <LanguageCards
        drafts={drafts} onChange={onChange} testId="ticket" empty={() => emptyTextDraft(ticketTranslationFields)}
        complete={(draft) => textDraftComplete(draft, base, ticketTranslationFields)}
        fields={(code, draft, set) => (
          <>
            <TextInput label={t('products.tickets.name')} value={draft.name} maxLength={ticketNameMaxLength} description={baseText(base.name)}
              onChange={(e) => set({ ...draft, name: e.currentTarget.value })} data-testid={`ticket-translation-name-${code}`} />
            <TextInput label={t('products.tickets.location')} value={draft.location} maxLength={ticketLocationMaxLength} description={baseText(base.location)}
              onChange={(e) => set({ ...draft, location: e.currentTarget.value })} data-testid={`ticket-translation-location-${code}`} />
          </>
        )}
      />
      <Text size="xs" c="dimmed">{t('products.tickets.translationsHint')}</Text>
    </Stack>
  )
}
