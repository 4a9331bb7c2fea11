import { ActionIcon, Badge, Button, Card, Checkbox, Group, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { currencyIds, defaultCurrency as platformCurrency, formatMoney } from '../../../../shared/money'
import {
  checkoutMinimumPrice, installmentTotal, intervalCodes, parseInterval, planForms, pricingPlanInput, trialForms, trialMaxDays, trialMinDays, type CustomInterval,
  type IntervalCode, type PlanForm, type PricingPlanInput,
} from '../../../../shared/pricing'
import { FormError } from '../../../components/form-error'
import { NumberField } from '../../../components/number-field'
import { SelectField } from '../../../components/select-field'
import { textInputProps, useZodForm } from '../../../lib/forms'
import { addPlan } from '../api/add-plan'
import { useConfirm } from '../../../components/confirm-modal'
import { removePlan } from '../api/remove-plan'
import type { PricingPlan, Product } from '../api/types'
import { updatePlan } from '../api/update-plan'
import { countOf, currencyOf, minorToText, moneyToMinor } from './money'
import { FeatureOff } from '../../../components/feature-off'
import { useFeature } from '../../../lib/features'
import { planTranslationFields } from '../../../../shared/schemas/catalog'
import { PlanNameTranslations, type PlanNameDrafts } from './plan-ticket-translations'
import { textDraftsOf, textTranslationsInputOf } from '../../../components/text-language-cards'

// The pricing plans of a product or of one ticket type (docs/reference/catalogue-and-selling.md §3 and §9): one_time,
// installment, limited_subscription, subscription; amounts typed as money and sent as minor units;
// intervals from the shared codes; custom intervals for installments; the installment total and the
// checkout minimum price shown live with the shared formulas.

type PlanValues = {
  form: PlanForm
  currency_id: string | null
  name: string
  price_mode: 'price' | 'first_next'
  price: string
  first_amount: string
  next_amount: string
  payments_count: string
  interval: string | null
  custom: boolean
  custom_intervals: { interval: string | null; amount: string }[]
  use_net_price: boolean
  /** Subscriptions: free days before the first charge (docs/decisions/0033-trial-periods.md). */
  trial: boolean
  trial_days: string
}

function valuesOf(plan: PricingPlan | undefined, currency: string): PlanValues {
  const cur = plan?.currencyId ?? currency
  return {
    form: plan?.form ?? 'one_time',
    currency_id: cur,
    name: plan?.name ?? '',
    price_mode: plan && plan.price === null && plan.firstAmount !== null ? 'first_next' : 'price',
    price: minorToText(plan?.price, cur),
    first_amount: minorToText(plan?.firstAmount, cur),
    next_amount: minorToText(plan?.nextAmount, cur),
    payments_count: plan?.paymentsCount && !plan.customIntervals?.length ? String(plan.paymentsCount) : '',
    interval: plan?.interval ?? null,
    custom: Boolean(plan?.customIntervals?.length),
    custom_intervals: plan?.customIntervals?.length
      ? plan.customIntervals.map((rate) => ({ interval: rate.interval, amount: minorToText(rate.amount, cur) }))
      : [{ interval: '1m', amount: '' }, { interval: '1m', amount: '' }],
    use_net_price: plan?.useNetPrice ?? false,
    trial: Boolean(plan?.trialDays),
    trial_days: plan?.trialDays ? String(plan.trialDays) : '14',
  }
}

/** The API body of the form's values: only the terms the plan form uses (the schema refuses others). */
export function planInputOf(v: PlanValues): PricingPlanInput {
  const cur = v.currency_id
  const money = (text: string) => moneyToMinor(text, cur)
  const base = { form: v.form, currency_id: cur as PricingPlanInput['currency_id'], use_net_price: v.use_net_price, name: v.name.trim() || null }
  const priceTerms = v.price_mode === 'price'
    ? { price: money(v.price) }
    : { first_amount: money(v.first_amount), next_amount: money(v.next_amount) }
  const interval = v.interval as IntervalCode | null
  const trial = v.trial ? { trial_days: countOf(v.trial_days) } : {}
  switch (v.form) {
    case 'one_time':
      return { ...base, price: money(v.price) }
    case 'installment':
      if (v.custom) {
        return {
          ...base,
          custom_intervals: v.custom_intervals.map((rate) => ({ interval: rate.interval as IntervalCode, amount: money(rate.amount) as number })),
        }
      }
      return { ...base, first_amount: money(v.first_amount), next_amount: money(v.next_amount), payments_count: countOf(v.payments_count), interval }
    case 'limited_subscription':
      return { ...base, ...priceTerms, payments_count: countOf(v.payments_count), interval, ...trial }
    case 'subscription':
      return { ...base, ...priceTerms, interval, ...trial }
  }
}

const finite = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) ? n : null)

