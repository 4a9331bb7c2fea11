import { Alert, Badge, Button, Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { billingCycles, type BillingCycle } from '../../../../shared/schemas/platform-plans'
import { useConfirm } from '../../../components/confirm-modal'
import { StatusBadge } from '../../../components/status-badge'
import { useSearchParam } from '../../../lib/search'
import { cancelPlan, platformPlansKey, sellerPlanQuery, subscribePlan } from '../api/platform-plans'
import { ActionButton, PlanCard } from '../components/plan-card'

// /cabinet/plans (docs/decisions/0055-platform-plans.md): the seller's Sellfront plan, the cycle switch and the
// plans on offer. Choosing one opens the payment page of the platform's checkout; the plan starts when it is
// paid. The pricing link /preise?product_id=&step= lands here with `plan_id` preselected.

const cycleOf = (value: string | undefined): BillingCycle | null => (billingCycles as readonly string[]).includes(value ?? '') ? value as BillingCycle : null

export function CabinetPlansPage() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const page = useQuery(sellerPlanQuery())
  const preselected = Number(useSearchParam('plan_id')) || null
  const [cycle, setCycle] = useState<BillingCycle | null>(cycleOf(useSearchParam('cycle')))
  const { confirm, modal } = useConfirm()
  const subscribe = useMutation({
    mutationFn: (planId: number) => subscribePlan({ planId, billingCycle: shownCycle }),
    onSuccess: (answer) => {
      if (answer.redirectUrl) window.location.assign(answer.redirectUrl)
      else void queryClient.invalidateQueries({ queryKey: platformPlansKey })
    },
  })
  const cancel = useMutation({
    mutationFn: cancelPlan,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: platformPlansKey })
      notifications.show({ color: 'green', autoClose: 4000, message: t('platformPlans.canceled') })
    },
  })
  const current = page.data?.current ?? null
  const shownCycle: BillingCycle = cycle ?? cycleOf(current?.billingCycle ?? undefined) ?? 'monthly'
  if (!page.data) return <Skeleton h={320} radius="md" />
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso))

  return (
    <Stack gap="lg" data-testid="cabinet-plans-page">
      <Stack gap={4}>
        <Title order={2}>{t('platformPlans.title')}</Title>
        <Text c="dimmed">{t('platformPlans.intro')}</Text>
      </Stack>
      <Paper withBorder p="md" data-testid="current-plan">
        {current ? (
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Text fw={600}>{t('platformPlans.current')}</Text>
              <Group gap="xs">
                <Text fz="lg" data-testid="current-plan-name">{current.plan.name}</Text>
                <StatusBadge status={current.state === 'trialing' ? 'active' : current.state} value={current.state} label={t(`platformPlans.states.${current.state}`)} testId="current-plan-state" />
                {current.billingCycle && <Badge variant="outline">{t(`platformPlans.cycles.${current.billingCycle}`)}</Badge>}
              </Group>
              {current.endsAt && <Text size="sm" c="dimmed">{t('platformPlans.endsAt', { date: date(current.endsAt) })}</Text>}
            </Stack>
            {current.orderId !== null && current.state !== 'canceled' && (
              <Button variant="default" color="red" loading={cancel.isPending} data-testid="cancel-plan"
                onClick={() => confirm({ name: current.plan.name, title: t('platformPlans.cancelTitle'), text: t('platformPlans.cancelText'), confirmLabel: t('platformPlans.cancel'), onConfirm: () => cancel.mutate() })}>
                {t('platformPlans.cancel')}
              </Button>
            )}
          </Group>
        ) : <Text c="dimmed">{t('platformPlans.none')}</Text>}
      </Paper>
      {page.data.pending && <Alert color="blue" variant="light">{t('platformPlans.pending', { name: page.data.pending.plan.name })}</Alert>}
      <SegmentedControl w="fit-content" value={shownCycle} onChange={(value) => setCycle(value as BillingCycle)} aria-label={t('platformPlans.cycleLabel')} data-testid="cycle-switch"
        data={billingCycles.map((value) => ({ value, label: t(`platformPlans.cycles.${value}`) }))} />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {page.data.plans.map((plan) => {
          const mine = current !== null && current.plan.id === plan.id && current.billingCycle === shownCycle && current.state !== 'canceled'
          const offered = plan.prices.some((p) => p.billingCycle === shownCycle)
          return (
            <PlanCard key={plan.id} plan={plan} cycle={shownCycle} selected={preselected === plan.id}
              action={<ActionButton testId={`choose-plan-${plan.id}`} disabled={mine || !offered} loading={subscribe.isPending && subscribe.variables === plan.id}
                label={mine ? t('platformPlans.yours') : t(current ? 'platformPlans.switch' : 'platformPlans.subscribe', { name: plan.name })}
                onClick={() => subscribe.mutate(plan.id)} />} />
          )
        })}
      </SimpleGrid>
      {modal}
    </Stack>
  )
}
