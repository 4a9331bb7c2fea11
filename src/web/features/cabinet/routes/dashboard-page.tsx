import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useMe } from '../../../lib/session'
import { productCountQuery } from '../api/product-count'
import { LegalTextsWarning } from '../components/legal-texts-warning'

// /cabinet: the seller's state at a glance, then the figures the app composes in (src/web/app/cabinet-home.tsx). A seller can sell once the email is confirmed, the seller
// profile is finished and a payment provider is active (docs/reference/readings.md 23); each open step links to where
// it is done.

function Step({ done, title, text, action, testId }: { done: boolean; title: string; text: string; action?: ReactNode; testId: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" data-testid={testId} data-done={done}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon color={done ? 'teal' : 'yellow'} variant="light" radius="xl" size={32}>
          {done ? <IconCircleCheck size={20} aria-hidden /> : <IconAlertTriangle size={20} aria-hidden />}
        </ThemeIcon>
        <Stack gap={2}>
          <Text fw={500}>{title}</Text>
          <Text size="sm" c="dimmed">{text}</Text>
        </Stack>
      </Group>
      {!done && action}
    </Group>
  )
}

/** `children`: what the app composes under the seller's state (the seller dashboard's figures). */
export function DashboardPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation()
  const user = useMe().data
  const productCount = useQuery({ ...productCountQuery(), enabled: Boolean(user?.seller) })
  if (!user) return null
  const seller = user.seller
  return (
    <Stack gap="lg" data-testid="cabinet-dashboard">
      <Stack gap={4}>
        <Title order={2}>{t('cabinet.welcome', { name: user.firstName })}</Title>
        <Text c="dimmed">{t('cabinet.lead')}</Text>
      </Stack>

      {seller ? (
        <Card withBorder padding="lg" radius="md">
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={3} fz="lg">{t('cabinet.stateTitle')}</Title>
              <Group gap="xs">
                {seller.powerSeller && <Badge color="indigo" variant="light">{t('cabinet.powerSeller')}</Badge>}
                <Badge color={seller.canSell ? 'green' : 'yellow'} variant="light" data-testid="can-sell">
                  {seller.canSell ? t('cabinet.canSell') : t('cabinet.cannotSell')}
                </Badge>
              </Group>
            </Group>
            <Text size="sm" c="dimmed">{t('cabinet.username', { username: seller.username })}</Text>
            <Step
              testId="seller-state-email"
              done={user.confirmed}
              title={t('cabinet.steps.email.title')}
              text={user.confirmed ? t('cabinet.steps.email.done', { email: user.email }) : t('cabinet.steps.email.open', { email: user.email })}
              action={<Button size="xs" variant="light" component={Link} to="/cabinet/profile/edit">{t('cabinet.steps.email.action')}</Button>}
            />
            <Step
              testId="seller-state-profile"
              done={seller.profileFinished}
              title={t('cabinet.steps.profile.title')}
              text={seller.profileFinished ? t('cabinet.steps.profile.done') : t('cabinet.steps.profile.open')}
              action={
                <Button
                  size="xs"
                  variant="light"
                  renderRoot={(props) => <Link {...props} to="/cabinet/profile/edit" search={{ seller_profile_edit: true }} />}
                  data-testid="finish-registration-link"
                >
                  {t('cabinet.steps.profile.action')}
                </Button>
              }
            />
            <Step
              testId="seller-state-payments"
              done={seller.paymentAccountDone}
              title={t('cabinet.steps.payments.title')}
              text={seller.paymentAccountDone ? t('cabinet.steps.payments.done') : t('cabinet.steps.payments.open')}
              action={<Button size="xs" variant="light" component={Link} to="/cabinet/settings/payment_providers">{t('cabinet.steps.payments.action')}</Button>}
            />
          </Stack>
        </Card>
      ) : (
        <Alert color="yellow" title={t('cabinet.noSellerTitle')}>{t('cabinet.noSellerText')}</Alert>
      )}

      <LegalTextsWarning />
      {seller && children}

      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Card withBorder padding="lg" radius="md" data-testid="dashboard-products">
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600}>{t('cabinet.cards.products.title')}</Text>
              {productCount.data !== undefined && <Badge variant="light" data-testid="dashboard-products-count">{productCount.data}</Badge>}
            </Group>
            <Text size="sm" c="dimmed">
              {productCount.data === undefined ? t('cabinet.cards.products.text') : t('cabinet.cards.products.count', { count: productCount.data })}
            </Text>
            <Button component={Link} to="/cabinet/products" variant="light" w="fit-content">{t('cabinet.cards.products.open')}</Button>
          </Stack>
        </Card>
        {(['affiliates'] as const).map((key) => (
          <Card key={key} withBorder padding="lg" radius="md">
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={600}>{t(`cabinet.cards.${key}.title`)}</Text>
                <Badge variant="light" color="gray">{t('soon.badge')}</Badge>
              </Group>
              <Text size="sm" c="dimmed">{t(`cabinet.cards.${key}.text`)}</Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  )
}
