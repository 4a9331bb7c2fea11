import { Badge, Button, Group, SegmentedControl, SimpleGrid, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { currencyIds, formatMoney } from '../../../../../shared/money'
import { discountInCurrency, priceWithDiscount, type DiscountValueForm } from '../../../../../shared/pricing'
import { discountInput, type DiscountInput } from '../../../../../shared/schemas/discounts'
import { FormError } from '../../../../components/form-error'
import { useConfirm } from '../../../../components/confirm-modal'
import { SelectField } from '../../../../components/select-field'
import { textInputProps, useZodForm } from '../../../../lib/forms'
import { deleteDiscount, saveDiscount } from '../../api/save-discount'
import type { Product } from '../../api/types'
import { countOf, currencyOf, minorToText, moneyToMinor } from '../money'

// The product's discount (docs/reference/catalogue-and-selling.md §3 "Discount: active, limit, value, valueForm, ordersCount";
// docs/decisions/0014-discounts-per-product.md): a whole percent 1..100 or an amount in one currency, an optional limit of
// orders, the orders that used it so far, and the prices it gives, computed live with the shared
// priceWithDiscount.

type Values = { active: boolean; value_form: DiscountValueForm; value: string; currency_id: string; limit: string }

function valuesOf(product: Product): Values {
  const d = product.discount
  const currency = d?.currencyId ?? product.displayCurrencyId ?? product.pricingPlans[0]?.currencyId ?? 'eur'
  return {
    // a discount the seller has not written yet starts switched off: saving a value alone must not lower prices
    active: d?.active ?? false,
    value_form: d?.valueForm ?? 'percents',
    value: d ? (d.valueForm === 'percents' ? String(d.value) : minorToText(d.value, currency)) : '',
    currency_id: currency,
    limit: d?.limit === null || d?.limit === undefined ? '' : String(d.limit),
  }
}

function toInput(v: Values) {
  const percents = v.value_form === 'percents'
  const value = percents ? countOf(v.value) : moneyToMinor(v.value, v.currency_id)
  return {
    active: v.active,
    value_form: v.value_form,
    value: value ?? undefined,
    currency_id: percents ? null : v.currency_id,
    limit: countOf(v.limit),
  }
}

export function DiscountSection({ product, onSaved }: { product: Product; onSaved: (product?: Product) => void }) {
  const { t, i18n } = useTranslation()
  const form = useZodForm(discountInput, valuesOf(product), i18n.language, { toInput })
  const [saved, setSaved] = useState(false)
  const save = useMutation({
    mutationFn: (input: DiscountInput) => saveDiscount(product.id, input),
    onMutate: () => setSaved(false),
    onSuccess: () => {
      setSaved(true)
      onSaved()
    },
    onError: (e) => form.fail(e),
  })
  const remove = useMutation({
    mutationFn: () => deleteDiscount(product.id),
    onSuccess: () => {
      form.reset({ ...valuesOf({ ...product, discount: null }) })
      onSaved()
    },
  })
  const { confirm, modal } = useConfirm()
  const v = form.values
  const input = toInput(v)
  const valid = input.value !== undefined && Number.isSafeInteger(input.value) && input.value > 0
  const discount = valid ? {
    active: v.active, limit: input.limit === null || Number.isNaN(input.limit) ? null : input.limit, valueForm: v.value_form,
    value: v.value_form === 'percents' ? Math.min(100, input.value!) * 100 : input.value!, ordersCount: product.discount?.ordersCount ?? 0,
    currencyId: input.currency_id,
  } : null
  const prices = [
    ...(product.displayPrice !== null ? [{ key: 'display', label: t('products.discount.displayPrice'), amount: product.displayPrice, currency: product.displayCurrencyId }] : []),
    ...[...product.pricingPlans, ...product.tickets.flatMap((ticket) => ticket.pricingPlans)].map((plan) => ({
      key: `plan-${plan.id}`, label: plan.name ?? t(`products.plans.forms.${plan.form}`), amount: plan.checkoutAmount, currency: plan.currencyId,
    })),
  ]
  return (
    <Stack gap="sm" data-testid="discount-section">
      {modal}
      <Group justify="space-between">
        <Title order={3} fz="lg">{t('products.discount.title')}</Title>
        {product.discount && (
          <Badge color={product.discount.applies ? 'green' : 'gray'} variant="light" data-testid="discount-state">
            {product.discount.applies ? t('products.discount.applies') : t('products.discount.notApplying')}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">{t('products.discount.hint')}</Text>
      <form onSubmit={(event) => {
        event.preventDefault()
        const data = form.validate()
        if (data) save.mutate(data)
      }} noValidate>
        <Stack gap="sm">
          <Switch label={t('products.discount.active')} checked={v.active} onChange={(e) => form.setValue('active', e.currentTarget.checked)} data-testid="discount-active" />
          <SegmentedControl
            w="fit-content"
            value={v.value_form}
            onChange={(value) => form.setValue('value_form', value as DiscountValueForm)}
            data={[{ value: 'percents', label: t('products.discount.percents') }, { value: 'currency', label: t('products.discount.currency') }]}
            data-testid="discount-form"
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={v.value_form === 'percents' ? t('products.discount.percentValue') : t('products.discount.amountValue')}
              required inputMode="decimal" {...textInputProps(form.field('value'))} data-testid="discount-value"
            />
            {v.value_form === 'currency' && (
              <SelectField
                label={t('products.plans.currency')} required
                data={currencyIds.map((id) => ({ value: id, label: id.toUpperCase() }))}
                value={v.currency_id} onChange={(value) => value && form.setValue('currency_id', value)} error={form.errors.currency_id}
              />
            )}
            <TextInput label={t('products.discount.limit')} description={t('products.discount.limitHelp')} inputMode="numeric" {...textInputProps(form.field('limit'))} data-testid="discount-limit" />
          </SimpleGrid>
          <Text size="sm" data-testid="discount-orders">{t('products.discount.ordersCount', { count: product.discount?.ordersCount ?? 0 })}</Text>
          {prices.length > 0 && (
            <Table withTableBorder verticalSpacing={4} data-testid="discount-prices">
              <Table.Thead>
                <Table.Tr><Table.Th>{t('products.discount.price')}</Table.Th><Table.Th>{t('products.discount.before')}</Table.Th><Table.Th>{t('products.discount.after')}</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {prices.map((p) => {
                  const currency = currencyOf(p.currency)
                  const after = priceWithDiscount(p.amount, discountInCurrency(discount, currency))
                  return (
                    <Table.Tr key={p.key}>
                      <Table.Td>{p.label}</Table.Td>
                      <Table.Td>{formatMoney({ amount: p.amount, currency })}</Table.Td>
                      <Table.Td fw={after < p.amount ? 600 : undefined} data-testid="discount-after">{formatMoney({ amount: after, currency })}</Table.Td>
                    </Table.Tr>
                  )
                })}
              </Table.Tbody>
            </Table>
          )}
          <FormError error={form.formError ?? remove.error} />
          <Group justify="flex-end">
            {saved && <Text size="sm" c="green">{t('products.wizard.saved')}</Text>}
            {product.discount && <Button variant="default" color="red" loading={remove.isPending} onClick={() => confirm({ name: t('products.discount.title'), onConfirm: () => remove.mutate() })} data-testid="discount-remove">{t('products.discount.remove')}</Button>}
            <Button type="submit" loading={save.isPending} data-testid="discount-save">{t('products.discount.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  )
}
