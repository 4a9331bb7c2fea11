import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { BillingCycle } from '../../../../shared/schemas/platform-plans'
import { formatMoney, type CurrencyId } from '../../../../shared/money'
import type { PlatformPlan } from '../api/platform-plans'

// One plan as the plans page and the promo page show it: its price in the chosen cycle, what it grants
// and withholds, and one action.

export function PlanPrice({ plan, cycle }: { plan: PlatformPlan; cycle: BillingCycle }) {
  const { t } = useTranslation()
  const price = plan.prices.find((p) => p.billingCycle === cycle)
  if (!price) return <Text c="dimmed" size="sm">{t('platformPlans.notInCycle')}</Text>
  return (
    <Group gap={6} align="baseline">
      <Text fz={30} fw={700} data-testid={`plan-price-${plan.id}`}>{formatMoney({ amount: price.amount, currency: price.currency as CurrencyId })}</Text>
      <Text c="dimmed">{t(`platformPlans.per.${cycle}`)}</Text>
    </Group>
  )
}

export function PlanFeatures({ plan }: { plan: PlatformPlan }) {
  const { t } = useTranslation()
  const on = Object.entries(plan.features).filter(([, v]) => v).map(([k]) => k)
  const off = Object.entries(plan.features).filter(([, v]) => !v).map(([k]) => k)
  return (
    <Stack gap={4}>
      {on.length > 0 && <Text size="sm"><b>{t('platformPlans.featuresOn')}:</b> {on.join(', ')}</Text>}
      {off.length > 0 && <Text size="sm" c="dimmed"><b>{t('platformPlans.featuresOff')}:</b> {off.join(', ')}</Text>}
    </Stack>
  )
}

export function PlanCard(props: { plan: PlatformPlan; cycle: BillingCycle; selected?: boolean; action?: React.ReactNode }) {
  const { t } = useTranslation()
  const { plan } = props
  return (
    <Card withBorder padding="lg" radius="md" data-testid={`plan-card-${plan.id}`} style={props.selected ? { borderColor: 'var(--mantine-color-blue-6)', borderWidth: 2 } : undefined}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="lg">{plan.name}</Title>
          {plan.purpose !== 'public' && <Badge variant="light">{t(`platformPlans.purposes.${plan.purpose}`)}</Badge>}
        </Group>
        {plan.description && <Text size="sm" c="dimmed">{plan.description}</Text>}
        <PlanPrice plan={plan} cycle={props.cycle} />
        {plan.trialDays ? <Text size="sm">{t('platformPlans.trialDays', { count: plan.trialDays })}</Text> : null}
        <PlanFeatures plan={plan} />
        {props.action && <List listStyleType="none">{props.action}</List>}
      </Stack>
    </Card>
  )
}

export function ActionButton(props: { label: string; onClick: () => void; loading?: boolean; disabled?: boolean; testId: string }) {
  return <Button fullWidth loading={props.loading} disabled={props.disabled} onClick={props.onClick} data-testid={props.testId}>{props.label}</Button>
}
