import { Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { planNameMaxLength } from '../../../../shared/pricing/plan-input'
import { planTranslationFields, ticketLocationMaxLength, ticketNameMaxLength, ticketTranslationFields } from '../../../../shared/schemas/catalog'
import { TextLanguageCards, type TextDrafts } from '../../../components/text-language-cards'

// The "Languages" part of a pricing plan (its name) and of a ticket type (its name and location), docs/decisions/
// 0095-product-translations.md: a payer reading the shop in one of these languages sees these texts, a ticket prints
// them in its order's language; a text left empty shows as written in the base fields. Saved with the plan or the
// ticket type, as the whole set.

export type PlanNameDrafts = TextDrafts<(typeof planTranslationFields)[number]>
export type TicketTextDrafts = TextDrafts<(typeof ticketTranslationFields)[number]>

export function PlanNameTranslations({ drafts, onChange, base }: { drafts: PlanNameDrafts; onChange: (drafts: PlanNameDrafts) => void; base: { name: string } }) {
  const { t } = useTranslation()
  return (
    <Stack gap={4}>
      <TextLanguageCards drafts={drafts} onChange={onChange} testId="plan"
        fields={[{ name: 'name', label: t('products.translations.name'), maxLength: planNameMaxLength, base: base.name }]} />
      <Text size="xs" c="dimmed">{t('products.plans.translationsHint')}</Text>
    </Stack>
  )
}

export function TicketTextTranslations({ drafts, onChange, base }: {
  drafts: TicketTextDrafts; onChange: (drafts: TicketTextDrafts) => void; base: { name: string; location: string }
}) {
  const { t } = useTranslation()
  return (
    <Stack gap={4}>
      <TextLanguageCards drafts={drafts} onChange={onChange} testId="ticket" fields={[
        { name: 'name', label: t('products.tickets.name'), maxLength: ticketNameMaxLength, base: base.name },
        { name: 'location', label: t('products.tickets.location'), maxLength: ticketLocationMaxLength, base: base.location },
      ]} />
      <Text size="xs" c="dimmed">{t('products.tickets.translationsHint')}</Text>
    </Stack>
  )
}
