import { Alert, Anchor, Badge, Button, Card, Group, Image, SimpleGrid, Skeleton, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { FormError } from '../../../components/form-error'
import { initialListState, withQuery, type ListState } from '../../../components/list-state'
import { NotFoundState } from '../../../components/not-found-state'
import { isApiError } from '../../../lib/api-client'
import { money } from '../../../lib/format'
import { useSearchParam } from '../../../lib/search'
import { publisherDetailsQuery } from '../api/details'
import { marketplaceQuery, publicProgramQuery, type MarketplaceItem, type MarketplaceTab, type PublicProgram } from '../api/marketplace'
import { CopyField } from '../components/copy-field'
import { JoinProgramButton } from '../components/join-program'
import { NodeStateBadge } from '../components/node-state-badge'
import { NodesTable } from '../components/nodes-table'
import { parseProgramReference } from '../lib/program-reference'

// The publisher's programs: the ones taken part in (/publish/affiliate_programs), every participation
// (/publish/affiliate_nodes), joining by id or link (/publish/affiliate_nodes/new), the marketplace
// (/publish/affiliate_marketplace?tab=…) and one program's detail (/publish/affiliate_marketplace/$itemId).

export function MyProgramsPage() {
  const { t } = useTranslation()
  return (
    <Stack gap="lg" data-testid="publisher-programs">
      <Group justify="space-between">
        <Title order={2}>{t('publisher.programs.title')}</Title>
        <Button component={Link} to="/publish/affiliate_marketplace">{t('publisher.programs.find')}</Button>
      </Group>
      <Text c="dimmed" size="sm">{t('publisher.programs.lead')}</Text>
      <NodesTable source="programs" />
    </Stack>
  )
}

export function AffiliateNodesPage() {
  const { t } = useTranslation()
  return (
    <Stack gap="lg" data-testid="publisher-nodes">
      <Group justify="space-between">
        <Title order={2}>{t('publisher.nodes.title')}</Title>
        <Button component={Link} to="/publish/affiliate_nodes/new" data-testid="publisher-node-new">{t('publisher.join.title')}</Button>
      </Group>
      <Text c="dimmed" size="sm">{t('publisher.nodes.lead')}</Text>
      <NodesTable source="nodes" />
    </Stack>
  )
}

export function AffiliateNodeNewPage() {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const reference = parseProgramReference(text)
  const program = useQuery({ ...publicProgramQuery(reference?.programId ?? 0), enabled: submitted && reference !== null })
  return (
    <Stack gap="lg" maw={720} data-testid="publisher-node-new-page">
      <Title order={2}>{t('publisher.join.title')}</Title>
      <Text c="dimmed" size="sm">{t('publisher.join.lead')}</Text>
      <Card withBorder padding="lg" radius="md">
        <form onSubmit={(event) => { event.preventDefault(); setSubmitted(true) }} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('publisher.join.reference')} description={t('publisher.join.referenceHint')} value={text} autoFocus
              onChange={(e) => { setText(e.currentTarget.value); setSubmitted(false) }}
              error={submitted && !reference ? t('publisher.join.unreadable') : undefined} data-testid="join-reference"
            />
            {reference?.recruitedBy && <Text size="sm" c="dimmed">{t('publisher.join.recruited')}</Text>}
            <Button type="submit" variant="light" w="fit-content" data-testid="join-find">{t('publisher.join.find')}</Button>
          </Stack>
        </form>
      </Card>
      {submitted && reference && program.isPending && <Skeleton h={120} radius="md" />}
      {submitted && reference && program.isError && (
        <Alert color="red" variant="light">{isApiError(program.error) && program.error.status === 404 ? t('publisher.join.notFound') : t('errors.generic')}</Alert>
      )}
      {submitted && reference && program.data && (
        <Card withBorder padding="lg" radius="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <Text fw={600}>{program.data.name}</Text>
              <Text size="sm" c="dimmed">{program.data.seller.name}</Text>
            </Group>
            <Text size="sm">{t('publisher.program.levelsShort', { levels: program.data.commissions.map((c) => `${c} %`).join(' · ') })}</Text>
            <Anchor component={Link} to={`/publish/affiliate_marketplace/${program.data.id}`} size="sm">{t('publisher.join.details')}</Anchor>
            <MyNodeOrJoin program={program.data} recruitedBy={reference.recruitedBy} />
          </Stack>
        </Card>
      )}
    </Stack>
  )
}

