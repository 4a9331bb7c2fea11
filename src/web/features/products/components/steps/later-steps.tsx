import { Anchor, List, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { AffiliateProgramSection } from './affiliate-program-section'
import { DeliveryEmailSection } from './delivery-email-section'
import type { StepProps } from './step-types'
import { MarketUpsellSections } from './upsell-sections'

// The market/upsell, delivery and pages steps (docs/reference/readings.md 29): each shows what belongs to the product
// record itself; no step announces what does not exist yet (docs/decisions/0041-first-ten-minutes.md).

export function MarketUpsellStep({ product }: StepProps) {
  const { t } = useTranslation()
  return (
    <Stack gap="md">
      <Text>{t('products.later.marketUpsell.text')}</Text>
      <Text size="sm" c="dimmed">{t('products.later.marketUpsell.record', { count: product.addons.filter((a) => a.kind === 'bump').length })}</Text>
      <MarketUpsellSections product={product} />
      <AffiliateProgramSection product={product} />
    </Stack>
  )
}

export function DeliveryStep({ product }: StepProps) {
  const { t } = useTranslation()
  return (
    <Stack gap="md">
      <Text>{t('products.later.delivery.text')}</Text>
      <Text size="sm" c="dimmed">{t(`products.later.delivery.${product.form}`)}</Text>
      <DeliveryEmailSection productId={product.id} />
    </Stack>
  )
}

export function PagesStep({ product }: StepProps) {
  const { t } = useTranslation()
  const url = `/s/${product.sellerUsername}/${product.slug}`
  return (
    <Stack gap="md">
      <Text>{t('products.later.pages.text')}</Text>
      <List size="sm" spacing={4}>
        <List.Item>{t('products.later.pages.url')}: <Anchor href={url} target="_blank" rel="noreferrer">{url}</Anchor></List.Item>
        <List.Item data-testid="pages-visibility">
          {product.isPrivate ? t('products.later.pages.private') : t('products.later.pages.listed')}
        </List.Item>
      </List>
    </Stack>
  )
}
