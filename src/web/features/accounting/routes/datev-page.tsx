import { Alert, Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconDownload, IconFileSpreadsheet, IconRefresh } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { datevBookingTypes, datevCharts, type DatevChart } from '../../../../shared/schemas/accounting'
import { datevBookingStates, datevExportStates } from '../../../../shared/states/datev-export'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { FilterPanel, activeFilterCount } from '../../../components/filter-panel'
import { FormError, errorText } from '../../../components/form-error'
import { initialListState, withFilter, type ListState } from '../../../components/list-state'
import { StatusBadge } from '../../../components/status-badge'
import { formatDate, formatDateTime, money } from '../../../lib/format'
import {
  createDatevExport, datevExportsQuery, datevKey, datevLogsQuery, datevSettingsQuery, downloadDatevFile, retryDatevExport, saveDatevSettings,
  type DatevExport, type DatevLog, type DatevSettings,
} from '../api/datev'

// /cabinet/datev: the DATEV export (docs/decisions/0076-datev-export.md). The settings the consultant gives,
// an export of a period (built by a job; the list refreshes until it is done) with a file per currency, and
// the log of every booking an export wrote, with the spec's filters.

// Export and booking states in the spec's status colours (docs/reference/accounts-and-orders.md §4): pending amber as listed,
// an export being built is waiting, a finished one successful, a failed one an error.
const tone: Record<string, string> = { processing: 'waiting', done: 'successful', failed: 'error', exported: 'successful' }

