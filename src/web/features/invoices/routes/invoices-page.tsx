import { Anchor, Button, Card, Group, NumberInput, SegmentedControl, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconDownload } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { parseMoneyInput } from '../../../../shared/money'
import { invoiceKinds } from '../../../../shared/schemas/invoices'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { FilterPanel, activeFilterCount } from '../../../components/filter-panel'
import { errorText } from '../../../components/form-error'
import { initialListState, withFilter, type ListState } from '../../../components/list-state'
import { dayBound, formatDateTime, money } from '../../../lib/format'
import {
  exportInvoicesCsv, invoiceListQuery, invoiceSettingsQuery, openInvoicePdf, saveInvoiceSettings, type Invoice, type InvoiceSettings,
} from '../api/invoices'

// /cabinet/invoices: invoices of paid charges and reversal (cancellation) invoices of refunds (docs/reference/readings.md
// 10), with the spec's filters, counts per kind, the CSV, each PDF, and the numbering settings card.

function SettingsCard() {
  const { t, i18n } = useTranslation()
  const client = useQueryClient()
  const settings = useQuery(invoiceSettingsQuery())
  const [form, setForm] = useState<{ prefix: string; startNumber: number; footer: string; emailToPayer: boolean } | null>(null)
  useEffect(() => {
    if (settings.data && form === null) {
      const s: InvoiceSettings = settings.data
      setForm({ prefix: s.prefix, startNumber: s.startNumber, footer: s.footer ?? '', emailToPayer: s.emailToPayer })
    }
  }, [settings.data, form])
  const saving = useMutation({
    mutationFn: () => saveInvoiceSettings({ prefix: form!.prefix, start_number: form!.startNumber, footer: form!.footer || null, email_to_payer: form!.emailToPayer }),
    onSuccess: (saved) => {
      client.setQueryData(invoiceSettingsQuery().queryKey, saved)
      setForm({ prefix: saved.prefix, startNumber: saved.startNumber, footer: saved.footer ?? '', emailToPayer: saved.emailToPayer })
      notifications.show({ color: 'green', autoClose: 4000, message: t('invoices.settings.saved') })
    },
  })
  if (!settings.data || !form) return null
  return (
    <Card withBorder padding="lg" radius="md" data-testid="invoice-settings">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="lg">{t('invoices.settings.title')}</Title>
          <Text size="sm" c="dimmed" data-testid="next-invoice-number">{t('invoices.settings.next', { number: settings.data.nextInvoiceNumber })}</Text>
        </Group>
        <Group align="end" wrap="wrap">
          <TextInput label={t('invoices.settings.prefix')} value={form.prefix} w={160} onChange={(e) => setForm({ ...form, prefix: e.currentTarget.value })} data-testid="invoice-prefix" />
          <NumberInput
            label={t('invoices.settings.startNumber')} description={t('invoices.settings.startHint', { min: settings.data.minStartNumber })} value={form.startNumber}
            min={1} allowDecimal={false} w={200} onChange={(v) => setForm({ ...form, startNumber: typeof v === 'number' ? v : Number(v) || 1 })} data-testid="invoice-start"
          />
          <Switch label={t('invoices.settings.emailToPayer')} checked={form.emailToPayer} onChange={(e) => setForm({ ...form, emailToPayer: e.currentTarget.checked })} />
        </Group>
        <Textarea label={t('invoices.settings.footer')} value={form.footer} autosize minRows={2} maxLength={500} onChange={(e) => setForm({ ...form, footer: e.currentTarget.value })} />
        {saving.isError && <Text c="red" size="sm" role="alert">{errorText(saving.error, i18n.language, t('invoices.settings.failed'))}</Text>}
        <Group><Button onClick={() => saving.mutate()} loading={saving.isPending} data-testid="invoice-settings-save">{t('invoices.settings.save')}</Button></Group>
      </Stack>
    </Card>
  )
}

