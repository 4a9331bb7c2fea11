import { ActionIcon, Button, Divider, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconTrash } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { csvExportListKinds, type CsvExportListKind } from '../../../../shared/schemas/csv-exports'
import { csvExportFrequencies, orderCsvColumns } from '../../../../shared/schemas/order-lists'
import { withHelp } from '../../../components/info-popover'
import type { ListFilters } from '../../../components/list-state'
import { Modal } from '../../../components/modal'
import { camelToSnakeKey } from '../../../lib/api-client'
import { useConfirm } from '../../../components/confirm-modal'
import { formatDateTime } from '../../../lib/format'
import { createCsvExport, csvExportsQuery, deleteCsvExport, ordersKey } from '../api/orders'

// Scheduled exports of the orders list: each mails the list with the filters it was saved with, at
// 06:00 UTC daily, weekly on a weekday or monthly on a day (1..28). New ones take the current filters.
// Any other list with a CSV (rates, transfers, invoices, tickets, payers, payouts) can be scheduled here
// too, unfiltered with all its columns (docs/decisions/0057-orders-area-remains.md).

type Frequency = (typeof csvExportFrequencies)[number]

export function ScheduledExportsDialog({ opened, onClose, filters }: { opened: boolean; onClose: () => void; filters: ListFilters }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const schedules = useQuery({ ...csvExportsQuery(), enabled: opened })
  const [frequency, setFrequency] = useState<Frequency>('weekly')
  const [day, setDay] = useState('1')
  const [separator, setSeparator] = useState<'.' | ','>('.')
  const [email, setEmail] = useState('')
  const [list, setList] = useState<CsvExportListKind>('orders')
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...ordersKey, 'csv_exports'] })
  const saved = Object.fromEntries(Object.entries(filters).filter((e): e is [string, string] => e[1] !== undefined))
  const create = useMutation({
    mutationFn: () => createCsvExport({
      list, frequency, day: frequency === 'daily' ? null : Number(day), columns: list === 'orders' ? [...orderCsvColumns] : [], decimal_separator: separator,
      filters: list === 'orders' ? saved : {},
      email: email.trim(), active: true,
    }),
    onSuccess: () => { notifications.show({ message: t('orderLists.schedules.saved'), color: 'green' }); void refresh() },
  })
  const remove = useMutation({
    mutationFn: (id: number) => deleteCsvExport(id),
    onSuccess: () => { notifications.show({ message: t('orderLists.schedules.deleted') }); void refresh() },
  })
  const { confirm, modal } = useConfirm()
  const dayChoices = frequency === 'weekly'
    ? [1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: String(d), label: t(`orderLists.schedules.weekdays.${d}`) }))
    : Array.from({ length: 28 }, (_, i) => ({ value: String(i + 1), label: t('orderLists.schedules.monthDay', { day: i + 1 }) }))
  const dayLabel = (f: string, d: number | null) => (f === 'weekly' ? t(`orderLists.schedules.weekdays.${d}`) : f === 'monthly' ? t('orderLists.schedules.monthDay', { day: d }) : '')
  const filterText = (f: Record<string, unknown>) => {
    const parts = Object.entries(f).map(([k, v]) => `${camelToSnakeKey(k)}=${String(v)}`)
    return parts.length > 0 ? parts.join(', ') : t('orderLists.schedules.noFilters')
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('orderLists.schedules.title')} size="lg">
      <Stack gap="sm" data-testid="schedules-dialog">
        {modal}
        <Text size="sm" c="dimmed">{t('orderLists.schedules.lead')}</Text>
        {schedules.data?.list.length === 0 && <Text size="sm">{t('orderLists.schedules.empty')}</Text>}
        {schedules.data?.list.map((s) => (
          <Paper key={s.id} withBorder p="sm" data-testid="schedule-row">
            <Group justify="space-between" wrap="nowrap" align="start">
              <Stack gap={2}>
                <Text size="sm" fw={500}>{t(`ordersArea.exports.lists.${s.list}`)}: {t(`orderLists.schedules.frequencies.${s.frequency}`)} {dayLabel(s.frequency, s.day)} → {s.email}</Text>
                <Text size="xs" c="dimmed">{t('orderLists.schedules.nextRun', { time: formatDateTime(s.nextRunAt, i18n.language) })}
                  {s.lastSentAt ? ` · ${t('orderLists.schedules.lastSent', { time: formatDateTime(s.lastSentAt, i18n.language) })}` : ''}</Text>
                <Text size="xs" c="dimmed">{t('orderLists.schedules.filters', { filters: filterText(s.filters) })} · {s.decimalSeparator}</Text>
              </Stack>
              <ActionIcon variant="subtle" color="red" aria-label={t('orderLists.schedules.delete')} onClick={() => confirm({ name: `${t(`orderLists.schedules.frequencies.${s.frequency}`)} → ${s.email}`, onConfirm: () => remove.mutate(s.id) })} loading={remove.isPending && remove.variables === s.id} data-testid="schedule-remove">
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Paper>
        ))}
        <Divider />
        <Group align="end" wrap="wrap">
          <Select
            label={t('ordersArea.exports.list')} w={150} allowDeselect={false} value={list} data-testid="schedule-list"
            data={csvExportListKinds.map((k) => ({ value: k, label: t(`ordersArea.exports.lists.${k}`) }))} onChange={(v) => v && setList(v as CsvExportListKind)}
          />
          <Select
            label={t('orderLists.schedules.frequency')} {...withHelp(t('orderLists.schedules.frequency'), t('help.csvFrequency'), 'help-csv-frequency')} w={170} allowDeselect={false} value={frequency}
            data={csvExportFrequencies.map((f) => ({ value: f, label: t(`orderLists.schedules.frequencies.${f}`) }))}
            onChange={(v) => { if (v) { setFrequency(v as Frequency); setDay('1') } }} data-testid="schedule-frequency"
          />
          {frequency !== 'daily' && <Select label={t('orderLists.schedules.day')} {...withHelp(t('orderLists.schedules.day'), t('help.csvDay'), 'help-csv-day')} w={220} allowDeselect={false} value={day} data={dayChoices} onChange={(v) => v && setDay(v)} />}
          <Select
            label={t('orderLists.csv.decimalSeparator')} {...withHelp(t('orderLists.csv.decimalSeparator'), t('help.csvDecimalSeparator'), 'help-csv-decimal-separator')} w={180} allowDeselect={false} value={separator}
            data={[{ value: '.', label: t('orderLists.csv.point') }, { value: ',', label: t('orderLists.csv.comma') }]} onChange={(v) => setSeparator(v === ',' ? ',' : '.')}
          />
          <TextInput label={t('orderLists.schedules.email')} type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} w={240} data-testid="schedule-email" />
          <Button onClick={() => create.mutate()} loading={create.isPending} disabled={email.trim() === ''} data-testid="schedule-add">{t('orderLists.schedules.add')}</Button>
        </Group>
      </Stack>
    </Modal>
  )
}
