import { Alert, Button, Container, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { formatMoney, type CurrencyId } from '../../../../shared/money'
import { ApiError } from '../../../lib/api-client'
import { useMe } from '../../../lib/session'
import { promoQuery, subscribePlan } from '../api/platform-plans'
import { PlanCard } from '../components/plan-card'

// The promo pages /elopage_promos/:token and /ablefy_promos/:token (the spec's route names, shown as Sellfront;
// docs/decisions/0055-platform-plans.md): a plan on special terms. A signed-in seller takes it straight to the
// payment page; anyone else signs in first and comes back.

export function PromoPage() {
  const { t, i18n } = useTranslation()
  const { token } = useParams({ strict: false }) as { token: string }
  const promo = useQuery(promoQuery(token))
  const me = useMe()
  const take = useMutation({
    mutationFn: () => subscribePlan({ promoToken: token }),
    onSuccess: (answer) => { if (answer.redirectUrl) window.location.assign(answer.redirectUrl); else window.location.assign('/cabinet/plans') },
  })
  if (promo.error) {
    const gone = promo.error instanceof ApiError && promo.error.status === 410
    return <Container size="sm" py={48}><Alert color="gray" data-testid="promo-unavailable">{t(gone ? 'platformPlans.promo.gone' : 'platformPlans.promo.unknown')}</Alert></Container>
  }
  if (!promo.data) return <Container size="sm" py={48}><Skeleton h={240} /></Container>
  const data = promo.data
  const regular = data.plan.prices.find((p) => p.billingCycle === data.billingCycle)
  const money = (amount: number) => formatMoney({ amount, currency: (regular?.currency ?? 'eur') as CurrencyId })
  const isSeller = Boolean(me.data?.seller)
  return (
    <Container size="sm" py={48}>
      <Stack gap="lg" data-testid="promo-page">
        <Title order={1}>{t('platformPlans.promo.title')}</Title>
        {data.specialAmount !== null && regular && (
          <Text fz="lg" fw={600} data-testid="promo-terms">{t('platformPlans.promo.special', { price: money(data.specialAmount), per: t(`platformPlans.per.${data.billingCycle}`), regular: money(regular.amount) })}</Text>
        )}
        {data.freeMonths !== null && <Text fz="lg" fw={600}>{t('platformPlans.promo.free', { count: data.freeMonths })}</Text>}
        {data.expiresAt && <Text c="dimmed">{t('platformPlans.promo.expires', { date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(data.expiresAt)) })}</Text>}
        <PlanCard plan={data.plan} cycle={data.billingCycle} />
        {isSeller
          ? <Button size="md" loading={take.isPending} onClick={() => take.mutate()} data-testid="promo-take">{t('platformPlans.promo.take')}</Button>
          : <Button size="md" component="a" href={`/users/sign_in?return_to=${encodeURIComponent(window.location.pathname)}`} data-testid="promo-sign-in">{t('platformPlans.promo.signIn')}</Button>}
      </Stack>
    </Container>
  )
}