export function useIntervalOptions() {
  const { t } = useTranslation()
  return intervalCodes.map((code) => {
    const parsed = parseInterval(code)!
    return { value: code, label: t(`products.plans.units.${parsed.unit}`, { count: parsed.count }) }
  })
}

function PlanForm({ productId, ticketId, plan, defaultCurrency, onDone, onCancel }: {
  productId: number; ticketId?: number; plan?: PricingPlan; defaultCurrency: string; onDone: (product: Product) => void; onCancel: () => void
}) {
  const { t, i18n } = useTranslation()
  const intervals = useIntervalOptions()
  const form = useZodForm(pricingPlanInput, valuesOf(plan, defaultCurrency), i18n.language, { toInput: planInputOf })
  const v = form.values
  const multicurrency = useFeature('multicurrency')
  // the name in other languages, saved with the plan (not a term: no new version)
  const [translations, setTranslations] = useState<PlanNameDrafts>(() => textDraftsOf(plan?.translations, planTranslationFields))
  const save = useMutation({
    mutationFn: (input: PricingPlanInput) => (plan ? updatePlan(productId, plan.id, input) : addPlan(productId, input, ticketId)),
    onSuccess: onDone,
    onError: (error) => form.fail(error),
  })
  const input = planInputOf(v)
  const cur = currencyOf(v.currency_id)
  const custom: CustomInterval[] | null = input.custom_intervals
    ? input.custom_intervals.map((rate) => ({ interval: rate.interval, amount: finite(rate.amount) ?? 0 }))
    : null
  const terms = { price: finite(input.price), firstAmount: finite(input.first_amount), nextAmount: finite(input.next_amount), paymentsCount: finite(input.payments_count), customIntervals: custom }
  const usesCount = v.form === 'installment' ? !v.custom : v.form === 'limited_subscription'
  const usesInterval = v.form !== 'one_time' && !(v.form === 'installment' && v.custom)
  const usesPriceMode = v.form === 'limited_subscription' || v.form === 'subscription'
  const showsPrice = v.form === 'one_time' || (usesPriceMode && v.price_mode === 'price')
  const showsFirstNext = (v.form === 'installment' && !v.custom) || (usesPriceMode && v.price_mode === 'first_next')
  const setRate = (index: number, patch: Partial<PlanValues['custom_intervals'][number]>) =>
    form.setValue('custom_intervals', v.custom_intervals.map((rate, i) => (i === index ? { ...rate, ...patch } : rate)))

  return (
    <Card withBorder padding="md" radius="md" data-testid="plan-form">
      <form onSubmit={(event) => {
        event.preventDefault()
        const parsed = form.validate()
        if (parsed) save.mutate({ ...planInputOf(form.values), translations: textTranslationsInputOf(translations, planTranslationFields) })
      }} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <SelectField
              label={t('products.plans.form')}
              data={planForms.map((f) => ({ value: f, label: t(`products.plans.forms.${f}`) }))}
              value={v.form}
              onChange={(value) => value && form.setValue('form', value as PlanForm)}
              error={form.errors.form}
              data-testid="plan-form-select"
            />
            <SelectField
              label={t('products.plans.currency')}
              // Without multicurrency a plan is priced in the platform's default currency (the server refuses others).
              data={currencyIds.filter((id) => multicurrency.enabled || id === platformCurrency || id === v.currency_id).map((id) => ({ value: id, label: id.toUpperCase() }))}
              {...form.field('currency_id')}
              required
              data-testid="plan-currency"
            />
            <TextInput label={t('products.plans.name')} {...textInputProps(form.field('name'))} />
          </SimpleGrid>
          {!multicurrency.enabled && <FeatureOff flag="multicurrency" compact />}
          {usesPriceMode && (
            <SegmentedControl
              value={v.price_mode}
              onChange={(value) => form.setValue('price_mode', value as PlanValues['price_mode'])}
              data={[{ value: 'price', label: t('products.plans.samePrice') }, { value: 'first_next', label: t('products.plans.firstNext') }]}
              w="fit-content"
            />
          )}
          {v.form === 'installment' && (
            <Switch label={t('products.plans.customIntervals')} checked={v.custom} onChange={(e) => form.setValue('custom', e.currentTarget.checked)} data-testid="plan-custom" />
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {showsPrice && <TextInput label={t('products.plans.price')} inputMode="decimal" {...textInputProps(form.field('price'))} data-testid="plan-price" />}
            {showsFirstNext && <TextInput label={t('products.plans.firstAmount')} inputMode="decimal" {...textInputProps(form.field('first_amount'))} data-testid="plan-first" />}
            {showsFirstNext && <TextInput label={t('products.plans.nextAmount')} inputMode="decimal" {...textInputProps(form.field('next_amount'))} data-testid="plan-next" />}
            {usesCount && (
              <NumberField
                label={t('products.plans.paymentsCount')}
                min={2}
                max={v.form === 'installment' ? 24 : 100}
                allowEmptyValue
                {...form.field('payments_count')}
                error={form.errors.payments_count}
                data-testid="plan-count"
              />
            )}
            {usesInterval && (
              <SelectField label={t('products.plans.interval')} data={intervals} {...form.field('interval')} data-testid="plan-interval" />
            )}
          </SimpleGrid>
          {v.form === 'installment' && v.custom && (
            <Stack gap="xs">
              {v.custom_intervals.map((rate, index) => (
                <Group key={index} align="flex-end" wrap="nowrap">
                  <TextInput
                    label={t('products.plans.rateAmount', { n: index + 1 })}
                    inputMode="decimal"
                    value={rate.amount}
                    onChange={(e) => setRate(index, { amount: e.currentTarget.value })}
                  />
                  <SelectField label={t('products.plans.rateInterval')} data={intervals} value={rate.interval} onChange={(value) => setRate(index, { interval: value })} />
                  <ActionIcon
                    variant="subtle" color="red" aria-label={t('products.plans.removeRate')} disabled={v.custom_intervals.length <= 2}
                    onClick={() => form.setValue('custom_intervals', v.custom_intervals.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              ))}
              {form.errors.custom_intervals && <Text c="red" size="sm">{form.errors.custom_intervals}</Text>}
              <Button
                variant="subtle" size="xs" w="fit-content" leftSection={<IconPlus size={14} />} disabled={v.custom_intervals.length >= 24}
                onClick={() => form.setValue('custom_intervals', [...v.custom_intervals, { interval: '1m', amount: '' }])}
              >
                {t('products.plans.addRate')}
              </Button>
            </Stack>
          )}
          {trialForms.includes(v.form) && (
            <Group align="flex-end" gap="md">
              <Switch label={t('trials.switch')} checked={v.trial} onChange={(e) => form.setValue('trial', e.currentTarget.checked)} data-testid="plan-trial" />
              {v.trial && (
                <NumberField
                  label={t('trials.days')} description={t('trials.hint')} min={trialMinDays} max={trialMaxDays} allowEmptyValue
                  {...form.field('trial_days')} error={form.errors.trial_days} data-testid="plan-trial-days"
                />
              )}
            </Group>
          )}
          <Checkbox label={t('products.plans.useNetPrice')} checked={v.use_net_price} onChange={(e) => form.setValue('use_net_price', e.currentTarget.checked)} />
          <PlanNameTranslations drafts={translations} onChange={setTranslations} base={{ name: v.name }} />
          <Group gap="lg" data-testid="plan-live">
            <Text size="sm">{t('products.plans.checkoutMinimum')}: <b>{formatMoney({ amount: checkoutMinimumPrice(terms), currency: cur })}</b></Text>
            {v.form === 'installment' && (
              <Text size="sm">{t('products.plans.installmentTotal')}: <b data-testid="plan-total">{formatMoney({ amount: installmentTotal(terms), currency: cur })}</b></Text>
            )}
          </Group>
          <FormError error={form.formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>{t('common.cancel')}</Button>
            <Button type="submit" loading={save.isPending} data-testid="plan-save">{t('products.plans.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  )
}

/** One line about a plan: its form, amounts and interval. */
export function PlanSummary({ plan }: { plan: PricingPlan }) {
  const { t } = useTranslation()
  const cur = currencyOf(plan.currencyId)
  const money = (n: number | null) => (n === null ? '' : formatMoney({ amount: n, currency: cur }))
  const interval = plan.interval ? (() => {
    const parsed = parseInterval(plan.interval)
    return parsed ? t(`products.plans.units.${parsed.unit}`, { count: parsed.count }) : plan.interval
  })() : null
  return (
    <Group gap="xs" wrap="wrap">
      <Badge variant="light">{t(`products.plans.forms.${plan.form}`)}</Badge>
      {plan.name && <Text size="sm" fw={500}>{plan.name}</Text>}
      {plan.trialDays ? <Badge variant="outline" color="teal" data-testid="plan-trial-badge">{t('trials.badge', { count: plan.trialDays })}</Badge> : null}
      <Text size="sm">
        {plan.price !== null ? money(plan.price) : plan.customIntervals?.length
          ? plan.customIntervals.map((rate) => money(rate.amount)).join(' + ')
          : `${money(plan.firstAmount)} + ${money(plan.nextAmount)}`}
        {plan.paymentsCount ? ` × ${plan.paymentsCount}` : ''}
        {interval ? ` / ${interval}` : ''}
      </Text>
      <Text size="sm" c="dimmed">
        {t('products.plans.checkoutMinimum')}: {money(plan.checkoutAmount)}
        {plan.total !== null ? ` · ${t('products.plans.total')}: ${money(plan.total)}` : ''}
      </Text>
    </Group>
  )
}

export type PlanEditorProps = {
  productId: number
  ticketId?: number
  plans: PricingPlan[]
  defaultCurrency: string
  onChanged: (product?: Product) => void
}

export function PlanEditor({ productId, ticketId, plans, defaultCurrency, onChanged }: PlanEditorProps) {
  const { t } = useTranslation()
  const [editing, setEditing] = useState<number | 'new' | null>(null)
  const remove = useMutation({ mutationFn: (planId: number) => removePlan(productId, planId), onSuccess: () => onChanged() })
  const { confirm, modal } = useConfirm()
  const done = (product: Product) => {
    setEditing(null)
    onChanged(product)
  }
  return (
    <Stack gap="sm" data-testid={ticketId ? `ticket-plans-${ticketId}` : 'product-plans'}>
      {modal}
      {plans.length === 0 && editing !== 'new' && <Text c="dimmed" size="sm">{t('products.plans.none')}</Text>}
      {plans.map((plan) => (editing === plan.id ? (
        <PlanForm key={plan.id} productId={productId} ticketId={ticketId} plan={plan} defaultCurrency={defaultCurrency} onDone={done} onCancel={() => setEditing(null)} />
      ) : (
        <Group key={plan.id} justify="space-between" wrap="nowrap" data-testid="plan-row">
          <PlanSummary plan={plan} />
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" aria-label={t('products.plans.edit')} onClick={() => setEditing(plan.id)}><IconPencil size={18} /></ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={t('products.plans.remove')} loading={remove.isPending && remove.variables === plan.id} onClick={() => confirm({ name: plan.name ?? t(`products.plans.forms.${plan.form}`), onConfirm: () => remove.mutate(plan.id) })} data-testid="plan-remove">
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </Group>
      )))}
      {editing === 'new' ? (
        <PlanForm productId={productId} ticketId={ticketId} defaultCurrency={defaultCurrency} onDone={done} onCancel={() => setEditing(null)} />
      ) : (
        <Button variant="light" leftSection={<IconPlus size={16} />} w="fit-content" onClick={() => setEditing('new')} data-testid="plan-add">
          {t('products.plans.add')}
        </Button>
      )}
    </Stack>
  )
}
