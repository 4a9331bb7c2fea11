import { Anchor, Badge, Button, Checkbox, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { featureFlags } from '../../../../shared/accounts'
import { formatMoney, type CurrencyId } from '../../../../shared/money'
import { billingCycles, platformPlanPurposes, type BillingCycle, type PlatformPlanPurpose } from '../../../../shared/schemas/platform-plans'
import { adminPlansQuery, adminPromosQuery, archivePlan, createPlan, createPromo, platformPlansKey, type PlatformPlan } from '../api/platform-plans'

// /admin/platform_plans (docs/decisions/0055-platform-plans.md): managers list the plans by purpose, add one
// with its prices per billing cycle and the flags it grants or withholds, archive it, and make promo tokens.

const flags = Object.keys(featureFlags)

function prices(plan: PlatformPlan, t: (k: string) => string) {
  return plan.prices.map((p) => `${t(`platformPlans.cycles.${p.billingCycle}`)} ${formatMoney({ amount: p.amount, currency: p.currency as CurrencyId })}`).join(' · ')
}

export function AdminPlatformPlansPage() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [purpose, setPurpose] = useState<PlatformPlanPurpose | null>(null)
  const plans = useQuery(adminPlansQuery(purpose))
  const promos = useQuery(adminPromosQuery())
  const refresh = (message?: string) => {
    void queryClient.invalidateQueries({ queryKey: platformPlansKey })
    if (message) notifications.show({ color: 'green', autoClose: 4000, message })
  }
  const archive = useMutation({ mutationFn: (p: PlatformPlan) => archivePlan(p.id, !p.archived), onSuccess: () => refresh() })

  return (
    <Stack gap="lg" data-testid="admin-platform-plans">
      <Stack gap={4}>
        <Title order={2}>{t('platformPlans.admin.title')}</Title>
        <Text c="dimmed">{t('platformPlans.admin.intro')}</Text>
      </Stack>
      <Select w={240} clearable placeholder={t('platformPlans.admin.all')} value={purpose} onChange={(v) => setPurpose(v as PlatformPlanPurpose | null)} aria-label={t('platformPlans.admin.purpose')}
        data={platformPlanPurposes.map((p) => ({ value: p, label: t(`platformPlans.purposes.${p}`) }))} />
      <Table.ScrollContainer minWidth={720}>
        <Table data-testid="platform-plans-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('platformPlans.admin.columns.name')}</Table.Th><Table.Th>{t('platformPlans.admin.columns.purpose')}</Table.Th>
              <Table.Th>{t('platformPlans.admin.columns.prices')}</Table.Th><Table.Th>{t('platformPlans.admin.columns.features')}</Table.Th>
              <Table.Th>{t('platformPlans.admin.columns.state')}</Table.Th><Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(plans.data?.list ?? []).map((plan) => (
              <Table.Tr key={plan.id}>
                <Table.Td>{plan.name}</Table.Td>
                <Table.Td><Badge variant="light">{t(`platformPlans.purposes.${plan.purpose}`)}</Badge></Table.Td>
                <Table.Td>{prices(plan, t)}</Table.Td>
                <Table.Td><Text size="xs">{Object.entries(plan.features).map(([k, v]) => `${v ? '+' : '−'}${k}`).join(' ')}</Text></Table.Td>
                <Table.Td>{t(plan.archived ? 'platformPlans.admin.archived' : 'platformPlans.admin.live')}</Table.Td>
                <Table.Td><Button size="xs" variant="default" onClick={() => archive.mutate(plan)}>{t(plan.archived ? 'platformPlans.admin.unarchive' : 'platformPlans.admin.archive')}</Button></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <NewPlanForm onDone={() => refresh(t('platformPlans.admin.created'))} />
      <Title order={3}>{t('platformPlans.admin.promos')}</Title>
      {(promos.data?.list.length ?? 0) === 0 ? <Text c="dimmed" size="sm">{t('platformPlans.admin.noPromos')}</Text> : (
        <Table data-testid="platform-promos-table">
          <Table.Tbody>
            {promos.data!.list.map((promo) => (
              <Table.Tr key={promo.id}>
                <Table.Td><Anchor href={`/ablefy_promos/${promo.token}`} target="_blank">{t('platformPlans.admin.link')}</Anchor> <Text span size="xs" c="dimmed">{promo.token}</Text></Table.Td>
                <Table.Td>{promo.plan.name} · {t(`platformPlans.cycles.${promo.billingCycle}`)}</Table.Td>
                <Table.Td>{promo.specialAmount !== null ? formatMoney({ amount: promo.specialAmount, currency: (promo.plan.prices[0]?.currency ?? 'eur') as CurrencyId }) : ''}{promo.freeMonths ? ` +${promo.freeMonths}m` : ''}</Table.Td>
                <Table.Td>{promo.maxUses === null ? t('platformPlans.admin.usesUnlimited', { used: promo.usesCount }) : t('platformPlans.admin.uses', { used: promo.usesCount, max: promo.maxUses })}</Table.Td>
                <Table.Td>{promo.expiresAt?.slice(0, 10) ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <NewPromoForm plans={(plans.data?.list ?? []).filter((p) => p.prices.length > 0)} onDone={() => refresh(t('platformPlans.admin.promoCreated'))} />
    </Stack>
  )
}

function NewPlanForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation()
  const [name, setName] = useState('')
  const [purpose, setPurpose] = useState<PlatformPlanPurpose>('public')
  const [trialDays, setTrialDays] = useState<number | ''>('')
  const [amounts, setAmounts] = useState<Record<BillingCycle, number | ''>>({ monthly: '', quarterly: '', annually: '' })
  const [grants, setGrants] = useState<string[]>([])
  const [withholds, setWithholds] = useState<string[]>([])
  const create = useMutation({
    mutationFn: () => createPlan({
      name, purpose, trialDays: trialDays === '' ? null : trialDays,
      features: { ...Object.fromEntries(withholds.map((f) => [f, false])), ...Object.fromEntries(grants.map((f) => [f, true])) },
      prices: billingCycles.flatMap((c) => (amounts[c] === '' ? [] : [{ billingCycle: c, amount: amounts[c], currency: 'eur' }])),
    }),
    onSuccess: () => {
      setName('')
      onDone()
    },
  })
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={4}>{t('platformPlans.admin.newPlan')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={t('platformPlans.admin.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <Select label={t('platformPlans.admin.purpose')} value={purpose} onChange={(v) => setPurpose((v ?? 'public') as PlatformPlanPurpose)} allowDeselect={false}
            data={platformPlanPurposes.map((p) => ({ value: p, label: t(`platformPlans.purposes.${p}`) }))} />
          <NumberInput label={t('platformPlans.admin.trialDays')} value={trialDays} onChange={(v) => setTrialDays(typeof v === 'number' ? v : '')} min={1} max={365} disabled={purpose !== 'trial'} />
          {billingCycles.map((c) => (
            <NumberInput key={c} label={t('platformPlans.admin.priceIn', { cycle: t(`platformPlans.cycles.${c}`) })} value={amounts[c]} min={0} allowDecimal={false}
              onChange={(v) => setAmounts((a) => ({ ...a, [c]: typeof v === 'number' ? v : '' }))} />
          ))}
        </SimpleGrid>
        <Checkbox.Group label={t('platformPlans.admin.grants')} value={grants} onChange={setGrants}>
          <Group gap="xs" mt={4}>{flags.map((f) => <Checkbox key={f} value={f} label={f} size="xs" />)}</Group>
        </Checkbox.Group>
        <Checkbox.Group label={t('platformPlans.admin.withholds')} value={withholds} onChange={setWithholds}>
          <Group gap="xs" mt={4}>{flags.map((f) => <Checkbox key={f} value={f} label={f} size="xs" />)}</Group>
        </Checkbox.Group>
        <Group justify="flex-end"><Button loading={create.isPending} disabled={!name.trim()} onClick={() => create.mutate()}>{t('platformPlans.admin.create')}</Button></Group>
      </Stack>
    </Paper>
  )
}

function NewPromoForm({ plans, onDone }: { plans: PlatformPlan[]; onDone: () => void }) {
  const { t } = useTranslation()
  const [planId, setPlanId] = useState<string | null>(null)
  const [cycle, setCycle] = useState<BillingCycle>('monthly')
  const [special, setSpecial] = useState<number | ''>('')
  const [free, setFree] = useState<number | ''>('')
  const [expires, setExpires] = useState('')
  const [maxUses, setMaxUses] = useState<number | ''>('')
  const create = useMutation({
    mutationFn: () => createPromo({
      planId: Number(planId), billingCycle: cycle,
      ...(special === '' ? {} : { specialAmount: special }), ...(free === '' ? {} : { freeMonths: free }),
      ...(expires ? { expiresAt: new Date(`${expires}T23:59:59Z`).toISOString() } : {}), ...(maxUses === '' ? {} : { maxUses }),
    }),
    onSuccess: onDone,
  })
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={4}>{t('platformPlans.admin.newPromo')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select label={t('platformPlans.admin.plan')} value={planId} onChange={setPlanId} data={plans.map((p) => ({ value: String(p.id), label: p.name }))} />
          <Select label={t('platformPlans.admin.cycle')} value={cycle} onChange={(v) => setCycle((v ?? 'monthly') as BillingCycle)} allowDeselect={false}
            data={billingCycles.map((c) => ({ value: c, label: t(`platformPlans.cycles.${c}`) }))} />
          <NumberInput label={t('platformPlans.admin.specialAmount')} value={special} min={0} allowDecimal={false} onChange={(v) => setSpecial(typeof v === 'number' ? v : '')} />
          <NumberInput label={t('platformPlans.admin.freeMonths')} value={free} min={1} max={12} onChange={(v) => setFree(typeof v === 'number' ? v : '')} />
          <TextInput label={t('platformPlans.admin.expiresAt')} value={expires} onChange={(e) => setExpires(e.currentTarget.value)} placeholder="2027-12-31" />
          <NumberInput label={t('platformPlans.admin.maxUses')} value={maxUses} min={1} allowDecimal={false} onChange={(v) => setMaxUses(typeof v === 'number' ? v : '')} />
        </SimpleGrid>
        <Group justify="flex-end"><Button loading={create.isPending} disabled={!planId} onClick={() => create.mutate()}>{t('platformPlans.admin.createPromo')}</Button></Group>
      </Stack>
    </Paper>
  )
}
