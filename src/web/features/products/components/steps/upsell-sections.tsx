import { ActionIcon, Alert, Anchor, Button, Card, Group, List, MultiSelect, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney } from '../../../../../shared/money'
import {
  bumpBorderAnimations, bumpLayouts, bumpPlacements, bumpPositions, bumpPriceAnimations, maxUpsells, upsellKinds,
} from '../../../../../shared/schemas/checkout-settings'
import { FormError } from '../../../../components/form-error'
import { withHelp } from '../../../../components/info-popover'
import { initialListState } from '../../../../components/list-state'
import { LoadingMask } from '../../../../components/loading-mask'
import { productListQuery } from '../../api/list-products'
import { productCheckoutKey, productCheckoutQuery, type ProductCheckout } from '../../api/product-checkout'
import { replaceAddons } from '../../api/replace-addons'
import { saveProductCheckout } from '../../api/save-product-checkout'
import { productsKey, type Product } from '../../api/types'
import { currencyOf } from '../money'
import { problemLines } from './product-checkout-section'

// The market-upsell step's "Order bump presentation" (where and how the product's order bumps, its add-ons
// of kind bump, show on the checkout) and "One-click upsells" (up to 5 offers of the seller's published
// products after payment, charged with the saved method; docs/reference/readings.md 28). Each section saves on its own.

type Bump = { position: string; placement: string; layout: string; border_animation: string; price_animation: string; headline: string; text: string }
type UpsellDraft = { key: string; kind: (typeof upsellKinds)[number]; product_id: string | null; pricing_plan_id: string | null; headline: string }

const published = initialListState({ per: 500, sortKey: 'name', sortDir: 'asc', filters: { isPublished: 'true', isArchived: 'false' } })

