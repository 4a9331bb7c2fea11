import { Button, Group, SegmentedControl, Select, SimpleGrid, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { IconChartBar } from '@tabler/icons-react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { statisticsPeriods } from '../../../../shared/schemas/affiliates'
import { LoadingMask } from '../../../components/loading-mask'
import { useSearchParam } from '../../../lib/search'
import { allProgramsQuery, statisticsQuery, type StatisticsQuery } from '../api/affiliates'
import { LazyAffiliateCharts } from '../components/lazy-charts'
import { NodesTable } from '../components/nodes-table'
import { OverviewTab } from '../components/overview-tab'
import { ProductsTab } from '../components/products-tab'
import { ProgramsTable } from '../components/programs-table'
import { earningsText, StatisticsTotals } from '../components/statistics-totals'

// The seller's affiliate pages (docs/decisions/0048-affiliates.md): /cabinet/affiliate_programs with the tabs
// overview, programs, publishers and products (?tab=), /cabinet/affiliate_nodes (the publishers) and
// /cabinet/affiliate_statistics.

const tabs = ['overview', 'programs', 'publishers', 'products'] as const
type Tab = (typeof tabs)[number]

export function AffiliateProgramsPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const asked = useSearchParam('tab')
  const tab: Tab = (tabs as readonly string[]).includes(asked ?? '') ? asked as Tab : 'overview'
  return (
    <Stack gap="lg" data-testid="affiliate-programs-page">
      <Group justify="space-between">
        <Title order={2}>{t('affiliates.title')}</Title>
        <Button component={Link} to="/cabinet/affiliate_statistics" variant="default" leftSection={<IconChartBar size={16} />} data-testid="affiliate-statistics-link">
          {t('affiliates.stats.title')}
        </Button>
      </Group>
      <Tabs value={tab} keepMounted={false}
        onChange={(value) => value && value !== tab && void navigate({ to: '/cabinet/affiliate_programs', search: { tab: value } as never })}>
        <Tabs.List>
          {tabs.map((name) => <Tabs.Tab key={name} value={name} data-testid={`affiliate-tab-${name}`}>{t(`affiliates.tabs.${name}`)}</Tabs.Tab>)}
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md"><OverviewTab /></Tabs.Panel>
        <Tabs.Panel value="programs" pt="md"><ProgramsTable /></Tabs.Panel>
        <Tabs.Panel value="publishers" pt="md"><NodesTable /></Tabs.Panel>
        <Tabs.Panel value="products" pt="md"><ProductsTab /></Tabs.Panel>
      </Tabs>
    </Stack>
  )
}

export function AffiliateNodesPage() {
  const { t } = useTranslation()
  return (
    <Stack gap="lg" data-testid="affiliate-nodes-page">
      <Title order={2}>{t('affiliates.nodes.title')}</Title>
      <NodesTable />
    </Stack>
  )
}

const groups = ['publishers', 'products', 'programs'] as const
type Period = (typeof statisticsPeriods)[number]

export function AffiliateStatisticsPage() {
  const { t } = useTranslation()
  const [period, setPeriod] = useState<Period>('day')
  const [from, setFrom] = useState('')
  const [till, setTill] = useState('')
  const [programId, setProgramId] = useState<string | null>(null)
  const [group, setGroup] = useState<(typeof groups)[number]>('publishers')
  const day = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined)
  const query: StatisticsQuery = {
    period, group, from: day(from), till: day(till), affiliate_program_id: programId ? Number(programId) : undefined,
  }
  const stats = useQuery(statisticsQuery(query))
  const programs = useQuery(allProgramsQuery())
  const rows = stats.data?.rows ?? []
  return (
    <Stack gap="lg" data-testid="affiliate-statistics-page">
      <Title order={2}>{t('affiliates.stats.title')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
        <Stack gap={4}>
          <Text size="sm" fw={500}>{t('affiliates.stats.period')}</Text>
          <SegmentedControl value={period} onChange={(v) => setPeriod(v as Period)} data-testid="affiliate-stats-period"
            data={statisticsPeriods.map((p) => ({ value: p, label: t(`affiliates.stats.periods.${p}`) }))} />
        </Stack>
        <TextInput type="date" label={t('affiliates.stats.from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} data-testid="affiliate-stats-from" />
        <TextInput type="date" label={t('affiliates.stats.till')} value={till} onChange={(e) => setTill(e.currentTarget.value)} data-testid="affiliate-stats-till" />
        <Select label={t('affiliates.columns.program')} placeholder={t('affiliates.any')} clearable searchable value={programId} onChange={setProgramId}
          data={(programs.data?.list ?? []).map((p) => ({ value: String(p.id), label: p.name }))} nothingFoundMessage={t('common.nothingFound')}
          data-testid="affiliate-stats-program" />
      </SimpleGrid>
      <LoadingMask visible={stats.isPending || stats.isFetching}>
        <Stack gap="lg">
          <StatisticsTotals stats={stats.data} />
          {stats.data && <LazyAffiliateCharts stats={stats.data} period={period} />}
          <Group justify="space-between">
            <Title order={4}>{t('affiliates.stats.byGroup')}</Title>
            <SegmentedControl value={group} onChange={(v) => setGroup(v as (typeof groups)[number])} data-testid="affiliate-stats-group"
              data={groups.map((g) => ({ value: g, label: t(`affiliates.stats.groups.${g}`) }))} />
          </Group>
          <Table.ScrollContainer minWidth={560}>
            <Table striped data-testid="affiliate-stats-rows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t(`affiliates.stats.groupColumn.${group}`)}</Table.Th>
                  <Table.Th>{t('affiliates.stats.clicks')}</Table.Th>
                  <Table.Th>{t('affiliates.stats.sales')}</Table.Th>
                  <Table.Th>{t('affiliates.stats.conversion')}</Table.Th>
                  <Table.Th>{t('affiliates.stats.commissions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{row.name}</Table.Td><Table.Td>{row.clicks}</Table.Td><Table.Td>{row.sales}</Table.Td>
                    <Table.Td>{`${row.conversion} %`}</Table.Td><Table.Td>{earningsText(row.earnings)}</Table.Td>
                  </Table.Tr>
                ))}
                {rows.length === 0 && <Table.Tr><Table.Td colSpan={5}><Text c="dimmed" ta="center" py="md">{t('affiliates.stats.empty')}</Text></Table.Td></Table.Tr>}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      </LoadingMask>
    </Stack>
  )
}