function MyNodeOrJoin({ program, recruitedBy }: { program: PublicProgram; recruitedBy?: string | undefined }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const node = program.myNode
  if (node && (node.state === 'accepted' || node.state === 'requested')) {
    return (
      <Stack gap="xs" data-testid="my-node">
        <Group gap="xs"><Text size="sm">{t('publisher.program.yourState')}</Text><NodeStateBadge state={node.state} /></Group>
        {node.state === 'requested' && <Text size="sm" c="dimmed">{t('publisher.program.waiting')}</Text>}
        {node.state === 'accepted' && (
          <>
            <CopyField label={t('publisher.nodes.link')} value={node.link} testId="publisher-node-link" />
            <CopyField label={t('publisher.nodes.recruitmentLink')} value={node.recruitmentLink} testId="publisher-recruitment-link" />
          </>
        )}
      </Stack>
    )
  }
  return (
    <Stack gap="xs">
      {node && <Group gap="xs"><Text size="sm">{t('publisher.program.yourState')}</Text><NodeStateBadge state={node.state} /></Group>}
      <Text size="sm" c="dimmed">{program.autoAccept ? t('publisher.program.autoAccept') : t('publisher.program.manualAccept')}</Text>
      <JoinProgramButton
        programId={program.id} recruitedBy={recruitedBy}
        label={node ? t('publisher.join.again') : undefined}
        onJoined={() => void navigate({ to: '/publish/affiliate_marketplace/$itemId', params: { itemId: String(program.id) } })}
      />
    </Stack>
  )
}

// --------------------------------------------------------------------------------------------- marketplace

const tabs = ['overview', 'programs', 'products', 'sellers', 'affiliate'] as const
type Tab = (typeof tabs)[number]

export function MarketplacePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const asked = useSearchParam('tab')
  const tab: Tab = (tabs as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'overview'
  const [sellerQuery, setSellerQuery] = useState<string | undefined>(undefined)
  const go = (next: Tab, query?: string) => {
    setSellerQuery(query)
    void navigate({ href: `/publish/affiliate_marketplace${next === 'overview' ? '' : `?tab=${next}`}` })
  }
  return (
    <Stack gap="lg" data-testid="publisher-marketplace">
      <Title order={2}>{t('publisher.marketplace.title')}</Title>
      <Text c="dimmed" size="sm">{t('publisher.marketplace.lead')}</Text>
      <Tabs value={tab} onChange={(value) => value && go(value as Tab)}>
        <Tabs.List>
          {tabs.map((key) => <Tabs.Tab key={key} value={key} data-testid={`marketplace-tab-${key}`}>{t(`publisher.marketplace.tabs.${key}`)}</Tabs.Tab>)}
        </Tabs.List>
      </Tabs>
      {tab === 'overview' && <FeaturedPrograms />}
      {(tab === 'programs' || tab === 'products' || tab === 'sellers') && (
        <MarketplaceList key={`${tab}-${sellerQuery ?? ''}`} tab={tab} initialQuery={tab === 'programs' ? sellerQuery : undefined} onSeller={(username) => go('programs', username)} />
      )}
      {tab === 'affiliate' && <PlatformProgramTab />}
    </Stack>
  )
}