function Problems({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation()
  const lines = problemLines(error, i18n.language)
  if (lines.length === 0) return <FormError error={error} />
  return (
    <Alert color="red" variant="light" title={t('productCheckout.problems')}>
      <List size="sm">{lines.map((line, i) => <List.Item key={i}>{line}</List.Item>)}</List>
    </Alert>
  )
}

function BumpSection({ product, checkout }: { product: Product; checkout: ProductCheckout }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const b = checkout.bump
  const [bump, setBump] = useState<Bump>({
    position: b.position, placement: b.placement, layout: b.layout, border_animation: b.borderAnimation, price_animation: b.priceAnimation,
    headline: b.headline ?? '', text: b.text ?? '',
  })
  const save = useMutation({
    mutationFn: () => saveProductCheckout(product.id, {
      bump: {
        position: bump.position as (typeof bumpPositions)[number], placement: bump.placement as (typeof bumpPlacements)[number],
        layout: bump.layout as (typeof bumpLayouts)[number], border_animation: bump.border_animation as (typeof bumpBorderAnimations)[number],
        price_animation: bump.price_animation as (typeof bumpPriceAnimations)[number], headline: bump.headline.trim() || null, text: bump.text.trim() || null,
      },
    }),
    onSuccess: (saved) => queryClient.setQueryData(productCheckoutKey(product.id), saved),
  })
  // The animations have a help popover (docs/reference/catalogue-and-selling.md §9).
  const helpOf: Partial<Record<keyof Bump, string>> = { border_animation: 'help.bumpBorderAnimation', price_animation: 'help.bumpPriceAnimation' }
  const choice = (key: keyof Bump, values: readonly string[], group: string) => {
    const label = t(`productCheckout.bump.${key}`)
    const help = helpOf[key]
    return (
      <Select label={label} {...(help ? withHelp(label, t(help), `help-bump-${key}`) : {})} allowDeselect={false} value={bump[key]}
        data={values.map((v) => ({ value: v, label: t(`productCheckout.${group}.${v}`) }))} onChange={(v) => v && setBump({ ...bump, [key]: v })} />
    )
  }
  const bumps = product.addons.filter((a) => a.kind === 'bump')
  const candidates = useQuery(productListQuery(published))
  const [bumpIds, setBumpIds] = useState<string[]>(bumps.map((a) => String(a.productId)))
  const saveBumps = useMutation({
    // The product's bundle add-ons stay as they are; only the order bumps are replaced.
    mutationFn: () => replaceAddons(product.id, [
      ...product.addons.filter((a) => a.kind === 'bundle').map((a) => ({ product_id: a.productId, kind: a.kind })),
      ...bumpIds.map((id) => ({ product_id: Number(id), kind: 'bump' as const })),
    ]),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsKey }),
  })
  return (
    <Stack gap="sm" data-testid="bump-section">
      <Title order={3} fz="lg">{t('productCheckout.bump.title')}</Title>
      <Group align="flex-end">
        <MultiSelect
          label={t('productCheckout.bump.products')} searchable w={420} value={bumpIds} onChange={setBumpIds} nothingFoundMessage={t('common.nothingFound')}
          data={(candidates.data?.list ?? []).filter((p) => p.id !== product.id).map((p) => ({ value: String(p.id), label: p.name }))} data-testid="bump-products"
        />
        <Button variant="default" onClick={() => saveBumps.mutate()} loading={saveBumps.isPending} data-testid="bump-products-save">{t('productCheckout.bump.saveProducts')}</Button>
      </Group>
      <FormError error={saveBumps.error} />
      <Text size="sm" c="dimmed">{bumps.length > 0 ? t('productCheckout.bump.offers', { names: bumps.map((a) => a.name).join(', ') }) : t('productCheckout.bump.noOffers')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {choice('position', bumpPositions, 'bumpPositions')}
        {choice('placement', bumpPlacements, 'bumpPlacements')}
        {choice('layout', bumpLayouts, 'bumpLayouts')}
        {choice('border_animation', bumpBorderAnimations, 'borderAnimations')}
        {choice('price_animation', bumpPriceAnimations, 'priceAnimations')}
      </SimpleGrid>
      <TextInput label={t('productCheckout.bump.headline')} maxLength={200} value={bump.headline} onChange={(e) => setBump({ ...bump, headline: e.currentTarget.value })} />
      <Textarea label={t('productCheckout.bump.text')} maxLength={2000} autosize minRows={2} value={bump.text} onChange={(e) => setBump({ ...bump, text: e.currentTarget.value })} />
      <Problems error={save.error} />
      <Group justify="flex-end">
        {save.isSuccess && <Text size="sm" c="green">{t('products.wizard.saved')}</Text>}
        <Button onClick={() => save.mutate()} loading={save.isPending} data-testid="bump-save">{t('productCheckout.bump.save')}</Button>
      </Group>
    </Stack>
  )
}

