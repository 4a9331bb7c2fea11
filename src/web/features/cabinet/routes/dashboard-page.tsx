import { Alert, Badge, Button, Card, CloseButton, Group, Progress, SimpleGrid, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core'
import { IconCircleCheck, IconCircleDashed, IconExternalLink } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { MailPreviewLink, rememberedMailPreview } from '../../../components/mail-preview-link'
import { actsAsTeamMember } from '../../../lib/profiles'
import { useMe, type User } from '../../../lib/session'
import { checklistQuery, type Checklist } from '../api/checklist'
import { productCountQuery } from '../api/product-count'
import { LegalTextsWarning } from '../components/legal-texts-warning'

// /cabinet: the seller's shop link, the "start selling" checklist (docs/decisions/0041-first-ten-minutes.md), then
// the figures the app composes in (src/web/app/cabinet-home.tsx). The checklist's steps come from the server,
// each done or not from the seller's data; a step this page has no texts for is skipped, so a new step is one
// item on the server and its texts here. It hides when every step is done or the seller hides it.

type Item = Checklist['items'][number]

const dismissedKey = (sellerId: number) => `sf.checklistHidden.${sellerId}`
const shopSeenKey = (sellerId: number) => `sf.shopSeen.${sellerId}`
const knownSteps = ['confirm_email', 'profile', 'first_product', 'publish', 'view_shop', 'test_purchase', 'legal_texts'] as const
type StepKey = (typeof knownSteps)[number]
const isKnown = (key: string): key is StepKey => (knownSteps as readonly string[]).includes(key)

function Step({ done, title, text, action, testId }: { done: boolean; title: string; text: string; action?: ReactNode; testId: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" data-testid={testId} data-done={done}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon color={done ? 'teal' : 'gray'} variant="light" radius="xl" size={32}>
          {done ? <IconCircleCheck size={20} aria-hidden /> : <IconCircleDashed size={20} aria-hidden />}
        </ThemeIcon>
        <Stack gap={2}>
          <Text fw={500} td={done ? 'line-through' : undefined} c={done ? 'dimmed' : undefined}>{title}</Text>
          <Text size="sm" c="dimmed">{text}</Text>
        </Stack>
      </Group>
      {!done && action}
    </Group>
  )
}

/** The link (and how it opens) that does one step. */
function StepAction({ item, checklist, onShopOpened }: { item: Item & { key: StepKey }; checklist: Checklist; onShopOpened: () => void }) {
  const { t } = useTranslation()
  const label = t(`cabinet.checklist.items.${item.key}.action`)
  const testId = `checklist-action-${item.key}`
  const external = (href: string, onClick?: () => void) => (
    <Button size="xs" variant="light" component="a" href={href} target="_blank" rel="noopener" onClick={onClick}
      rightSection={<IconExternalLink size={14} aria-hidden />} data-testid={testId}>{label}</Button>
  )
  switch (item.key) {
    case 'confirm_email':
      return <Button size="xs" variant="light" component={Link} to="/cabinet/profile/edit" data-testid={testId}>{label}</Button>
    case 'profile':
      return (
        <Button size="xs" variant="light" renderRoot={(props) => <Link {...props} to="/cabinet/profile/edit" search={{ seller_profile_edit: true }} />}
          data-testid="finish-registration-link">{label}</Button>
      )
    case 'first_product':
      return <Button size="xs" variant="light" component={Link} to="/cabinet/products" data-testid={testId}>{label}</Button>
    case 'publish':
      return item.productId
        ? <Button size="xs" variant="light" component={Link} to={`/cabinet/products/${item.productId}/edit`} data-testid={testId}>{label}</Button>
        : <Button size="xs" variant="light" component={Link} to="/cabinet/products" data-testid={testId}>{label}</Button>
    case 'view_shop':
      return external(checklist.shopPath, onShopOpened)
    case 'test_purchase':
      return item.productSlug ? external(`${checklist.shopPath}/${encodeURIComponent(item.productSlug)}`) : null
    case 'legal_texts':
      return <Button size="xs" variant="light" component={Link} to="/cabinet/settings/cancellation_terms" data-testid={testId}>{label}</Button>
  }
}

function StartSelling({ user, sellerId }: { user: User; sellerId: number }) {
  const { t } = useTranslation()
  const checklist = useQuery(checklistQuery())
  const [hidden, setHidden] = useState(() => localStorage.getItem(dismissedKey(sellerId)) === '1')
  const [shopSeen, setShopSeen] = useState(() => localStorage.getItem(shopSeenKey(sellerId)) === '1')
  if (hidden || !checklist.data) return null
  const items = checklist.data.items
    .filter((item): item is Item & { key: StepKey } => isKnown(item.key))
    // the seller's own visit counts as seeing the shop; the server knows only of orders placed in it
    .map((item) => (item.key === 'view_shop' && shopSeen ? { ...item, done: true } : item))
  const done = items.filter((i) => i.done).length
  if (done === items.length) return null
  const markShopSeen = () => {
    localStorage.setItem(shopSeenKey(sellerId), '1')
    setShopSeen(true)
  }
  return (
    <Card withBorder padding="lg" radius="md" data-testid="start-selling">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={4} style={{ flex: 1 }}>
            <Title order={3} fz="lg">{t('cabinet.checklist.title')}</Title>
            <Group gap="sm" wrap="nowrap">
              <Progress value={(done / items.length) * 100} w={160} size="sm" aria-hidden />
              <Text size="sm" c="dimmed" data-testid="start-selling-progress">{t('cabinet.checklist.progress', { done, total: items.length })}</Text>
            </Group>
          </Stack>
          <Tooltip label={t('cabinet.checklist.dismiss')}>
            <CloseButton
              aria-label={t('cabinet.checklist.dismiss')}
              data-testid="start-selling-dismiss"
              onClick={() => {
                localStorage.setItem(dismissedKey(sellerId), '1')
                setHidden(true)
              }}
            />
          </Tooltip>
        </Group>
        {items.map((item) => (
          <Stack key={item.key} gap={6}>
            <Step
              testId={`checklist-${item.key}`}
              done={item.done}
              title={t(`cabinet.checklist.items.${item.key}.title`)}
              text={t(`cabinet.checklist.items.${item.key}.${item.done ? 'done' : 'open'}`, { email: user.email })}
              action={<StepAction item={item} checklist={checklist.data} onShopOpened={markShopSeen} />}
            />
            {item.key === 'confirm_email' && !item.done && <MailPreviewLink url={rememberedMailPreview()} />}
          </Stack>
        ))}
      </Stack>
    </Card>
  )
}

/** `children`: what the app composes under the seller's state (the seller dashboard's figures). */
export function DashboardPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation()
  const user = useMe().data
  // a team member acting for a seller: the user's own seller state is not this cabinet's
  const acting = user ? actsAsTeamMember(user) : false
  const productCount = useQuery({ ...productCountQuery(), enabled: Boolean(user?.seller) && !acting })
  if (!user) return null
  const seller = acting ? null : user.seller
  return (
    <Stack gap="lg" data-testid="cabinet-dashboard">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2}>{t('cabinet.welcome', { name: user.firstName })}</Title>
          <Text c="dimmed">{t('cabinet.lead')}</Text>
        </Stack>
        {seller && (
          <Group gap="xs">
            {seller.powerSeller && <Badge color="indigo" variant="light">{t('cabinet.powerSeller')}</Badge>}
            <Badge color={seller.canSell ? 'green' : 'yellow'} variant="light" data-testid="can-sell">
              {seller.canSell ? t('cabinet.canSell') : t('cabinet.cannotSell')}
            </Badge>
            <Button
              component="a" href={`/s/${encodeURIComponent(seller.username)}`} target="_blank" rel="noopener" variant="default" size="xs"
              rightSection={<IconExternalLink size={14} aria-hidden />} data-testid="dashboard-view-shop"
              onClick={() => localStorage.setItem(shopSeenKey(seller.id), '1')}
            >
              {t('cabinet.viewShop')}
            </Button>
          </Group>
        )}
      </Group>

      {seller ? (
        <>
          <StartSelling user={user} sellerId={seller.id} />
          {!seller.paymentAccountDone && (
            <Alert color="yellow" title={t('cabinet.steps.payments.title')} data-testid="seller-state-payments">
              <Group justify="space-between" gap="sm">
                <Text size="sm">{t('cabinet.steps.payments.open')}</Text>
                <Button size="xs" variant="light" component={Link} to="/cabinet/settings/payment_providers">{t('cabinet.steps.payments.action')}</Button>
              </Group>
            </Alert>
          )}
        </>
      ) : !acting && (
        <Alert color="yellow" title={t('cabinet.noSellerTitle')}>{t('cabinet.noSellerText')}</Alert>
      )}

      <LegalTextsWarning />
      {(seller || acting) && children}

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
      </SimpleGrid>
    </Stack>
  )
}
