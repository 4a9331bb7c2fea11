import { Card, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { PlanEditor, PlanSummary } from '../plan-editor'
import { DiscountSection } from './discount-section'
import { ProductCheckoutSection } from './product-checkout-section'
import type { StepProps } from './step-types'

// Step "checkout": the pricing plans a payer chooses from (several plans and currencies per product)
// and the product's discount, then the product's checkout (settings, methods, questions, terms, success page).
// Event tickets keep their plans on their ticket types, so here they are only listed.

export function CheckoutStep({ product, onSaved }: StepProps) {
  const { t } = useTranslation()
  const currency = product.displayCurrencyId ?? 'eur'
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} fz="lg">{t('products.plans.title')}</Title>
        <Text size="sm" c="dimmed">{product.free ? t('products.plans.freeHint') : t('products.plans.hint')}</Text>
      </Stack>
      {product.form === 'eventTickets' ? (
        <Stack gap="sm">
          <Text size="sm">{t('products.plans.ticketsHint')}</Text>
          {product.tickets.map((ticket) => (
            <Card key={ticket.id} withBorder padding="sm">
              <Text fw={600} size="sm">{ticket.name}</Text>
              {ticket.pricingPlans.length === 0 ? <Text size="sm" c="dimmed">{t('products.plans.none')}</Text>
                : ticket.pricingPlans.map((plan) => <PlanSummary key={plan.id} plan={plan} />)}
            </Card>
          ))}
        </Stack>
      ) : (
        <PlanEditor productId={product.id} plans={product.pricingPlans} defaultCurrency={currency} onChanged={onSaved} />
      )}
      {!product.free && <DiscountSection product={product} onSaved={onSaved} />}
      <ProductCheckoutSection product={product} />
    </Stack>
  )
}
