import { Button, Group, MultiSelect, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { currencyIds, formatAmount, isCurrencyId, parseMoneyInput } from '../../../../shared/money'
import {
  bulkCouponsInput, couponAmountBases, couponCodeTypes, couponScopes, createCouponInput, updateCouponInput,
} from '../../../../shared/schemas/coupons'
import { FormError } from '../../../components/form-error'
import { NumberField } from '../../../components/number-field'
import { SelectField } from '../../../components/select-field'
import { textInputProps, useZodForm } from '../../../lib/forms'
import { bulkCreateCoupons, type BulkAnswer } from '../api/bulk-create-coupons'
import { createCoupon } from '../api/create-coupon'
import { productOptionsQuery } from '../api/product-options'
import type { Coupon } from '../api/types'
import { updateCoupon } from '../api/update-coupon'

// A coupon singly (own code or generated), in bulk (count, prefix, code length and character type), or
// edited: discount in percents (a whole percent 1..100) or in a currency amount (typed as money, sent as
// minor units), amount base, scope all / one / several products, usage limit, active, validity window.

export type CouponFormMode = 'create' | 'bulk' | 'edit'

type Values = {
  code: string
  count: string
  prefix: string
  code_length: string
  code_type: string
  discount_type: 'percents' | 'currency'
  value: string
  currency_id: string | null
  amount_base: string
  scope: string
  product_ids: string[]
  limit: string
  active: boolean
  starts_at: string
  ends_at: string
}

const int = (text: string) => (text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN)
const toIso = (local: string) => (local ? (Number.isNaN(new Date(local).getTime()) ? local : new Date(local).toISOString()) : null)
function toLocal(iso: string | null): string {
  if (!iso) return ''
  const d = new Date(iso)
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`
}

function terms(v: Values) {
  const currency = v.currency_id && isCurrencyId(v.currency_id) ? v.currency_id : 'eur'
  const value = v.discount_type === 'percents' ? int(v.value) : (v.value.trim() === '' ? null : (parseMoneyInput(v.value, currency) ?? Number.NaN))
  return {
    discount_type: v.discount_type,
    value: value as number,
    currency_id: v.discount_type === 'currency' ? (v.currency_id as never) : null,
    amount_base: v.amount_base as (typeof couponAmountBases)[number],
    scope: v.scope as (typeof couponScopes)[number],
    product_ids: v.scope === 'all_products' ? [] : v.product_ids.map(Number),
    limit: int(v.limit),
    active: v.active,
    starts_at: toIso(v.starts_at),
    ends_at: toIso(v.ends_at),
  }
}

function inputOf(mode: CouponFormMode, v: Values) {
  if (mode === 'bulk') {
    return { ...terms(v), count: int(v.count) as number, prefix: v.prefix.trim() || undefined, code_length: int(v.code_length) as number, code_type: v.code_type as (typeof couponCodeTypes)[number] }
  }
  return { ...terms(v), code: v.code.trim() || undefined }
}

const schemas = { create: createCouponInput, bulk: bulkCouponsInput, edit: updateCouponInput }

export function CouponForm({ mode, coupon, onDone, onCancel }: { mode: CouponFormMode; coupon?: Coupon; onDone: (answer?: BulkAnswer) => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation()
  const products = useQuery(productOptionsQuery())
  const initial: Values = {
    code: coupon?.code ?? '',
    count: '10',
    prefix: '',
    code_length: '8',
    code_type: 'alphanumeric',
    discount_type: coupon?.discountType ?? 'percents',
    value: coupon ? (coupon.discountType === 'currency' && coupon.currencyId && isCurrencyId(coupon.currencyId) ? formatAmount(coupon.value, coupon.currencyId) : String(coupon.value)) : '',
    currency_id: coupon?.currencyId ?? 'eur',
    amount_base: coupon?.amountBase ?? 'end_amount',
    scope: coupon?.scope ?? 'all_products',
    product_ids: (coupon?.productIds ?? []).map(String),
    limit: coupon?.limit ? String(coupon.limit) : '',
    active: coupon?.active ?? true,
    starts_at: toLocal(coupon?.startsAt ?? null),
    ends_at: toLocal(coupon?.endsAt ?? null),
  }
  const form = useZodForm(schemas[mode], initial, i18n.language, { toInput: (v) => inputOf(mode, v) })
  const v = form.values
  const save = useMutation({
    mutationFn: async () => {
      const input = inputOf(mode, form.values)
      if (mode === 'bulk') return bulkCreateCoupons(input as Parameters<typeof bulkCreateCoupons>[0])
      if (mode === 'edit' && coupon) await updateCoupon(coupon.id, input as Parameters<typeof updateCoupon>[1])
      else await createCoupon(input as Parameters<typeof createCoupon>[0])
      return undefined
    },
    onSuccess: (answer) => onDone(answer),
    onError: (e) => form.fail(e),
  })
  const options = (products.data?.list ?? []).map((p) => ({ value: String(p.id), label: p.name }))
  return (
    <form onSubmit={(event) => {
      event.preventDefault()
      if (form.validate()) save.mutate()
    }} noValidate>
      <Stack gap="md">
        {mode === 'bulk' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberField label={t('coupons.fields.count')} min={1} max={1000} {...form.field('count')} />
            <TextInput label={t('coupons.fields.prefix')} {...textInputProps(form.field('prefix'))} />
            <NumberField label={t('coupons.fields.codeLength')} min={6} max={20} {...form.field('code_length')} />
            <SelectField
              label={t('coupons.fields.codeType')} searchable={false}
              data={couponCodeTypes.map((c) => ({ value: c, label: t(`coupons.codeTypes.${c}`) }))}
              value={v.code_type} onChange={(value) => value && form.setValue('code_type', value)}
            />
          </SimpleGrid>
        ) : (
          <TextInput label={t('coupons.fields.code')} description={mode === 'create' ? t('coupons.fields.codeHelp') : undefined} {...textInputProps(form.field('code'))} data-testid="coupon-code" />
        )}
        <SegmentedControl
          value={v.discount_type}
          onChange={(value) => form.setValue('discount_type', value as Values['discount_type'])}
          data={[{ value: 'percents', label: t('coupons.discountTypes.percents') }, { value: 'currency', label: t('coupons.discountTypes.currency') }]}
          w="fit-content"
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={v.discount_type === 'percents' ? t('coupons.fields.percent') : t('coupons.fields.amount')}
            inputMode="decimal" {...textInputProps(form.field('value'))} data-testid="coupon-value"
          />
          {v.discount_type === 'currency' && (
            <SelectField label={t('coupons.fields.currency')} data={currencyIds.map((c) => ({ value: c, label: c.toUpperCase() }))} {...form.field('currency_id')} />
          )}
          <SelectField
            label={t('coupons.fields.amountBase')} searchable={false}
            data={couponAmountBases.map((b) => ({ value: b, label: t(`coupons.amountBases.${b}`) }))}
            value={v.amount_base} onChange={(value) => value && form.setValue('amount_base', value)}
          />
        </SimpleGrid>
        <SelectField
          label={t('coupons.fields.scope')} searchable={false}
          data={couponScopes.map((s) => ({ value: s, label: t(`coupons.scopes.${s}`) }))}
          value={v.scope} onChange={(value) => value && form.setValue('scope', value)}
        />
        {v.scope !== 'all_products' && (
          <MultiSelect
            label={t('coupons.fields.products')} data={options} value={v.product_ids}
            onChange={(value) => form.setValue('product_ids', v.scope === 'single_product' ? value.slice(-1) : value)}
            error={form.errors.product_ids} searchable
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberField label={t('coupons.fields.limit')} min={1} allowEmptyValue {...form.field('limit')} />
          <TextInput type="datetime-local" label={t('coupons.fields.startsAt')} {...textInputProps(form.field('starts_at'))} />
          <TextInput type="datetime-local" label={t('coupons.fields.endsAt')} {...textInputProps(form.field('ends_at'))} />
        </SimpleGrid>
        <Switch label={t('coupons.fields.active')} checked={v.active} onChange={(e) => form.setValue('active', e.currentTarget.checked)} />
        {form.errors.currency_id && <Text c="red" size="sm">{form.errors.currency_id}</Text>}
        <FormError error={form.formError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>{t('common.cancel')}</Button>
          <Button type="submit" loading={save.isPending} data-testid="coupon-save">{mode === 'bulk' ? t('coupons.createBulk') : t('common.save')}</Button>
        </Group>
      </Stack>
    </form>
  )
}
