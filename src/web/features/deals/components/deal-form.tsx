import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isCurrencyId, parseMoneyInput, toMajorUnitsString } from '../../../../shared/money'
import { createDealInput } from '../../../../shared/schemas/deals'
import { FormError } from '../../../components/form-error'
import { money } from '../../../lib/format'
import { assignableMembersQuery, createDeal, dealOffersQuery, updateDeal, type Deal } from '../api/deals'

// The deal form (docs/decisions/0054-sales-team-and-deals.md): a product and one of its plans, the payer,
// the individual price (one-time) or first and next rates, the expiry and a note. Checked with the route's
// schema before it is sent.

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 16)
const localInput = (iso: string) => {
  const d = new Date(iso)
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}

/** `assign`: the seller's form, which may hand the deal to a sales team member. */
export function DealForm({ deal, assign, onDone, onCancel }: { deal: Deal | null; assign: boolean; onDone: (deal: Deal) => void; onCancel: () => void }) {
  const { t } = useTranslation()
  const offers = useQuery(dealOffersQuery())
  const members = useQuery(assignableMembersQuery(assign))
  const [memberId, setMemberId] = useState<string | null>(deal?.salesTeamMember ? String(deal.salesTeamMember.id) : null)
  const [productId, setProductId] = useState<string | null>(deal ? String(deal.product.id) : null)
  const [planId, setPlanId] = useState<string | null>(deal ? String(deal.pricingPlan.id) : null)
  const [email, setEmail] = useState(deal?.payerEmail ?? '')
  const [firstName, setFirstName] = useState(deal?.payerFirstName ?? '')
  const [lastName, setLastName] = useState(deal?.payerLastName ?? '')
  const major = (amount: number | null | undefined, currency: string) => (amount == null || !isCurrencyId(currency) ? '' : toMajorUnitsString(amount, currency))
  const [price, setPrice] = useState(deal ? major(deal.price ?? deal.firstAmount, deal.currency) : '')
  const [next, setNext] = useState(deal ? major(deal.nextAmount, deal.currency) : '')
  const [expires, setExpires] = useState(deal ? localInput(deal.expiresAt) : inAWeek())
  const [message, setMessage] = useState(deal?.message ?? '')
  const [error, setError] = useState<unknown>(null)
  const list = offers.data?.list ?? []
  const offer = list.find((o) => String(o.productId) === productId)
  const plan = offer?.pricingPlans.find((p) => String(p.id) === planId)
  const oneTime = plan?.form === 'one_time'
  const minor = (text: string) => (text.trim() === '' || !plan || !isCurrencyId(plan.currency) ? null : parseMoneyInput(text, plan.currency))

  const submit = async () => {
    setError(null)
    const body = {
      product_id: Number(productId), pricing_plan_id: Number(planId), payer_email: email, payer_first_name: firstName, payer_last_name: lastName,
      ...(oneTime ? { price: minor(price) } : { first_amount: minor(price), next_amount: minor(next) }),
      expires_at: expires ? new Date(expires).toISOString() : '', ...(message.trim() ? { message } : {}),
      ...(assign ? { sales_team_member_id: memberId ? Number(memberId) : null } : {}),
    }
    const parsed = createDealInput.safeParse(body)
    if (!parsed.success) {
      setError(new Error(t('deals.form.invalid')))
      return
    }
    try {
      const saved = deal ? await updateDeal(deal.id, parsed.data) : await createDeal(parsed.data)
      onDone(saved.deal)
    } catch (caught) {
      setError(caught)
    }
  }
  const listAmount = plan && (plan.price ?? plan.firstAmount) != null ? money((plan.price ?? plan.firstAmount)!, plan.currency) : null
  return (
    <Stack gap="md" component="form" onSubmit={(event) => { event.preventDefault(); void submit() }} data-testid="deal-form">
      <Select
        label={t('deals.form.product')} required searchable data={list.map((o) => ({ value: String(o.productId), label: o.name }))} value={productId}
        onChange={(v) => { setProductId(v); setPlanId(list.find((o) => String(o.productId) === v)?.pricingPlans[0]?.id.toString() ?? null) }} data-testid="deal-product"
      />
      <Select
        label={t('deals.form.plan')} required value={planId} onChange={setPlanId} data-testid="deal-plan"
        data={(offer?.pricingPlans ?? []).map((p) => ({ value: String(p.id), label: `${p.name ?? t(`deals.forms.${p.form}`, { defaultValue: p.form })} (${t(`deals.forms.${p.form}`, { defaultValue: p.form })})` }))}
      />
      {listAmount && <Text size="xs" c="dimmed">{t('deals.form.listPrice', { amount: listAmount })}</Text>}
      <TextInput label={t('deals.form.payerEmail')} type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} data-testid="deal-email" />
      <SimpleGrid cols={2}>
        <TextInput label={t('deals.form.firstName')} required value={firstName} onChange={(e) => setFirstName(e.currentTarget.value)} data-testid="deal-first-name" />
        <TextInput label={t('deals.form.lastName')} required value={lastName} onChange={(e) => setLastName(e.currentTarget.value)} data-testid="deal-last-name" />
      </SimpleGrid>
      <SimpleGrid cols={oneTime || !plan ? 1 : 2}>
        <TextInput label={oneTime || !plan ? t('deals.form.price') : t('deals.form.firstAmount')} description={t('deals.form.amountHint')} inputMode="decimal" value={price} onChange={(e) => setPrice(e.currentTarget.value)} data-testid="deal-price" />
        {plan && !oneTime && <TextInput label={t('deals.form.nextAmount')} inputMode="decimal" value={next} onChange={(e) => setNext(e.currentTarget.value)} data-testid="deal-next" />}
      </SimpleGrid>
      <TextInput label={t('deals.form.expiresAt')} type="datetime-local" required value={expires} onChange={(e) => setExpires(e.currentTarget.value)} data-testid="deal-expires" />
      {assign && (members.data?.length ?? 0) > 0 && (
        <Select
          label={t('deals.form.salesTeamMember')} clearable placeholder={t('deals.form.noSalesTeamMember')} value={memberId} onChange={setMemberId}
          data={(members.data ?? []).map((m) => ({ value: String(m.id), label: `${m.name ?? m.email} (${m.feeBps / 100} %)` }))}
        />
      )}
      <Textarea label={t('deals.form.message')} autosize minRows={2} value={message} onChange={(e) => setMessage(e.currentTarget.value)} />
      <FormError error={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="submit" data-testid="deal-save">{t('common.save')}</Button>
      </Group>
    </Stack>
  )
}