export function InvoicesPage() {
  const { t, i18n } = useTranslation()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(invoiceListQuery(state))
  const exporting = useMutation({ mutationFn: () => exportInvoicesCsv(state) })
  const opening = useMutation({ mutationFn: (id: number) => openInvoicePdf(id) })
  const filter = (key: string, value: string | null | undefined) => setState((s) => withFilter(s, key, value ?? undefined))
  const amountFilter = (key: string, text: string) => {
    const minor = parseMoneyInput(text, 'eur')
    filter(key, minor === null ? undefined : String(Math.abs(minor)))
  }
  const counts = list.data?.counts

  const columns: DataTableColumn<Invoice>[] = [
    { key: 'number', title: t('invoices.columns.number'), sortable: true, render: (x) => (
      <Anchor component="button" type="button" size="sm" onClick={() => opening.mutate(x.id)} data-testid="invoice-row" data-number={x.number} data-kind={x.kind}>{x.number}</Anchor>
    ) },
    { key: 'kind', title: t('invoices.columns.kind'), render: (x) => (
      <Stack gap={0}>
        <Text size="sm">{t(`invoices.kinds.${x.kind}`)}</Text>
        {x.reversedInvoiceNumber && <Text size="xs" c="dimmed">{t('invoices.reverses', { number: x.reversedInvoiceNumber })}</Text>}
      </Stack>
    ) },
    { key: 'issued_at', title: t('invoices.columns.issuedAt'), sortable: true, render: (x) => formatDateTime(x.issuedAt, i18n.language) },
    { key: 'order', title: t('invoices.columns.order'), render: (x) => `#${x.orderId}` },
    { key: 'product', title: t('invoices.columns.product'), render: (x) => x.productName },
    { key: 'payer', title: t('invoices.columns.payer'), render: (x) => <Stack gap={0}><Text size="sm">{x.payerName}</Text><Text size="xs" c="dimmed">{x.payerEmail}</Text></Stack> },
    { key: 'net', title: t('invoices.columns.net'), render: (x) => money(x.netAmount, x.currency) },
    { key: 'vat', title: t('invoices.columns.vat'), render: (x) => money(x.vatAmount, x.currency) },
    { key: 'gross_amount', title: t('invoices.columns.gross'), sortable: true, render: (x) => <Text size="sm" fw={500} data-testid="invoice-gross">{money(x.grossAmount, x.currency)}</Text> },
    { key: 'pdf', title: '', render: (x) => <Button size="compact-xs" variant="subtle" onClick={() => opening.mutate(x.id)}>PDF</Button> },
  ]

  return (
    <Stack gap="lg" data-testid="invoices-page">
      <Group justify="space-between">
        <Title order={2}>{t('invoices.title')}</Title>
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporting.isPending} onClick={() => exporting.mutate()} data-testid="export-csv">
          {t('invoices.export')}
        </Button>
      </Group>
      <Text c="dimmed" size="sm">{t('invoices.lead')}</Text>
      <SettingsCard />
      <SegmentedControl
        value={state.filters.kind ?? 'all'} onChange={(v) => filter('kind', v === 'all' ? undefined : v)} data-testid="filter-kind" w="fit-content"
        data={[
          { value: 'all', label: `${t('invoices.filters.all')}${counts ? ` (${Object.values(counts).reduce((a, b) => a + b, 0)})` : ''}` },
          ...invoiceKinds.map((k) => ({ value: k, label: `${t(`invoices.kinds.${k}`)}${counts ? ` (${counts[k] ?? 0})` : ''}` })),
        ]}
      />
      <FilterPanel active={activeFilterCount(state.filters, ['kind'])}>
        <Group align="end" wrap="wrap">
          <TextInput label={t('invoices.filters.number')} w={150} onChange={(e) => filter('invoice_number', e.currentTarget.value.trim())} data-testid="filter-number" />
          <TextInput label={t('invoices.filters.orderId')} w={110} onChange={(e) => filter('order_id', /^\d+$/.test(e.currentTarget.value) ? e.currentTarget.value : undefined)} />
          <TextInput label={t('invoices.filters.productId')} w={110} onChange={(e) => filter('product_id', /^\d+$/.test(e.currentTarget.value) ? e.currentTarget.value : undefined)} />
          <TextInput type="date" label={t('invoices.filters.from')} w={160} onChange={(e) => filter('invoice_created_from', dayBound(e.currentTarget.value, false))} />
          <TextInput type="date" label={t('invoices.filters.till')} w={160} onChange={(e) => filter('invoice_created_till', dayBound(e.currentTarget.value, true))} />
          <TextInput label={t('invoices.filters.amountFrom')} w={120} onBlur={(e) => amountFilter('amount_from', e.currentTarget.value)} />
          <TextInput label={t('invoices.filters.amountTo')} w={120} onBlur={(e) => amountFilter('amount_to', e.currentTarget.value)} />
        </Group>
      </FilterPanel>
      {opening.isError && <Text c="red" size="sm" role="alert">{errorText(opening.error, i18n.language, t('invoices.pdfFailed'))}</Text>}
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(x) => x.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching}
        searchLabel={t('invoices.search')} emptyText={t('invoices.empty')}
      />
    </Stack>
  )
}
