import {
  Badge, Button, Card, Container, Group, List, SegmentedControl, SimpleGrid, Stack, Text, ThemeIcon, Title,
} from '@mantine/core'
import {
  IconCheck, IconCode, IconCreditCard, IconDiscount, IconFileInvoice, IconPackage, IconSchool,
} from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney } from '../../../../shared/money'
import { LegalDocument } from '../components/legal-document'

// The public pages of docs/reference/catalogue-and-selling.md and accounts-and-orders.md §2: landing, plans and the legal pages.
// Every claim names what exists today (docs/decisions/0041-first-ten-minutes.md).

const highlights = [
  { key: 'products', icon: IconPackage },
  { key: 'checkout', icon: IconCreditCard },
  { key: 'courses', icon: IconSchool },
  { key: 'offers', icon: IconDiscount },
  { key: 'invoices', icon: IconFileInvoice },
  { key: 'openSource', icon: IconCode },
] as const

export function LandingPage() {
  const { t } = useTranslation()
  return (
    <Container size="lg" py={48}>
      <Stack gap={56}>
        <Stack gap="lg" maw={760}>
          <Badge variant="light" size="lg" w="fit-content">{t('landing.badge')}</Badge>
          <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15}>{t('landing.title')}</Title>
          <Text fz="lg" c="dimmed">{t('landing.lead')}</Text>
          <Group>
            <Button size="md" component={Link} to="/users/sign_up" data-testid="landing-sign-up">{t('landing.ctaSignUp')}</Button>
            <Button size="md" variant="default" component={Link} to="/plans">{t('landing.ctaPlans')}</Button>
          </Group>
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {highlights.map(({ key, icon: Icon }) => (
            <Card key={key} withBorder padding="lg" radius="md">
              <ThemeIcon size={40} radius="md" variant="light" mb="md"><Icon size={22} aria-hidden /></ThemeIcon>
              <Text fw={600} mb={6}>{t(`landing.features.${key}.title`)}</Text>
              <Text size="sm" c="dimmed">{t(`landing.features.${key}.text`)}</Text>
            </Card>
          ))}
        </SimpleGrid>

        <Stack gap="md">
          <Title order={2}>{t('landing.rolesTitle')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {(['seller', 'payer'] as const).map((role) => (
              <Stack key={role} gap={4}>
                <Text fw={600}>{t(`landing.roles.${role}.title`)}</Text>
                <Text size="sm" c="dimmed">{t(`landing.roles.${role}.text`)}</Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>

        <Card withBorder padding="xl" radius="md" bg="var(--mantine-color-indigo-light)">
          <Group justify="space-between" gap="lg">
            <Stack gap={4} maw={560}>
              <Title order={3}>{t('landing.finalTitle')}</Title>
              <Text c="dimmed">{t('landing.finalText')}</Text>
            </Stack>
            <Group>
              <Button component={Link} to="/users/sign_up">{t('landing.ctaSignUp')}</Button>
            </Group>
          </Group>
        </Card>
      </Stack>
    </Container>
  )
}

const billingCycles = ['monthly', 'quarterly', 'annually'] as const
type BillingCycle = (typeof billingCycles)[number]

export function PlansPage() {
  const { t } = useTranslation()
  const [cycle, setCycle] = useState<BillingCycle>('monthly')
  const features = ['products', 'noFee', 'allFeatures', 'ownData', 'updates'] as const
  return (
    <Container size="lg" py={48}>
      <Stack gap="xl">
        <Stack gap="xs" maw={720}>
          <Title order={1}>{t('plans.title')}</Title>
          <Text c="dimmed" fz="lg">{t('plans.lead')}</Text>
        </Stack>
        <SegmentedControl
          w="fit-content"
          value={cycle}
          onChange={(value) => setCycle(value as BillingCycle)}
          data={billingCycles.map((value) => ({ value, label: t(`plans.cycles.${value}`) }))}
          aria-label={t('plans.cycleLabel')}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card withBorder padding="xl" radius="md" data-testid="plan-self-hosted">
            <Stack gap="md">
              <Group justify="space-between">
                <Title order={2} fz="xl">{t('plans.selfHosted.name')}</Title>
                <Badge color="green" variant="light">{t('plans.selfHosted.badge')}</Badge>
              </Group>
              <Group gap={6} align="baseline">
                <Text fz={36} fw={700}>{formatMoney({ amount: 0, currency: 'eur' })}</Text>
                <Text c="dimmed">{t(`plans.per.${cycle}`)}</Text>
              </Group>
              <Text c="dimmed">{t('plans.selfHosted.text')}</Text>
              <List spacing="xs" icon={<ThemeIcon size={20} radius="xl" color="teal" variant="light"><IconCheck size={12} /></ThemeIcon>}>
                {features.map((key) => <List.Item key={key}>{t(`plans.selfHosted.features.${key}`)}</List.Item>)}
              </List>
              <Button component={Link} to="/users/sign_up" size="md">{t('plans.selfHosted.cta')}</Button>
            </Stack>
          </Card>
          <Card withBorder padding="xl" radius="md">
            <Stack gap="md">
              <Title order={2} fz="xl">{t('plans.hosted.name')}</Title>
              <Text c="dimmed">{t('plans.hosted.text')}</Text>
              <Text size="sm">{t('plans.hosted.cycles')}</Text>
              {/* The platform's own plans (docs/decisions/0055-platform-plans.md): chosen in the seller's cabinet. */}
              <Button component={Link} to="/cabinet/plans" variant="default" data-testid="hosted-plans-link">{t('plans.hosted.cta')}</Button>
            </Stack>
          </Card>
        </SimpleGrid>
        <Text size="sm" c="dimmed">{t('plans.note')}</Text>
      </Stack>
    </Container>
  )
}

export function TermsPage() {
  return <LegalDocument name="terms" />
}

export function PrivacyPage() {
  return <LegalDocument name="privacy" />
}

export function ImprintPage() {
  return <LegalDocument name="imprint" />
}
