import { Anchor, Button, Group, List, Select, Stack, Text } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { FormError } from '../../../../components/form-error'
import { activateProductPage, createProductPage, deactivateProductPage, productPagesKey, productPagesQuery, type ProductPageType } from '../../api/product-pages'
import { AffiliateProgramSection } from './affiliate-program-section'
import { DeliveryEmailSection } from './delivery-email-section'
import type { StepProps } from './step-types'
import { TrackingCodesSection } from './tracking-codes-section'
import { MarketUpsellSections } from './upsell-sections'
import { WebhookEndpointsSection } from './webhook-endpoints-section'

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
      <TrackingCodesSection product={product} />
      <WebhookEndpointsSection product={product} />
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

/**
 * One of the product's built pages (docs/reference/readings.md 29): the published pages of this type for this
 * product, the one in use chosen; choosing another puts it in use; "Create and edit" opens the editor.
 */
function ProductPageChoice({ productId, productName, pageType }: { productId: number; productName: string; pageType: ProductPageType }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const pages = useQuery(productPagesQuery(productId, pageType))
  const published = (pages.data?.list ?? []).filter((p) => p.publishedVersion !== null)
  const active = published.find((p) => p.active) ?? null
  const refresh = () => void queryClient.invalidateQueries({ queryKey: productPagesKey(productId) })
  // The default layout is a choice too: it stops using the active page.
  const use = useMutation({ mutationFn: (id: number | null) => (id === null ? deactivateProductPage(active!.id) : activateProductPage(id)), onSuccess: refresh })
  const create = useMutation({
    mutationFn: () => createProductPage(productId, pageType, t('pageBuilder.wizard.newName', { product: productName, type: t(`pageBuilder.types.${pageType}`) }).slice(0, 120)),
    onSuccess: (page) => void navigate({ to: `/cabinet/pages/${page.id}/edit` }),
  })
  const label = t(`pageBuilder.wizard.${pageLabels[pageType]}`)
  return (
    <Stack gap={4} data-testid={`product-pages-${pageType}`}>
      <Group align="flex-end" gap="xs">
        <Select w={320} label={label} placeholder={t('pageBuilder.wizard.defaultLayout')} allowDeselect={false} disabled={use.isPending}
          data={[{ value: defaultLayout, label: t('pageBuilder.wizard.defaultLayout') }, ...published.map((p) => ({ value: String(p.id), label: p.name }))]}
          value={active ? String(active.id) : defaultLayout}
          onChange={(v) => {
            if (v === defaultLayout) { if (active) use.mutate(null) } else if (v && Number(v) !== active?.id) use.mutate(Number(v))
          }} data-testid={`product-page-select-${pageType}`} />
        {active && <Button variant="default" component={Link} to={`/cabinet/pages/${active.id}/edit`}>{t('pageBuilder.wizard.edit')}</Button>}
        <Button variant="light" loading={create.isPending} onClick={() => create.mutate()} data-testid={`product-page-create-${pageType}`}>{t('pageBuilder.wizard.createAndEdit')}</Button>
      </Group>
      <FormError error={use.error ?? create.error} />
    </Stack>
  )
}

const defaultLayout = 'default'
const pageLabels = { product: 'productPage', thank_you_page: 'thankYouPage', course: 'coursePage', membership: 'membershipPage' } as const satisfies Record<ProductPageType, string>

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
      <Text size="sm" c="dimmed">{t('pageBuilder.wizard.text')}</Text>
      <ProductPageChoice productId={product.id} productName={product.name} pageType="product" />
      <ProductPageChoice productId={product.id} productName={product.name} pageType="thank_you_page" />
      {/* What the payer sees after buying: the course player's overview, the membership's member area (docs/decisions/0069-member-pages.md). */}
      {(product.form === 'course' || product.form === 'membership') && <ProductPageChoice productId={product.id} productName={product.name} pageType={product.form} />}
    </Stack>
  )
}