function SettingsCard({ settings }: { settings: DatevSettings | null }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const [form, setForm] = useState({ consultantNumber: '' as number | '', clientNumber: '' as number | '', chart: 'SKR03' as DatevChart, fiscalYearStartMonth: 1 })
  useEffect(() => {
    if (settings) setForm({ consultantNumber: settings.consultantNumber, clientNumber: settings.clientNumber, chart: settings.chart, fiscalYearStartMonth: settings.fiscalYearStartMonth })
  }, [settings])
  const save = useMutation({
    mutationFn: () => saveDatevSettings({
      consultant_number: Number(form.consultantNumber), client_number: Number(form.clientNumber), chart: form.chart, fiscal_year_start_month: form.fiscalYearStartMonth,
    }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('datev.settings.saved') })
      void client.invalidateQueries({ queryKey: datevKey })
    },
  })
  const months = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: new Intl.DateTimeFormat(undefined, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, i, 1))) }))
  return (
    <Card withBorder component="form" data-testid="datev-settings" onSubmit={(event) => { event.preventDefault(); save.mutate() }}>
      <Stack gap="sm">
        <Title order={4}>{t('datev.settings.title')}</Title>
        <Text size="sm" c="dimmed">{t('datev.settings.lead')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <NumberInput label={t('datev.settings.consultantNumber')} description="1001 – 9999999" min={1001} max={9_999_999} allowDecimal={false} required
            value={form.consultantNumber} onChange={(v) => setForm((f) => ({ ...f, consultantNumber: typeof v === 'number' ? v : '' }))} data-testid="datev-consultant-number" />
          <NumberInput label={t('datev.settings.clientNumber')} description="1 – 99999" min={1} max={99_999} allowDecimal={false} required
            value={form.clientNumber} onChange={(v) => setForm((f) => ({ ...f, clientNumber: typeof v === 'number' ? v : '' }))} data-testid="datev-client-number" />
          <Select label={t('datev.settings.chart')} data={datevCharts.map((c) => ({ value: c, label: c }))} allowDeselect={false}
            value={form.chart} onChange={(v) => v && setForm((f) => ({ ...f, chart: v as DatevChart }))} data-testid="datev-chart" />
          <Select label={t('datev.settings.fiscalYearStart')} data={months} allowDeselect={false}
            value={String(form.fiscalYearStartMonth)} onChange={(v) => v && setForm((f) => ({ ...f, fiscalYearStartMonth: Number(v) }))} data-testid="datev-fiscal-month" />
        </SimpleGrid>
        {settings && (
          <Text size="xs" c="dimmed" data-testid="datev-accounts">
            {t('datev.settings.accounts', { chart: settings.chart, clearing: settings.accounts.clearing })}{' '}
            {datevBookingTypes.map((type) => `${t(`datev.bookingTypes.${type}`)} ${settings.accounts[type]}`).join(' · ')}
          </Text>
        )}
        <FormError error={save.error} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={form.consultantNumber === '' || form.clientNumber === ''} data-testid="datev-settings-save">
            {t('datev.settings.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}

/** The previous calendar month, the period most exports are of. */
function lastMonth(): { from: string; till: string } {
  const now = new Date()
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0))
  return { from: first.toISOString().slice(0, 10), till: last.toISOString().slice(0, 10) }
}

function ExportsPanel({ hasSettings }: { hasSettings: boolean }) {
  const { t, i18n } = useTranslation()
  const client = useQueryClient()
  const [period, setPeriod] = useState(lastMonth)
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const exports = useQuery(datevExportsQuery(state))
  const refresh = () => client.invalidateQueries({ queryKey: datevKey })
  const create = useMutation({ mutationFn: () => createDatevExport({ period_from: period.from, period_till: period.till }), onSuccess: () => void refresh() })
  const retry = useMutation({ mutationFn: retryDatevExport, onSuccess: () => void refresh() })
  const download = useMutation({ mutationFn: ({ row, currency }: { row: DatevExport; currency: string }) => downloadDatevFile(row, currency) })

  const columns: DataTableColumn<DatevExport>[] = [
    { key: 'period', title: t('datev.exports.period'), render: (x) => `${formatDate(x.periodFrom, i18n.language)} – ${formatDate(x.periodTill, i18n.language)}` },
    { key: 'state', title: t('datev.exports.state'), render: (x) => (
      <Stack gap={2}>
        <StatusBadge status={tone[x.state] ?? x.state} value={x.state} label={t(`datev.exportStates.${x.state}`)} testId="datev-export-state" />
        {x.error && <Text size="xs" c="red">{x.error}</Text>}
      </Stack>
    ) },
    { key: 'bookings', title: t('datev.exports.bookings'), render: (x) => x.state === 'done' ? x.bookingCount : '–' },
    { key: 'created', title: t('datev.exports.created'), render: (x) => formatDateTime(x.createdAt, i18n.language) },
    { key: 'files', title: t('datev.exports.files'), render: (x) => (
      <Group gap={4}>
        {x.state === 'done' && x.currencies.length === 0 && <Text size="xs" c="dimmed">{t('datev.exports.noBookings')}</Text>}
        {x.currencies.map((currency) => (
          <Button key={currency} size="compact-xs" variant="light" leftSection={<IconDownload size={12} />} data-testid={`datev-download-${currency}`}
            onClick={() => download.mutate({ row: x, currency })}>{currency.toUpperCase()}</Button>
        ))}
        {x.state === 'failed' && (
          <Button size="compact-xs" variant="subtle" leftSection={<IconRefresh size={12} />} loading={retry.isPending} onClick={() => retry.mutate(x.id)} data-testid="datev-retry">
            {t('datev.exports.retry')}
          </Button>
        )}
      </Group>
    ) },
  ]

  return (
    <Stack gap="md">
      <Card withBorder component="form" data-testid="datev-export-form" onSubmit={(event) => { event.preventDefault(); create.mutate() }}>
        <Stack gap="sm">
          <Title order={4}>{t('datev.exports.new')}</Title>
          {!hasSettings && <Alert color="yellow" data-testid="datev-settings-first">{t('datev.exports.settingsFirst')}</Alert>}
          <Group align="end" wrap="wrap">
            <TextInput type="date" label={t('datev.exports.from')} w={170} required value={period.from}
              onChange={(e) => { const from = e.currentTarget.value; setPeriod((p) => ({ ...p, from })) }} data-testid="datev-period-from" />
            <TextInput type="date" label={t('datev.exports.till')} w={170} required value={period.till}
              onChange={(e) => { const till = e.currentTarget.value; setPeriod((p) => ({ ...p, till })) }} data-testid="datev-period-till" />
            <Button type="submit" leftSection={<IconFileSpreadsheet size={16} />} loading={create.isPending} disabled={!hasSettings || !period.from || !period.till} data-testid="datev-export-submit">
              {t('datev.exports.create')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">{t('datev.exports.reproducible')}</Text>
          <FormError error={create.error} />
        </Stack>
      </Card>
      {download.isError && <Text c="red" size="sm" role="alert">{errorText(download.error, i18n.language, t('datev.exports.downloadFailed'))}</Text>}
      <DataTable
        columns={columns} rows={exports.data?.list ?? []} rowKey={(x) => x.id} totalCount={exports.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={exports.isPending} searchable={false} emptyText={t('datev.exports.empty')}
        caption={t('datev.exports.title')}
      />
    </Stack>
  )
}

function LogPanel() {
  const { t, i18n } = useTranslation()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const logs = useQuery(datevLogsQuery(state))
  const filter = (key: string, value: string | null | undefined) => setState((s) => withFilter(s, key, value ?? undefined))
  const day = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined)

  const columns: DataTableColumn<DatevLog>[] = [
    { key: 'event_date', title: t('datev.log.date'), render: (x) => formatDateTime(x.eventDate, i18n.language) },
    { key: 'booking_type', title: t('datev.log.type'), render: (x) => t(`datev.bookingTypes.${x.bookingType}`) },
    { key: 'amount', title: t('datev.log.amount'), render: (x) => (
      <Text size="sm" data-testid="datev-log-amount">{money(x.amount, x.currency)} <Text span size="xs" c="dimmed">{x.debitCredit}</Text></Text>
    ) },
    { key: 'accounts', title: t('datev.log.accounts'), render: (x) => `${x.sellerAccount} / ${x.genAccount}` },
    { key: 'document', title: t('datev.log.document'), render: (x) => <Text size="xs" ff="monospace">{x.documentField1}</Text> },
    { key: 'event_key', title: t('datev.log.eventKey'), render: (x) => <Text size="xs" ff="monospace">{x.eventKey}</Text> },
    { key: 'state', title: t('datev.log.state'), render: (x) => (
      <Group gap={4}>
        <StatusBadge status={tone[x.datevState] ?? x.datevState} value={x.datevState} label={t(`datev.bookingStates.${x.datevState}`)} />
        {x.datevExportId !== null && <Text size="xs" c="dimmed">#{x.datevExportId}</Text>}
      </Group>
    ) },
  ]
  const options = (values: readonly string[], prefix: string) => values.map((v) => ({ value: v, label: t(`${prefix}.${v}`) }))

  return (
    <Stack gap="md">
      <FilterPanel active={activeFilterCount(state.filters)}>
        <Group align="end" wrap="wrap">
          <Select label={t('datev.log.type')} w={160} clearable data={options(datevBookingTypes, 'datev.bookingTypes')}
            value={state.filters.booking_type ?? null} onChange={(v) => filter('booking_type', v)} data-testid="datev-filter-booking-type" />
          <Select label={t('datev.log.state')} w={150} clearable data={options(datevBookingStates, 'datev.bookingStates')}
            value={state.filters.datev_state ?? null} onChange={(v) => filter('datev_state', v)} />
          <Select label={t('datev.log.exportState')} w={160} clearable data={options(datevExportStates, 'datev.exportStates')}
            value={state.filters.datev_export_status ?? null} onChange={(v) => filter('datev_export_status', v)} />
          <TextInput type="date" label={t('datev.log.from')} w={160} onChange={(e) => filter('event_date_from', day(e.currentTarget.value))} />
          <TextInput type="date" label={t('datev.log.till')} w={160} onChange={(e) => filter('event_date_till', day(e.currentTarget.value))} />
          <TextInput label={t('datev.log.genAccount')} w={120} onChange={(e) => filter('gen_account', e.currentTarget.value.trim())} />
          <TextInput label={t('datev.log.sellerAccount')} w={120} onChange={(e) => filter('seller_account', e.currentTarget.value.trim())} />
          <TextInput label={t('datev.log.document')} w={200} onChange={(e) => filter('document_field_1', e.currentTarget.value.trim())} data-testid="datev-filter-document" />
          <Select label={t('datev.log.documentPresent')} w={170} clearable
            data={[{ value: 'true', label: t('datev.log.withOrder') }, { value: 'false', label: t('datev.log.withoutOrder') }]}
            value={state.filters.w_document_field_1_present ?? null} onChange={(v) => filter('w_document_field_1_present', v)} />
          <TextInput label={t('datev.log.eventKey')} w={150} onChange={(e) => filter('event_key', e.currentTarget.value.trim())} />
        </Group>
      </FilterPanel>
      <DataTable
        columns={columns} rows={logs.data?.list ?? []} rowKey={(x) => x.id} totalCount={logs.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={logs.isPending} searchable={false} emptyText={t('datev.log.empty')}
        caption={t('datev.log.title')}
      />
    </Stack>
  )
}

export function DatevPage() {
  const { t } = useTranslation()
  const settings = useQuery(datevSettingsQuery())
  const [tab, setTab] = useState<string | null>('exports')
  return (
    <Stack gap="lg" data-testid="datev-page">
      <Title order={2}>{t('datev.title')}</Title>
      <Text c="dimmed" size="sm">{t('datev.lead')}</Text>
      {settings.data && <SettingsCard settings={settings.data.datevSettings} />}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="exports" data-testid="datev-tab-exports">{t('datev.exports.title')}</Tabs.Tab>
          <Tabs.Tab value="log" data-testid="datev-tab-log">{t('datev.log.title')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="exports" pt="md"><ExportsPanel hasSettings={Boolean(settings.data?.datevSettings)} /></Tabs.Panel>
        <Tabs.Panel value="log" pt="md"><LogPanel /></Tabs.Panel>
      </Tabs>
    </Stack>
  )
}
