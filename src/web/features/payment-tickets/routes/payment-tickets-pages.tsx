import { Anchor, Box, Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { IconCircleCheck, IconCircleX, IconDownload, IconScan } from '@tabler/icons-react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useCallback, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ticketStates } from '../../../../shared/states/payment-ticket'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { initialListState, withFilter, type ListState } from '../../../components/list-state'
import { StatusBadge } from '../../../components/status-badge'
import { isApiError } from '../../../lib/api-client'
import { dayBound, formatDateTime, money } from '../../../lib/format'
import { checkInTicket, exportTicketsCsv, overviewQuery, ticketListQuery, type CheckedIn, type SellerPaymentTicket } from '../api/payment-tickets'
import { QrScanner } from '../components/qr-scanner'

// The seller's payment tickets: /cabinet/payment_tickets/overview (per event and ticket type),
// /cabinet/payment_tickets/details (every ticket, filters, CSV) and /cabinet/payment_tickets/check_in
// (camera or typed code, one big green or red answer).

function Tabs({ current }: { current: 'overview' | 'details' | 'check_in' }) {
  const { t } = useTranslation()
  const tabs = [
    { key: 'overview', to: '/cabinet/payment_tickets/overview' },
    { key: 'details', to: '/cabinet/payment_tickets/details' },
    { key: 'check_in', to: '/cabinet/payment_tickets/check_in' },
  ] as const
  return (
    <Group gap="xs">
      {tabs.map((tab) => (
        <Button key={tab.key} component={Link} to={tab.to} size="xs" variant={tab.key === current ? 'filled' : 'default'} leftSection={tab.key === 'check_in' ? <IconScan size={14} /> : undefined}>
          {t(`paymentTickets.tabs.${tab.key}`)}
        </Button>
      ))}
    </Group>
  )
}

export function PaymentTicketsOverviewPage() {
  const { t, i18n } = useTranslation()
  const overview = useQuery(overviewQuery())
  const rows = overview.data?.list ?? []
  return (
    <Stack gap="lg" data-testid="payment-tickets-overview">
      <Title order={2}>{t('paymentTickets.title')}</Title>
      <Tabs current="overview" />
      {!overview.isPending && rows.length === 0 && <Text c="dimmed">{t('paymentTickets.overview.empty')}</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                {(['event', 'ticket', 'date', 'sold', 'unused', 'used', 'refunded', 'expired', 'invalidated'] as const).map((c) => (
                  <Table.Th key={c}>{t(`paymentTickets.overview.columns.${c}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.ticketId} data-testid="overview-row" data-ticket-id={r.ticketId}>
                  <Table.Td>{r.productName}</Table.Td>
                  <Table.Td>
                    <Anchor href={`/cabinet/payment_tickets/details?ticket_id=${r.ticketId}`} size="sm">{r.ticketName}</Anchor>
                    {r.location && <Text size="xs" c="dimmed">{r.location}</Text>}
                  </Table.Td>
                  <Table.Td>{r.eventDate ? formatDateTime(r.eventDate, i18n.language) : '–'}</Table.Td>
                  <Table.Td data-testid="overview-sold">{r.limit === null ? r.sold : `${r.sold} / ${r.limit}`}</Table.Td>
                  <Table.Td data-testid="overview-unused">{r.unused}</Table.Td>
                  <Table.Td data-testid="overview-used">{r.used}</Table.Td>
                  <Table.Td>{r.refunded}</Table.Td>
                  <Table.Td>{r.expired}</Table.Td>
                  <Table.Td>{r.invalidated}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  )
}

export function PaymentTicketsDetailsPage() {
  const { t, i18n } = useTranslation()
  const [state, setState] = useState<ListState>(() => {
    // The overview links here with ?ticket_id=...
    const ticketId = new URLSearchParams(window.location.search).get('ticket_id')
    return initialListState(ticketId && /^\d+$/.test(ticketId) ? { filters: { ticket_id: ticketId } } : {})
  })
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(ticketListQuery(state))
  const overview = useQuery(overviewQuery())
  const exporting = useMutation({ mutationFn: () => exportTicketsCsv(state) })
  const products = [...new Map((overview.data?.list ?? []).map((r) => [r.productId, r.productName])).entries()]
  const ticketTypes = (overview.data?.list ?? []).filter((r) => !state.filters.product_id || String(r.productId) === state.filters.product_id)
  const filter = (key: string, value: string | null | undefined) => setState((s) => withFilter(s, key, value ?? undefined))

  const columns: DataTableColumn<SellerPaymentTicket>[] = [
    { key: 'id', title: t('paymentTickets.details.columns.id'), sortable: true, width: 70, render: (x) => x.id },
    {
      key: 'code', title: t('paymentTickets.details.columns.code'), render: (x) => (
        <Stack gap={0} data-testid="ticket-row" data-code={x.code} data-state={x.state}>
          <Anchor href={x.pdfUrl} target="_blank" rel="noreferrer" size="xs" ff="monospace">{x.code}</Anchor>
        </Stack>
      ),
    },
    {
      key: 'ticket', title: t('paymentTickets.details.columns.ticket'), render: (x) => (
        <Stack gap={0}><Text size="sm">{x.productName}</Text><Text size="xs" c="dimmed">{x.ticketName}</Text></Stack>
      ),
    },
    { key: 'event_date', title: t('paymentTickets.details.columns.eventDate'), sortable: true, render: (x) => (x.eventDate ? formatDateTime(x.eventDate, i18n.language) : '–') },
    {
      key: 'attendee', title: t('paymentTickets.details.columns.attendee'), render: (x) => (
        <Stack gap={0}><Text size="sm">{x.attendeeName ?? x.payerName}</Text><Text size="xs" c="dimmed">{x.attendeeEmail ?? x.payerEmail}</Text></Stack>
      ),
    },
    { key: 'price', title: t('paymentTickets.details.columns.price'), render: (x) => (x.isFree ? t('paymentTickets.details.free') : money(x.price, x.currency)) },
    { key: 'state', title: t('paymentTickets.details.columns.state'), sortable: true, render: (x) => <StatusBadge status={x.state} label={t(`paymentTickets.states.${x.state}`)} /> },
    { key: 'used_at', title: t('paymentTickets.details.columns.usedAt'), render: (x) => (x.usedAt ? formatDateTime(x.usedAt, i18n.language) : '–') },
    { key: 'created_at', title: t('paymentTickets.details.columns.createdAt'), sortable: true, render: (x) => formatDateTime(x.createdAt, i18n.language) },
  ]

  return (
    <Stack gap="lg" data-testid="payment-tickets-details">
      <Group justify="space-between">
        <Title order={2}>{t('paymentTickets.title')}</Title>
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporting.isPending} onClick={() => exporting.mutate()} data-testid="export-csv">
          {t('paymentTickets.details.export')}
        </Button>
      </Group>
      <Tabs current="details" />
      <Group align="end" wrap="wrap">
        <Select
          label={t('paymentTickets.details.filters.product')} placeholder={t('paymentTickets.details.filters.all')} clearable w={220}
          value={state.filters.product_id ?? null} data={products.map(([id, name]) => ({ value: String(id), label: name }))}
          onChange={(v) => setState((s) => withFilter(withFilter(s, 'ticket_id', undefined), 'product_id', v ?? undefined))}
        />
        <Select
          label={t('paymentTickets.details.filters.ticket')} placeholder={t('paymentTickets.details.filters.all')} clearable w={200}
          value={state.filters.ticket_id ?? null} data={ticketTypes.map((r) => ({ value: String(r.ticketId), label: `${r.ticketName} (${r.productName})` }))}
          onChange={(v) => filter('ticket_id', v)}
        />
        <Select
          label={t('paymentTickets.details.filters.state')} placeholder={t('paymentTickets.details.filters.all')} clearable w={170}
          value={state.filters.state ?? null} data={ticketStates.map((s) => ({ value: s, label: `${t(`paymentTickets.states.${s}`)}${list.data?.counts ? ` (${list.data.counts[s] ?? 0})` : ''}` }))}
          onChange={(v) => filter('state', v)} data-testid="filter-state"
        />
        <TextInput type="date" label={t('paymentTickets.details.filters.eventFrom')} w={170} onChange={(e) => filter('event_from_time', dayBound(e.currentTarget.value, false))} />
        <TextInput type="date" label={t('paymentTickets.details.filters.eventTill')} w={170} onChange={(e) => filter('event_till_time', dayBound(e.currentTarget.value, true))} />
      </Group>
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(x) => x.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching}
        searchLabel={t('paymentTickets.details.search')} emptyText={t('paymentTickets.details.empty')}
      />
    </Stack>
  )
}

type Outcome =
  | { kind: 'admitted'; ticket: CheckedIn }
  | { kind: 'already_used'; usedAt: string | null; attendee: string | null; ticketName: string | null }
  | { kind: 'not_valid'; state: string; attendee: string | null }
  | { kind: 'not_found' }

export function CheckInPage() {
  const { t, i18n } = useTranslation()
  const [code, setCode] = useState('')
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const checking = useMutation({
    mutationFn: (value: string) => checkInTicket(value),
    onSuccess: (ticket) => setOutcome({ kind: 'admitted', ticket }),
    onError: (error) => {
      if (!isApiError(error)) return setOutcome({ kind: 'not_found' })
      const text = (key: string) => (typeof error.details[key] === 'string' ? (error.details[key] as string) : null)
      if (error.type === 'already_used') setOutcome({ kind: 'already_used', usedAt: text('used_at'), attendee: text('attendee_name'), ticketName: text('ticket_name') })
      else if (error.type === 'ticket_not_valid') setOutcome({ kind: 'not_valid', state: text('state') ?? '', attendee: text('attendee_name') })
      else setOutcome({ kind: 'not_found' })
    },
  })
  const submit = (value: string) => {
    const trimmed = value.trim()
    if (!trimmed || checking.isPending) return
    setOutcome(null)
    checking.mutate(trimmed)
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    submit(code)
  }
  const ok = outcome?.kind === 'admitted'

  return (
    <Stack gap="lg" data-testid="check-in-page" maw={640}>
      <Title order={2}>{t('paymentTickets.checkIn.title')}</Title>
      <Tabs current="check_in" />
      <Text c="dimmed" size="sm">{t('paymentTickets.checkIn.lead')}</Text>
      <QrScanner onCode={(scanned) => { setCode(scanned); submit(scanned) }} />
      <form onSubmit={onSubmit}>
        <Group align="end">
          <TextInput
            label={t('paymentTickets.checkIn.code')} value={code} onChange={(e) => setCode(e.currentTarget.value)} autoComplete="off" autoCapitalize="off"
            spellCheck={false} style={{ flex: 1 }} ff="monospace" data-testid="check-in-code"
          />
          <Button type="submit" loading={checking.isPending} data-testid="check-in-submit">{t('paymentTickets.checkIn.submit')}</Button>
        </Group>
      </form>
      {outcome && (
        <Paper
          p="xl" radius="md" c="white" bg={ok ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-red-7)'} role="status" aria-live="assertive"
          data-testid="check-in-result" data-result={outcome.kind}
        >
          <Group wrap="nowrap" align="center">
            {ok ? <IconCircleCheck size={72} aria-hidden /> : <IconCircleX size={72} aria-hidden />}
            <Box>
              <Text fz={32} fw={800} lh={1.1}>{t(`paymentTickets.checkIn.result.${outcome.kind}`)}</Text>
              {outcome.kind === 'admitted' && (
                <Text fz="lg">{outcome.ticket.attendeeName} · {outcome.ticket.ticketName} · {outcome.ticket.productName}</Text>
              )}
              {outcome.kind === 'already_used' && (
                <Text fz="lg" data-testid="check-in-first-use">
                  {t('paymentTickets.checkIn.firstUsedAt', { time: outcome.usedAt ? formatDateTime(outcome.usedAt, i18n.language) : '–' })}
                  {outcome.attendee ? ` · ${outcome.attendee}` : ''}
                </Text>
              )}
              {outcome.kind === 'not_valid' && (
                <Text fz="lg">{t('paymentTickets.checkIn.stateIs', { state: t(`paymentTickets.states.${outcome.state}`, { defaultValue: outcome.state }) })}</Text>
              )}
            </Box>
          </Group>
        </Paper>
      )}
    </Stack>
  )
}