function FeaturedPrograms() {
  const { t } = useTranslation()
  const list = useQuery(marketplaceQuery('programs', initialListState({ per: 6 })))
  if (!list.data) return <Skeleton h={200} radius="md" />
  if (list.data.list.length === 0) return <Text c="dimmed">{t('publisher.marketplace.empty')}</Text>
  return (
    <Stack gap="sm">
      <Title order={3} fz="lg">{t('publisher.marketplace.featured')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {list.data.list.map((item) => (
          <Card key={item.id} withBorder padding="lg" radius="md" data-testid={`marketplace-program-${item.id}`}>
            {item.coverUrl && <Card.Section><Image src={item.coverUrl} h={120} alt="" /></Card.Section>}
            <Stack gap={6} mt={item.coverUrl ? 'sm' : 0}>
              <Anchor component={Link} to={`/publish/affiliate_marketplace/${item.id}`} fw={600}>{item.name}</Anchor>
              <Text size="sm" c="dimmed">{item.seller.name}</Text>
              <Group gap={6}>
                <Badge variant="light">{t('publisher.marketplace.level1', { percent: item.commissions[0] ?? 0 })}</Badge>
                {item.commissions.length > 1 && <Badge variant="light" color="grape">{t('publisher.marketplace.levels', { count: item.commissions.length })}</Badge>}
                {item.cookiesExpire !== null && <Badge variant="light" color="gray">{t('publisher.program.cookieDays', { count: item.cookiesExpire })}</Badge>}
              </Group>
              <Text size="xs" c="dimmed">{t('publisher.marketplace.productsCount', { count: item.productsCount })}</Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  )
}

function MarketplaceList({ tab, initialQuery, onSeller }: { tab: MarketplaceTab; initialQuery?: string | undefined; onSeller: (username: string) => void }) {
  const { t } = useTranslation()
  const [state, setState] = useState<ListState>(() => withQuery(initialListState(), initialQuery ?? ''))
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(marketplaceQuery(tab, state))
  const programLink = (item: MarketplaceItem, text: string) => {
    const id = tab === 'programs' ? item.id : item.affiliateProgramId
    return id === null ? text : (
      <Anchor component={Link} to={`/publish/affiliate_marketplace/${id}`} fw={500} data-testid={`marketplace-program-${id}`}>{text}</Anchor>
    )
  }
  const levelColumns: DataTableColumn<MarketplaceItem>[] = [1, 2, 3, 4, 5].map((level) => ({
    key: `level_${level}`, title: t('publisher.levelN', { level }), render: (x: MarketplaceItem) => (x.commissions[level - 1] === undefined ? '–' : `${x.commissions[level - 1]} %`),
  }))
  const columns: DataTableColumn<MarketplaceItem>[] = tab === 'sellers'
    ? [
        { key: 'name', title: t('publisher.columns.seller'), render: (x) => <Anchor component="button" type="button" onClick={() => onSeller(x.seller.username)} fw={500}>{x.name}</Anchor> },
        { key: 'programs', title: t('publisher.columns.programs'), render: (x) => x.programsCount },
        { key: 'products', title: t('publisher.columns.products'), render: (x) => x.productsCount },
      ]
    : [
        { key: 'name', title: tab === 'programs' ? t('publisher.columns.program') : t('publisher.columns.product'), render: (x) => programLink(x, x.name) },
        { key: 'seller', title: t('publisher.columns.seller'), render: (x) => x.seller.name },
        ...(tab === 'products' ? [{ key: 'price', title: t('publisher.columns.price'), render: (x: MarketplaceItem) => (x.displayPrice !== null && x.currency ? money(x.displayPrice, x.currency) : '–') }] : []),
        ...levelColumns,
        { key: 'cookies', title: t('publisher.columns.cookieDays'), render: (x) => x.cookiesExpire ?? '–' },
        ...(tab === 'programs' ? [{ key: 'products', title: t('publisher.columns.products'), render: (x: MarketplaceItem) => x.productsCount }] : []),
      ]
  return (
    <DataTable
      columns={columns} rows={list.data?.list ?? []} rowKey={(x) => `${x.id}-${x.affiliateProgramId ?? 0}`} totalCount={list.data?.totalCount ?? 0}
      state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching}
      searchLabel={t(`publisher.marketplace.search.${tab}`)} emptyText={t('publisher.marketplace.empty')}
    />
  )
}

function PlatformProgramTab() {
  const { t } = useTranslation()
  const details = useQuery(publisherDetailsQuery())
  return (
    <Card withBorder padding="lg" radius="md" data-testid="marketplace-platform-program">
      <Stack gap="sm">
        <Title order={3} fz="lg">{t('publisher.platform.title')}</Title>
        <Text size="sm">{t('publisher.platform.text')}</Text>
        <Text size="sm">{t('publisher.platform.how')}</Text>
        {details.data ? (
          <>
            <Text fw={600} size="sm">{t('publisher.details.platformLink')}</Text>
            <CopyField value={details.data.platformLink} testId="publisher-platform-link" />
          </>
        ) : <Skeleton h={30} />}
        <Group>
          <Anchor component={Link} to="/publish/statistics_affiliate" size="sm">{t('publisher.platform.statistics')}</Anchor>
          <Anchor component={Link} to="/users/ablefy_affiliate" size="sm">{t('publisher.platform.more')}</Anchor>
        </Group>
      </Stack>
    </Card>
  )
}

// ------------------------------------------------------------------------------------------- program detail

export function ProgramDetailPage() {
  const { t } = useTranslation()
  const { itemId } = useParams({ strict: false }) as { itemId?: string }
  const id = /^\d+$/.test(itemId ?? '') ? Number(itemId) : 0
  const recruitedBy = useSearchParam('recruited_by')
  const program = useQuery(publicProgramQuery(id))
  if (id === 0 || (program.isError && isApiError(program.error) && program.error.status === 404)) {
    return <NotFoundState homePath="/publish/affiliate_marketplace" homeLabel={t('publisher.program.back')} />
  }
  if (program.isError) {
    return (
      <Stack gap="sm" maw={560}>
        <FormError error={program.error} />
        <Button variant="light" w="fit-content" onClick={() => void program.refetch()}>{t('common.tryAgain')}</Button>
      </Stack>
    )
  }
  if (!program.data) return <Skeleton h={320} radius="md" />
  const p = program.data
  return (
    <Stack gap="lg" data-testid={`marketplace-program-detail-${p.id}`}>
      <Anchor component={Link} to="/publish/affiliate_marketplace" search={{ tab: 'programs' } as never} size="sm">{t('publisher.program.back')}</Anchor>
      <Stack gap={4}>
        <Title order={2}>{p.name}</Title>
        <Text c="dimmed" size="sm">{t('publisher.program.by', { seller: p.seller.name })}</Text>
      </Stack>
      {p.description && <Text style={{ whiteSpace: 'pre-line' }}>{p.description}</Text>}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="lg" radius="md">
          <Stack gap="sm">
            <Text fw={600}>{t('publisher.program.commissions')}</Text>
            <Table data-testid="program-levels">
              <Table.Tbody>
                {p.commissions.map((c, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>{t('publisher.levelN', { level: index + 1 })}</Table.Td>
                    <Table.Td fw={600}>{c} %</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text size="xs" c="dimmed">{t('publisher.program.levelsExplained')}</Text>
          </Stack>
        </Card>
        <Card withBorder padding="lg" radius="md">
          <Stack gap="xs">
            <Text fw={600}>{t('publisher.program.terms')}</Text>
            <Fact label={t('publisher.program.cookies')} value={t('publisher.program.cookieDays', { count: p.cookiesExpire })} />
            <Fact label={t('publisher.program.duration')} value={p.lifetime === 'days' ? t('publisher.program.durations.days', { count: p.lifetimeDays ?? 0 }) : t(`publisher.program.durations.${p.lifetime}`)} />
            <Fact label={t('publisher.program.bonus')} value={p.bonus && p.bonusCurrency ? money(p.bonus, p.bonusCurrency) : t('publisher.program.noBonus')} />
            <Fact label={t('publisher.program.acceptance')} value={p.autoAccept ? t('publisher.program.autoAccept') : t('publisher.program.manualAccept')} />
          </Stack>
        </Card>
      </SimpleGrid>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="sm">
          <Text fw={600}>{t('publisher.program.yourParticipation')}</Text>
          <MyNodeOrJoin program={p} recruitedBy={recruitedBy} />
        </Stack>
      </Card>
      <Stack gap="sm">
        <Title order={3} fz="lg">{t('publisher.program.products')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {p.products.map((product) => (
            <Card key={product.id} withBorder padding="md" radius="md" data-testid={`program-product-${product.id}`}>
              {product.coverUrl && <Card.Section><Image src={product.coverUrl} h={120} alt="" /></Card.Section>}
              <Stack gap={4} mt={product.coverUrl ? 'sm' : 0}>
                <Anchor href={product.url} target="_blank" rel="noopener" fw={500}>{product.name}</Anchor>
                <Text size="sm">{product.displayPrice !== null && product.currency ? money(product.displayPrice, product.currency) : t('publisher.program.free')}</Text>
                {p.commissions[0] !== undefined && product.displayPrice !== null && product.currency && (
                  <Text size="xs" c="dimmed">{t('publisher.program.approxCommission', { percent: p.commissions[0] })}</Text>
                )}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  )
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed">{label}</Text>
      <Text size="sm" fw={500}>{value}</Text>
    </Group>
  )
}
