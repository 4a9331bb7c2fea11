import { Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { parseMoneyInput, toMajorUnitsString } from '../../../../shared/money'
import { orderTypes, paymentForms, periodTypes, relativePeriods, relativeUnits, upsellTypes } from '../../../../shared/schemas/order-lists'
import type { ListFilters } from '../../../components/list-state'
import { productOptionsQuery } from '../../../lib/product-options'
import { categoryOptionsQuery, couponOptionsQuery } from '../api/orders'
import { dayBound } from '../../../lib/format'

// The filter fields of /cabinet/orders (inside the shared FilterPanel): every filter of the orders list that applies today (the payment
// state is the tabs above the list). Each change goes through `onFilter`, which resets the page to 1.

type Props = { filters: ListFilters; onFilter: (key: string, value: string | undefined) => void }

/** Amounts are typed in major units (12.50) and filtered in minor units. */
function minorUnits(text: string): string | undefined {
  if (text.trim() === '') return undefined
  const minor = parseMoneyInput(text, 'eur')
  return minor === null || minor < 0 ? undefined : String(minor)
}

export function OrderFilters({ filters, onFilter }: Props) {
  const { t } = useTranslation()
  const products = useQuery(productOptionsQuery())
  const categories = useQuery(categoryOptionsQuery())
  const coupons = useQuery(couponOptionsQuery())
  const select = (key: string, label: string, data: { value: string; label: string }[], testId: string) => (
    <Select
      label={label} placeholder={t('orderLists.any')} clearable searchable value={filters[key] ?? null} data={data}
      onChange={(v) => onFilter(key, v ?? undefined)} data-testid={testId} comboboxProps={{ withinPortal: true }}
    />
  )
  const text = (key: string, label: string, testId: string, transform: (v: string) => string | undefined = (v) => v.trim() || undefined) => (
    <TextInput label={label} defaultValue={filters[key] ?? ''} onBlur={(e) => onFilter(key, transform(e.currentTarget.value))} data-testid={testId}
      onKeyDown={(e) => { if (e.key === 'Enter') onFilter(key, transform(e.currentTarget.value)) }} />
  )
  const amount = (key: string, label: string) => (
    <TextInput label={label} inputMode="decimal" defaultValue={filters[key] ? toMajorUnitsString(Number(filters[key]), 'eur') : ''}
      onBlur={(e) => onFilter(key, minorUnits(e.currentTarget.value))} data-testid={`filter-${key}`} />
  )
  const date = (key: string, label: string, end: boolean) => (
    <TextInput type="date" label={label} defaultValue={filters[key]?.slice(0, 10) ?? ''} onChange={(e) => onFilter(key, dayBound(e.currentTarget.value, end))} data-testid={`filter-${key}`} />
  )
  const relative = (prefix: 'created' | 'success', label: string) => (
    <Stack gap={4}>
      <Text size="sm" fw={500}>{label}</Text>
      <Group gap="xs" wrap="nowrap">
        <Select
          aria-label={label} placeholder={t('orderLists.any')} clearable w={110} value={filters[`${prefix}_period`] ?? null}
          data={relativePeriods.map((p) => ({ value: p, label: t(`orderLists.periods.${p}`) }))} onChange={(v) => onFilter(`${prefix}_period`, v ?? undefined)}
          data-testid={`filter-${prefix}_period`}
        />
        <NumberInput
          aria-label={`${label}: ${t('orderLists.filters.count')}`} min={1} max={3660} w={70} allowDecimal={false} value={filters[`${prefix}_count`] ? Number(filters[`${prefix}_count`]) : 1}
          onChange={(v) => onFilter(`${prefix}_count`, typeof v === 'number' && v > 1 ? String(v) : undefined)}
        />
        <Select
          aria-label={`${label}: ${t('orderLists.units.day')}`} w={120} allowDeselect={false} value={filters[`${prefix}_unit`] ?? 'day'}
          data={relativeUnits.map((u) => ({ value: u, label: t(`orderLists.units.${u}`) }))} onChange={(v) => onFilter(`${prefix}_unit`, v && v !== 'day' ? v : undefined)}
        />
      </Group>
    </Stack>
  )

  return (
    <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          {select('product_id', t('orderLists.filters.product'), products.data ?? [], 'filter-product')}
          {select('product_group_id', t('orderLists.filters.productGroup'), categories.data ?? [], 'filter-product-group')}
          {select('payment_form', t('orderLists.filters.paymentForm'), paymentForms.map((f) => ({ value: f, label: t(`orderLists.paymentForms.${f}`) })), 'filter-payment-form')}
          {select('period_type', t('orderLists.filters.periodType'), periodTypes.map((p) => ({ value: p, label: t(`orderLists.periodTypes.${p}`) })), 'filter-period-type')}
          {select('order_type', t('orderLists.filters.orderType'), orderTypes.map((o) => ({ value: o, label: t(`orderLists.orderTypes.${o}`) })), 'filter-order-type')}
          {select('upsell_type', t('orderLists.filters.upsellType'), upsellTypes.map((u) => ({ value: u, label: t(`orderLists.upsellTypes.${u}`) })), 'filter-upsell-type')}
          {select('coupon_id', t('orderLists.filters.coupon'), coupons.data ?? [], 'filter-coupon')}
          {text('internal_name', t('orderLists.filters.internalName'), 'filter-internal-name')}
          {text('campaign', t('orderLists.filters.campaign'), 'filter-campaign')}
          {text('buyer_country_code', t('orderLists.filters.buyerCountry'), 'filter-buyer-country', (v) => (/^[A-Za-z]{2}$/.test(v.trim()) ? v.trim().toUpperCase() : undefined))}
          {amount('amount_from', t('orderLists.filters.amountFrom'))}
          {amount('amount_to', t('orderLists.filters.amountTo'))}
          {amount('order_amount_from', t('orderLists.filters.orderAmountFrom'))}
          {amount('order_amount_to', t('orderLists.filters.orderAmountTo'))}
          {date('created_from_time', t('orderLists.filters.createdFrom'), false)}
          {date('created_till_time', t('orderLists.filters.createdTill'), true)}
          {date('success_from_time', t('orderLists.filters.successFrom'), false)}
          {date('success_till_time', t('orderLists.filters.successTill'), true)}
          {relative('created', t('orderLists.filters.createdPeriod'))}
          {relative('success', t('orderLists.filters.successPeriod'))}
        </SimpleGrid>
        <Group>
          <Checkbox
            label={t('orderLists.filters.excludeNotCompleted')} checked={filters.exclude_not_completed === 'true'}
            onChange={(e) => onFilter('exclude_not_completed', e.currentTarget.checked ? 'true' : undefined)} data-testid="filter-exclude-not-completed"
          />
          <Checkbox
            label={t('orderLists.filters.cancellable')} checked={filters.cancellable === 'true'}
            onChange={(e) => onFilter('cancellable', e.currentTarget.checked ? 'true' : undefined)} data-testid="filter-cancellable"
          />
        </Group>
    </Stack>
  )
}