function UpsellsSection({ product, checkout }: { product: Product; checkout: ProductCheckout }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const products = useQuery(productListQuery(published))
  const [upsells, setUpsells] = useState<UpsellDraft[]>(() => checkout.upsells.map((u, i) => ({
    key: `u${i}`, kind: u.kind, product_id: String(u.productId), pricing_plan_id: String(u.pricingPlanId), headline: u.headline ?? '',
  })))
  const save = useMutation({
    mutationFn: () => saveProductCheckout(product.id, {
      upsells: upsells.map((u) => ({ kind: u.kind, product_id: Number(u.product_id), pricing_plan_id: Number(u.pricing_plan_id), headline: u.headline.trim() || null })),
    }),
    onSuccess: (saved) => queryClient.setQueryData(productCheckoutKey(product.id), saved),
  })
  const offers = (products.data?.list ?? []).filter((p) => p.id !== product.id)
  const plansOf = (id: string | null) => {
    const offer = offers.find((p) => String(p.id) === id)
    if (!offer) return []
    return [...offer.pricingPlans, ...offer.tickets.flatMap((ticket) => ticket.pricingPlans)].map((plan) => ({
      value: String(plan.id), label: `${plan.name ?? t(`products.plans.forms.${plan.form}`)} · ${formatMoney({ amount: plan.checkoutAmount, currency: currencyOf(plan.currencyId) })}`,
    }))
  }
  const update = (index: number, next: Partial<UpsellDraft>) => setUpsells(upsells.map((u, i) => (i === index ? { ...u, ...next } : u)))
  const complete = upsells.every((u) => u.product_id && u.pricing_plan_id)
  return (
    <Stack gap="sm" data-testid="upsells-section">
      <Title order={3} fz="lg">{t('productCheckout.upsells.title')}</Title>
      <Text size="sm" c="dimmed">{t('productCheckout.upsells.hint')}</Text>
      {/* The upsells are the product's funnel (docs/decisions/0066-funnels.md): branches, pages and figures are edited there. */}
      <Anchor component={Link} to="/cabinet/funnels" size="sm" data-testid="upsells-funnel-link">{t('productCheckout.upsells.funnelLink')}</Anchor>
      <LoadingMask visible={products.isPending}>
        <Stack gap="xs">
          {upsells.length === 0 && <Text size="sm" c="dimmed">{t('productCheckout.upsells.none')}</Text>}
          {upsells.map((u, index) => (
            <Card key={u.key} withBorder padding="sm" data-testid="upsell">
              <Group align="flex-end" wrap="wrap">
                <SegmentedControl size="xs" value={u.kind} onChange={(v) => update(index, { kind: v as UpsellDraft['kind'] })}
                  data={upsellKinds.map((k) => ({ value: k, label: t(`productCheckout.upsellKinds.${k}`) }))} mb={4} />
                <Select label={t('productCheckout.upsells.product')} searchable w={240} value={u.product_id} nothingFoundMessage={t('common.nothingFound')}
                  data={offers.map((p) => ({ value: String(p.id), label: p.name }))}
                  onChange={(v) => update(index, { product_id: v, pricing_plan_id: plansOf(v)[0]?.value ?? null })} />
                <Select label={t('productCheckout.upsells.plan')} w={240} value={u.pricing_plan_id} data={plansOf(u.product_id)} disabled={!u.product_id}
                  onChange={(v) => update(index, { pricing_plan_id: v })} />
                <TextInput label={t('productCheckout.upsells.headline')} style={{ flex: 1, minWidth: 180 }} maxLength={200} value={u.headline}
                  onChange={(e) => update(index, { headline: e.currentTarget.value })} />
                <ActionIcon variant="subtle" color="red" mb={4} aria-label={t('productCheckout.upsells.remove')} onClick={() => setUpsells(upsells.filter((_, i) => i !== index))}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Card>
          ))}
          {upsells.length < maxUpsells && (
            <Button variant="light" w="fit-content" leftSection={<IconPlus size={16} />} disabled={offers.length === 0} data-testid="upsell-add"
              onClick={() => setUpsells([...upsells, { key: `n${Date.now()}`, kind: 'upsell', product_id: null, pricing_plan_id: null, headline: '' }])}>
              {t('productCheckout.upsells.add')}
            </Button>
          )}
          {offers.length === 0 && !products.isPending && <Text size="xs" c="dimmed">{t('productCheckout.upsells.noProducts')}</Text>}
        </Stack>
      </LoadingMask>
      <Problems error={save.error} />
      <Group justify="flex-end">
        {save.isSuccess && <Text size="sm" c="green">{t('products.wizard.saved')}</Text>}
        <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!complete} data-testid="upsells-save">{t('productCheckout.upsells.save')}</Button>
      </Group>
    </Stack>
  )
}

export function MarketUpsellSections({ product }: { product: Product }) {
  const checkout = useQuery(productCheckoutQuery(product.id))
  return (
    <LoadingMask visible={checkout.isPending}>
      <FormError error={checkout.error} />
      {checkout.data && (
        <Stack gap="xl">
          <BumpSection product={product} checkout={checkout.data} />
          <UpsellsSection product={product} checkout={checkout.data} />
        </Stack>
      )}
    </LoadingMask>
  )
}
